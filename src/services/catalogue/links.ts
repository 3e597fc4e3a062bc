import type { Bachelor, PracticalTraining, ProgramType } from "./schemas";
import type { Program, Seminar } from "./build";

/** Base route of each program type (spec 2.2). */
const programTypeRoute: Record<ProgramType, string> = {
  Profession: "/professions",
  Course: "/courses",
  ShortTerm: "/shortTerm",
};

/** The literal segment used when a program has no study field (spec 2.2). */
export const MISSING_STUDY_FIELD = "studyfield";

export function programHref(program: Pick<Program, "type" | "slug" | "studyFieldSlug">): string {
  return `${programTypeRoute[program.type]}/${program.studyFieldSlug ?? MISSING_STUDY_FIELD}/${program.slug}`;
}

export const studyFieldHref = (slug: string) => `/programs/${slug}`;
export const bachelorHref = (bachelor: Pick<Bachelor, "slug">) => `/bachelor/${bachelor.slug}`;
export const practicalTrainingHref = (training: Pick<PracticalTraining, "slug">) =>
  `/practical-training/${training.slug}`;
export const seminarHref = (seminar: Pick<Seminar, "slug" | "studyFieldSlug">) =>
  `/seminars/${seminar.studyFieldSlug}/${seminar.slug}`;
export const liveCourseHref = (slug: string) => `/live-courses/${slug}`;
export const articleHref = (slug: string) => `/journal/${slug}`;
/** A teacher on /teachers (their card there has their slug as id), with the programs they teach. */
export const teacherHref = (teacher: { slug: string }) => `/teachers#${teacher.slug}`;
