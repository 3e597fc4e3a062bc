import * as z from "zod/mini";
import { type BuiltCatalogue, type Catalogue, PROGRAM_DETAIL_FIELDS, type ProgramDetails } from "./build";
import { documentSchema, pagesSchema } from "./institute-schemas";
import {
  articleSchema, bachelorSchema, liveCourseSourceSchema, partnerSchema, practicalTrainingSchema, programSchema, reviewSchema,
  seminarSourceSchema, siteSchema, studyFieldSchema, teacherSchema, vacancySchema, webinarSourceSchema,
} from "./schemas";

const isoInstant = z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), "дата и время в формате ISO"));

const detailFields = Object.fromEntries(PROGRAM_DETAIL_FIELDS.map((field) => [field, true])) as Record<(typeof PROGRAM_DETAIL_FIELDS)[number], true>;

/** A program's details as `content:push` writes them beside the snapshot (decision 013). */
export const programDetailsSchema = z.pick(programSchema, detailFields);

/**
 * The snapshot `content:push` writes: the content schemas with relative dates resolved (build.ts).
 * The Worker checks what it reads from KV against it, so a broken or foreign value never reaches a page.
 */
export const catalogueSnapshotSchema = z.object({
  version: z.string().check(z.minLength(1)),
  builtAt: isoInstant,
  site: siteSchema,
  studyFields: z.array(studyFieldSchema),
  programs: z.array(
    z.extend(z.omit(programSchema, { startsInDays: true, ...detailFields }), {
      startDate: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
    }),
  ),
  bachelors: z.array(bachelorSchema),
  practicalTrainings: z.array(practicalTrainingSchema),
  seminars: z.array(z.extend(z.omit(seminarSourceSchema, { startsInDays: true }), { targetDate: isoInstant })),
  liveCourses: z.array(z.extend(z.omit(liveCourseSourceSchema, { startsInDays: true }), { startDate: isoInstant })),
  webinars: z.array(z.extend(z.omit(webinarSourceSchema, { startsInDays: true }), { date: isoInstant })),
  teachers: z.array(teacherSchema),
  reviews: z.array(reviewSchema),
  journal: z.array(articleSchema),
  vacancies: z.array(vacancySchema),
  partners: z.array(partnerSchema),
  pages: pagesSchema,
  documents: z.array(documentSchema),
});

export class InvalidSnapshotError extends Error {
  override name = "InvalidSnapshotError";
}

/** The snapshot of `version` as read from KV (text), or why it cannot be served. */
export function parseSnapshot(text: string, version: string): Catalogue {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new InvalidSnapshotError(`catalogue:${version} is not JSON: ${String(error)}`);
  }
  const result = catalogueSnapshotSchema.safeParse(data);
  if (!result.success) {
    const issues = result.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".") || "(snapshot)"}: ${issue.message}`);
    throw new InvalidSnapshotError(`catalogue:${version} does not match the snapshot schema: ${issues.join("; ")}`);
  }
  if (result.data.version !== version) {
    throw new InvalidSnapshotError(`catalogue:${version} holds version ${result.data.version}`);
  }
  return result.data satisfies Catalogue;
}

/** The catalogue as KV keeps it: the snapshot every request shares, and each program's details apart. */
export function splitCatalogue(built: BuiltCatalogue): { catalogue: Catalogue; details: Array<{ programId: string; details: ProgramDetails }> } {
  const details = built.programs.map((program) => ({
    programId: program.id,
    details: Object.fromEntries(PROGRAM_DETAIL_FIELDS.map((field) => [field, program[field]])) as ProgramDetails,
  }));
  const programs = built.programs.map((program) => {
    const summary: Record<string, unknown> = { ...program };
    for (const field of PROGRAM_DETAIL_FIELDS) delete summary[field];
    return summary as Catalogue["programs"][number];
  });
  return { catalogue: { ...built, programs }, details };
}

/** A program's details as read from KV (text), or why they cannot be shown. */
export function parseProgramDetails(text: string, key: string): ProgramDetails {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new InvalidSnapshotError(`${key} is not JSON: ${String(error)}`);
  }
  const result = programDetailsSchema.safeParse(data);
  if (!result.success) {
    const issues = result.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".") || "(details)"}: ${issue.message}`);
    throw new InvalidSnapshotError(`${key} does not match the program details schema: ${issues.join("; ")}`);
  }
  return result.data;
}
