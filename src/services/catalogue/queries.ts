import type { Catalogue, Program } from "./build";
import { countFigures } from "./figures";
import { MISSING_STUDY_FIELD } from "./links";
import { derived } from "./repository";
import type { ProgramType } from "./schemas";

/** The figures the site states about itself (figures.ts), once per content version. */
export const figures = derived(countFigures);

/** Look-ups over one catalogue snapshot, built once per content version. */
export const indexes = derived((catalogue: Catalogue) => {
  const byId = <T extends { id: string }>(items: T[]) => new Map(items.map((item) => [item.id, item]));
  const bySlug = <T extends { slug: string }>(items: T[]) => new Map(items.map((item) => [item.slug, item]));
  const programKey = (type: string, field: string, slug: string) => `${type}/${field}/${slug}`;
  const programs = new Map<string, Program>();
  for (const program of catalogue.programs) {
    programs.set(programKey(program.type, program.studyFieldSlug ?? MISSING_STUDY_FIELD, program.slug), program);
  }
  const reviewsByProgram = new Map<string, Catalogue["reviews"]>();
  const reviewsByBachelor = new Map<string, Catalogue["reviews"]>();
  for (const review of catalogue.reviews) {
    if (review.programId) reviewsByProgram.set(review.programId, [...(reviewsByProgram.get(review.programId) ?? []), review]);
    if (review.bachelorId) reviewsByBachelor.set(review.bachelorId, [...(reviewsByBachelor.get(review.bachelorId) ?? []), review]);
  }
  return {
    program: (type: ProgramType, field: string, slug: string) => programs.get(programKey(type, field, slug)),
    programById: byId(catalogue.programs),
    teacherById: byId(catalogue.teachers),
    studyField: bySlug(catalogue.studyFields),
    bachelor: bySlug(catalogue.bachelors),
    bachelorById: byId(catalogue.bachelors),
    practicalTraining: bySlug(catalogue.practicalTrainings),
    seminar: bySlug(catalogue.seminars),
    seminarById: byId(catalogue.seminars),
    liveCourse: bySlug(catalogue.liveCourses),
    article: bySlug(catalogue.journal),
    reviewsByProgram,
    reviewsByBachelor,
  };
});

/** Seminars still ahead, soonest first (spec 3: only future ones are kept). */
export function upcomingSeminars(catalogue: Catalogue, now: number) {
  return catalogue.seminars.filter((s) => Date.parse(s.targetDate) > now).sort((a, b) => a.targetDate.localeCompare(b.targetDate));
}

/** The teachers of a list of ids, in that order; ids without a teacher are skipped. */
export function teachersOf(catalogue: Catalogue, ids: readonly string[]) {
  const byId = indexes(catalogue).teacherById;
  return ids.map((id) => byId.get(id)).filter((teacher) => teacher !== undefined);
}
