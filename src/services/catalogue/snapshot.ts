import * as z from "zod/mini";
import { sha256Hex } from "../digest";
import { type ArticleBody, type BuiltCatalogue, type Catalogue, PROGRAM_DETAIL_FIELDS, type ProgramDetails } from "./build";
import { documentSchema, pagesSchema } from "./institute-schemas";
import { articleMinutes } from "./journal";
import { articleBodyKey } from "./keys";
import { isolateSlot } from "../isolate";
import {
  articleSchema, bachelorSchema, liveCourseSourceSchema, partnerSchema, practicalTrainingSchema, programSchema, reviewSchema,
  seminarSourceSchema, siteSchema, studyFieldSchema, teacherSchema, vacancySchema, webinarSourceSchema,
} from "./schemas";

const isoInstant = z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), "дата и время в формате ISO"));

const detailFields = Object.fromEntries(PROGRAM_DETAIL_FIELDS.map((field) => [field, true])) as Record<(typeof PROGRAM_DETAIL_FIELDS)[number], true>;

/** A program's details as `content:push` writes them beside the snapshot (decision 013). */
const programDetailsSchema = z.pick(programSchema, detailFields);

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
  // a snapshot of schema 3 or older holds each article's text and no minutes: read, then made this shape (parseSnapshot)
  journal: z.array(
    z
      .extend(z.omit(articleSchema, { body: true }), { minutes: z.optional(z.number().check(z.int(), z.positive())), body: z.optional(articleSchema.shape.body) })
      .check(z.refine((article) => article.minutes !== undefined || article.body !== undefined, "у статьи нет ни минут чтения, ни текста")),
  ),
  vacancies: z.array(vacancySchema),
  partners: z.array(partnerSchema),
  pages: pagesSchema,
  documents: z.array(z.omit(documentSchema, { body: true })),
});

/**
 * The version of the snapshot's schema above. Change it with the schema: a unit test
 * (snapshot-seal.test.ts) keeps the schema's fingerprint and fails until both are changed together.
 */
export const SNAPSHOT_SCHEMA_VERSION = 9;

/**
 * What `content:push` says of a snapshot it validated (decision 043), kept as the KV entry's
 * metadata so it arrives with the value in one read: the schema it was validated against and the
 * SHA-256 of the text as written.
 */
export interface SnapshotSeal {
  schema: number;
  sha256: string;
}

/** The seal of the current snapshot's copy (CURRENT_CATALOGUE_KEY), which says whose copy it is. */
export interface CurrentSnapshotSeal extends SnapshotSeal {
  version: string;
}

/** Whether the current snapshot's copy, read with its metadata, is the snapshot of `version`. */
export const isCopyOf = (metadata: unknown, version: string): boolean =>
  typeof metadata === "object" && metadata !== null && (metadata as Partial<CurrentSnapshotSeal>).version === version;

export class InvalidSnapshotError extends Error {
  override name = "InvalidSnapshotError";
}

/** The seal of a snapshot's text that the push has validated. */
export const sealOf = async (text: string): Promise<SnapshotSeal> => ({ schema: SNAPSHOT_SCHEMA_VERSION, sha256: await sha256Hex(text) });

/** Whether `seal` vouches for `text`: written by a push that validated it against this schema, and unchanged since. */
async function vouchesFor(seal: unknown, text: string): Promise<boolean> {
  if (typeof seal !== "object" || seal === null) return false;
  const { schema, sha256 } = seal as Partial<SnapshotSeal>;
  return schema === SNAPSHOT_SCHEMA_VERSION && typeof sha256 === "string" && sha256 === (await sha256Hex(text));
}

/**
 * The snapshot of `version` as read from KV (text, and the entry's metadata), or why it cannot be
 * served. A snapshot sealed by the push against this schema and unchanged is not validated again
 * (a fresh isolate's first page would spend tens of milliseconds on it, issue #18); anything else
 * (written by hand, by an older push, or altered) is checked against the schema in full.
 */
export async function parseSnapshot(text: string, version: string, seal?: unknown): Promise<Catalogue> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new InvalidSnapshotError(`catalogue:${version} is not JSON: ${String(error)}`);
  }
  if (await vouchesFor(seal, text)) {
    const catalogue = data as Catalogue;
    if (catalogue.version !== version) throw new InvalidSnapshotError(`catalogue:${version} holds version ${catalogue.version}`);
    return catalogue;
  }
  const result = catalogueSnapshotSchema.safeParse(upgradeOlderSite(data));
  if (!result.success) {
    const issues = result.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".") || "(snapshot)"}: ${issue.message}`);
    throw new InvalidSnapshotError(`catalogue:${version} does not match the snapshot schema: ${issues.join("; ")}`);
  }
  if (result.data.version !== version) {
    throw new InvalidSnapshotError(`catalogue:${version} holds version ${result.data.version}`);
  }
  // an older push's articles (schema 3 or before) hold their texts and no minutes: the minutes are
  // counted here, and the texts kept for their pages, since KV has no entry of their own for that version
  const texts = olderTexts();
  const journal = result.data.journal.map(({ body, minutes, ...article }) => {
    if (body) texts.set(articleBodyKey(version, article.id), body);
    return { ...article, minutes: minutes ?? articleMinutes({ title: article.title, body: body ?? [] }) };
  });
  return { ...result.data, journal } satisfies Catalogue;
}

/** The discount bar's cover before schema 5, which did not say it: the programs' pages, in its old words. */
const OLDER_DISCOUNT_COVERS = { text: "на все программы и курсы", pages: ["/", "/programs", "/professions", "/courses", "/shortTerm", "/search"] };

/**
 * A snapshot pushed before schema 5 in this schema's shape: its two readings of the admissions
 * hours ({footer, header}) become the one the header gave («Пн–Сб 9:00–19:00»), and the discount
 * covers what its bar said. Anything else is left for the schema to judge.
 */
function upgradeOlderSite(data: unknown): unknown {
  if (!data || typeof data !== "object" || !("site" in data) || !data.site || typeof data.site !== "object") return data;
  const site = data.site as Record<string, unknown>;
  const hours = site.admissionsHours as { header?: unknown } | undefined;
  const older = typeof hours?.header === "string" ? /^(.+?)\s+(\d{1,2}):(\d\d)\s*[–-]\s*(\d{1,2}):(\d\d)$/.exec(hours.header) : null;
  const pad = (hour: string) => hour.padStart(2, "0");
  return {
    ...data,
    site: {
      ...site,
      ...(older ? { admissionsHours: { days: older[1], opens: `${pad(older[2]!)}:${older[3]}`, closes: `${pad(older[4]!)}:${older[5]}` } } : {}),
      ...(site.discountCovers === undefined ? { discountCovers: OLDER_DISCOUNT_COVERS } : {}),
    },
  };
}

/**
 * The article texts of snapshots pushed before schema 4, which carried them: such a version has no
 * `article:` entries in KV (a deploy before its push, or a rollback to it). Only texts of versions
 * this isolate has read; a version's texts replace those of the same keys.
 */
const olderTexts = isolateSlot("older-article-texts", () => new Map<string, ArticleBody>());

/** An article's text from a snapshot of an older schema, under its `article:` key, if this isolate read one. */
export const olderArticleText = (key: string): ArticleBody | undefined => olderTexts().get(key);

/** The catalogue as KV keeps it: the snapshot every request shares, and each program's details apart. */
export function splitCatalogue(built: BuiltCatalogue): {
  catalogue: Catalogue;
  details: Array<{ programId: string; details: ProgramDetails }>;
  articles: Array<{ articleId: string; body: ArticleBody }>;
} {
  const details = built.programs.map((program) => ({
    programId: program.id,
    details: Object.fromEntries(PROGRAM_DETAIL_FIELDS.map((field) => [field, program[field]])) as ProgramDetails,
  }));
  const programs = built.programs.map((program) => {
    const summary: Record<string, unknown> = { ...program };
    for (const field of PROGRAM_DETAIL_FIELDS) delete summary[field];
    return summary as Catalogue["programs"][number];
  });
  // a document's text is in its PDF alone (scripts/documents.ts): a quarter of the snapshot no page reads
  const documents = built.documents.map(({ body: _text, ...listed }) => listed);
  // an article's text is read by its own page alone, as a program's details are (decision 013)
  const articles = built.journal.map((article) => ({ articleId: article.id, body: article.body }));
  const journal = built.journal.map(({ body: _text, ...listed }) => listed);
  return { catalogue: { ...built, programs, documents, journal }, details, articles };
}

/** What a part read from KV is checked with: a schema's safeParse. */
interface PartSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** A part of a content version read from KV (text), or why it cannot be shown. */
function parsePart<T>(text: string, key: string, schema: PartSchema<T>, what: string): T {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new InvalidSnapshotError(`${key} is not JSON: ${String(error)}`);
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    const issues = result.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".") || "(part)"}: ${issue.message}`);
    throw new InvalidSnapshotError(`${key} does not match ${what}: ${issues.join("; ")}`);
  }
  return result.data;
}

/** A program's details as read from KV (text), or why they cannot be shown. */
export const parseProgramDetails = (text: string, key: string): ProgramDetails => parsePart(text, key, programDetailsSchema, "the program details schema");

/** An article's text as `content:push` writes it beside the snapshot. */
const articleBodySchema = articleSchema.shape.body;

/** An article's text as read from KV, or why it cannot be shown. */
export const parseArticleBody = (text: string, key: string): ArticleBody => parsePart(text, key, articleBodySchema, "an article's text");
