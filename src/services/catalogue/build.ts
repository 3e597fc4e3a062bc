import type * as z from "zod/mini";
import { moscowClock, moscowInstant } from "../dates";
import {
  type Article, type Bachelor, type ContentFileName, contentFiles, type LiveCourseSource, type Partner,
  type PracticalTraining, type ProgramSource, type Review, type SeminarSource, type Site, type StudyField, type Teacher,
  type Vacancy, type WebinarSource,
  FIXED_PRACTICAL_TRAININGS,
} from "./schemas";
import { countFigures, fillFactsDeep, fillFiguresDeep, handWrittenFigures, UnknownFigureError } from "./figures";
import { admissionsHoursText } from "../admissions-hours";
import type { InstituteDocument, ListedDocument, Pages } from "./institute-schemas";
import { VENUE_CITIES, VENUE_EXAMPLE, venueOf } from "./venue";
import { articleMinutes } from "./journal";
import { graduationDocumentOf } from "./graduation";
import { type BachelorAdmission, minimumScoresText } from "./admission";

/** A program as its own page shows it. */
type FullProgram = Omit<ProgramSource, "startsInDays"> & { startDate: string };
/**
 * The parts of a program only its own page shows. KV keeps them apart from the catalogue, one
 * entry per program, so that the catalogue every request shares stays small at 10,000 programs
 * (decision 013).
 */
export const PROGRAM_DETAIL_FIELDS = ["forWhom", "outcomes", "modules", "diploma", "paymentOptions", "faq"] as const;
export type ProgramDetails = Pick<FullProgram, (typeof PROGRAM_DETAIL_FIELDS)[number]>;
/** A program as lists, menus, search and the API show it: what the catalogue holds. */
export type Program = Omit<FullProgram, keyof ProgramDetails>;
export type Seminar = Omit<SeminarSource, "startsInDays"> & { targetDate: string };
export type LiveCourse = Omit<LiveCourseSource, "startsInDays"> & { startDate: string };
export type Webinar = Omit<WebinarSource, "startsInDays"> & { date: string };
/**
 * An article as its own page shows it, with the minutes it takes to read. KV keeps its text apart
 * from the catalogue, one entry per article, as it keeps a program's details (decision 013).
 */
type FullArticle = Article & { minutes: number };
/** An article as the journal's lists, the home page, search and the API show it: what the catalogue holds. */
export type ListedArticle = Omit<FullArticle, "body">;
export type ArticleBody = Article["body"];

/** Everything the site shows, validated and with relative dates resolved: what KV holds as one snapshot. */
export interface Catalogue {
  version: string;
  builtAt: string;
  site: Site;
  studyFields: StudyField[];
  programs: Program[];
  bachelors: Bachelor[];
  practicalTrainings: PracticalTraining[];
  seminars: Seminar[];
  liveCourses: LiveCourse[];
  webinars: Webinar[];
  teachers: Teacher[];
  reviews: Review[];
  journal: ListedArticle[];
  vacancies: Vacancy[];
  partners: Partner[];
  pages: Pages;
  documents: ListedDocument[];
}

/** What the build makes of the content files: the catalogue with every program's details. */
export interface BuiltCatalogue extends Omit<Catalogue, "programs" | "documents" | "journal"> {
  programs: FullProgram[];
  /** with their text, which KV keeps apart */
  journal: FullArticle[];
  /** with their text, from which the build makes their PDFs */
  documents: InstituteDocument[];
}

export class ContentError extends Error {
  override name = "ContentError";
}

export type RawContent = Partial<Record<ContentFileName, unknown>>;

function describeIssue(file: string, data: unknown, issue: z.core.$ZodIssue): string {
  const [first, ...rest] = issue.path;
  const where = [`content/${file}`];
  if (typeof first === "number" && Array.isArray(data)) {
    const item = data[first] as { id?: unknown } | undefined;
    where.push(`item ${first}${item && typeof item.id === "string" ? ` (id "${item.id}")` : ""}`);
    where.push(`field "${rest.join(".") || "(item)"}"`);
  } else {
    where.push(`field "${issue.path.join(".") || "(file)"}"`);
  }
  return `${where.join(": ")}: ${issue.message}`;
}

function parseFile<F extends ContentFileName>(file: F, data: unknown): z.infer<(typeof contentFiles)[F]> {
  if (data === undefined) throw new ContentError(`content/${file}: file is missing`);
  const result = contentFiles[file].safeParse(data);
  if (!result.success) {
    throw new ContentError(result.error.issues.map((issue) => describeIssue(file, data, issue)).join("\n"));
  }
  return result.data as z.infer<(typeof contentFiles)[F]>;
}

/** Moscow wall-clock `HH:MM`, `days` after `now`'s Moscow date, as an ISO instant. */
export function moscowDateTime(now: Date, days: number, hhmm: string): string {
  const today = moscowClock(now);
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return moscowInstant(today.year, today.month, today.day + days, h, m).toISOString();
}

/**
 * A program's start: the first intake day of the month (site.json `intakeDays`, «1 и 15 числа»)
 * on or after `days` days from today, so every start a page shows is one /incomers announces.
 */
function nextIntake(now: Date, days: number, intakeDays: readonly number[]): string {
  const today = moscowClock(now);
  for (let ahead = days; ; ahead++) {
    const day = moscowInstant(today.year, today.month, today.day + ahead, 10, 0);
    if (intakeDays.includes(moscowClock(day).day)) return day.toISOString().slice(0, 10);
  }
}

/** The bachelor's admission as content text says it by name (decision 056). */
function bachelorAdmissionFacts(admission: BachelorAdmission) {
  return {
    bachelorCampaign: admission.campaign,
    bachelorDocuments: admission.documents,
    bachelorClassesStart: admission.classesStart,
    bachelorMinimumScores: minimumScoresText(admission.minimumScores),
  };
}

/** «1 и 15 числа»: the intake days as /incomers says them. */
const intakeDaysText = (days: readonly number[]) => `${days.length > 1 ? `${days.slice(0, -1).join(", ")} и ${days.at(-1)}` : days[0]} числа`;

function checkUnique(file: string, items: { id: string; slug?: string }[]): void {
  for (const key of ["id", "slug"] as const) {
    const seen = new Set<string>();
    for (const item of items) {
      const value = item[key];
      if (value === undefined) continue;
      if (seen.has(value)) throw new ContentError(`content/${file}: ${key} "${value}" appears twice`);
      seen.add(value);
    }
  }
}

function checkRefs(file: string, item: { id: string }, field: string, ids: readonly string[], known: Set<string>) {
  for (const ref of ids) {
    if (!known.has(ref)) {
      throw new ContentError(`content/${file}: item id "${item.id}": field "${field}": unknown id "${ref}"`);
    }
  }
}

/** Every string of a JSON value, with its path. */
function* strings(value: unknown, path: string[] = []): Generator<[string, string[]]> {
  if (typeof value === "string") yield [value, path];
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* strings(item, [...path, String(i)]);
  else if (value && typeof value === "object") for (const [key, item] of Object.entries(value)) yield* strings(item, [...path, key]);
}

/** A number of programs or teachers typed into the content goes stale: the content states figures as tokens. */
function checkHandWrittenFigures(file: string, data: unknown, extra: [string, string[]][] = []): void {
  for (const [text, path] of [...strings(data), ...extra]) {
    const found = handWrittenFigures(text);
    if (found.length > 0) {
      throw new ContentError(
        `content/${file}: field "${path.join(".")}": «${found[0]}» is typed by hand; write the figure as {{name|one|few|many}}, e.g. {{programs|программа|программы|программ}}`,
      );
    }
  }
}

/** Validates raw content files and builds the catalogue; an invalid file fails naming the file, item and field. */
export function buildCatalogue(raw: RawContent, now: Date, version: string): BuiltCatalogue {
  const site = parseFile("site.json", raw["site.json"]);
  const studyFields = parseFile("study-fields.json", raw["study-fields.json"]);
  const programSources = parseFile("programs.json", raw["programs.json"]);
  const bachelors = parseFile("bachelors.json", raw["bachelors.json"]);
  const practicalTrainings = parseFile("practical-trainings.json", raw["practical-trainings.json"]);
  const seminarSources = parseFile("seminars.json", raw["seminars.json"]);
  const liveCourseSources = parseFile("live-courses.json", raw["live-courses.json"]);
  const webinarSources = parseFile("webinars.json", raw["webinars.json"]);
  const teachers = parseFile("teachers.json", raw["teachers.json"]);
  const reviews = parseFile("reviews.json", raw["reviews.json"]);
  const journal = parseFile("journal.json", raw["journal.json"]);
  const vacancies = parseFile("vacancies.json", raw["vacancies.json"]);
  const partners = parseFile("partners.json", raw["partners.json"]);
  const pages = parseFile("pages.json", raw["pages.json"]);
  const documents = parseFile("documents.json", raw["documents.json"]);
  // a fact's number and its label read as one phrase ("120+" "преподавателей")
  const factPhrases = pages.about.facts.map((fact, i): [string, string[]] => [`${fact.value} ${fact.label}`, ["about", "facts", String(i)]]);
  checkHandWrittenFigures("pages.json", pages, factPhrases);
  checkHandWrittenFigures("journal.json", journal);
  checkUnique("documents.json", documents);
  if (site.refund && !documents.some((d) => d.slug === site.refund?.document)) {
    throw new ContentError(`content/site.json: field "refund.document": no document «${site.refund.document}» in documents.json`);
  }

  const fixed = practicalTrainings.filter((t) => t.fixed).map((t) => t.slug).sort();
  if (fixed.join() !== [...FIXED_PRACTICAL_TRAININGS].sort().join()) {
    throw new ContentError(
      `content/practical-trainings.json: field "fixed": exactly ${FIXED_PRACTICAL_TRAININGS.join(" and ")} must be fixed, found [${fixed.join(", ")}]`,
    );
  }

  const fieldSlugs = new Set(studyFields.map((f) => f.slug));
  const teacherIds = new Set(teachers.map((t) => t.id));
  const programIds = new Set(programSources.map((p) => p.id));

  checkUnique("study-fields.json", studyFields.map((f) => ({ id: f.slug })));
  checkUnique("teachers.json", teachers);
  checkUnique("bachelors.json", bachelors);
  checkUnique("practical-trainings.json", practicalTrainings);
  checkUnique("seminars.json", seminarSources);
  checkUnique("live-courses.json", liveCourseSources);
  checkUnique("webinars.json", webinarSources);
  checkUnique("journal.json", journal);
  checkUnique("reviews.json", reviews);
  checkUnique("programs.json", programSources.map((p) => ({ id: p.id })));
  for (const type of new Set(programSources.map((p) => p.type))) {
    checkUnique("programs.json", programSources.filter((p) => p.type === type).map((p) => ({ id: p.id, slug: p.slug })));
  }

  for (const p of programSources) {
    if (p.studyFieldSlug) checkRefs("programs.json", p, "studyFieldSlug", [p.studyFieldSlug], fieldSlugs);
    checkRefs("programs.json", p, "teacherIds", p.teacherIds, teacherIds);
  }
  for (const p of programSources) {
    // the page names the document as the program does and shows the sample of its type's document: the two agree
    const document = site.graduationDocuments?.find((d) => d.givenFor.includes(p.type));
    if (document && document.title !== p.diploma.title) {
      throw new ContentError(`content/programs.json: item id "${p.id}": field "diploma.title": «${p.diploma.title}» — программы ${p.type} дают «${document.title}» (site.json graduationDocuments)`);
    }
  }
  for (const b of bachelors) checkRefs("bachelors.json", b, "teacherIds", b.teacherIds, teacherIds);
  for (const t of practicalTrainings) checkRefs("practical-trainings.json", t, "teacherIds", t.teacherIds, teacherIds);
  for (const s of seminarSources) {
    checkRefs("seminars.json", s, "studyFieldSlug", [s.studyFieldSlug], fieldSlugs);
    checkRefs("seminars.json", s, "speakerIds", s.speakerIds, teacherIds);
    // crawlers get an offline seminar's place as a postal address (decision 017)
    if (s.format === "offline" && !venueOf(s.place)) {
      throw new ContentError(
        `content/seminars.json: item id "${s.id}": field "place": место очного семинара — город, улица и дом, затем зал, например ${VENUE_EXAMPLE}; города: ${VENUE_CITIES.join(", ")}`,
      );
    }
  }
  for (const c of liveCourseSources) checkRefs("live-courses.json", c, "teacherIds", c.teacherIds, teacherIds);
  for (const w of webinarSources) checkRefs("webinars.json", w, "speakerId", [w.speakerId], teacherIds);
  const bachelorIds = new Set(bachelors.map((b) => b.id));
  for (const r of reviews) {
    if (r.programId) checkRefs("reviews.json", r, "programId", [r.programId], programIds);
    if (r.bachelorId) checkRefs("reviews.json", r, "bachelorId", [r.bachelorId], bachelorIds);
  }
  for (const a of journal) {
    checkRefs("journal.json", a, "authorId", [a.authorId], teacherIds);
    checkRefs("journal.json", a, "relatedProgramIds", a.relatedProgramIds, programIds);
  }

  let filledPages: Pages;
  try {
    // the bachelor's issuer's, as the bachelor pages read it (one rule for both)
    const accreditation = graduationDocumentOf(site, "Bachelor")?.entity.accreditation;
    const facts = {
      admissionsHours: admissionsHoursText(site.admissionsHours),
      ...(site.intakeDays ? { intakeDays: intakeDaysText(site.intakeDays) } : {}),
      ...(accreditation ? { stateAccreditation: accreditation } : {}),
      ...(site.bachelorAdmission ? bachelorAdmissionFacts(site.bachelorAdmission) : {}),
    };
    filledPages = fillFiguresDeep(fillFactsDeep(pages, facts), countFigures({ programs: programSources, bachelors, practicalTrainings, teachers }));
  } catch (error) {
    if (error instanceof UnknownFigureError) throw new ContentError(`content/pages.json: ${error.message}`);
    throw error;
  }

  const programs = programSources.map(({ startsInDays, ...p }) => ({
    ...p,
    startDate: site.intakeDays ? nextIntake(now, startsInDays, site.intakeDays) : moscowDateTime(now, startsInDays, "10:00").slice(0, 10),
  }));
  const seminars = seminarSources.map(({ startsInDays, ...s }) => ({
    ...s,
    targetDate: moscowDateTime(now, startsInDays, s.time),
  }));
  const liveCourses = liveCourseSources.map(({ startsInDays, ...c }) => ({
    ...c,
    startDate: moscowDateTime(now, startsInDays, "19:00"),
  }));
  const webinars = webinarSources.map(({ startsInDays, ...w }) => ({
    ...w,
    date: moscowDateTime(now, startsInDays, w.time),
  }));

  return {
    version,
    builtAt: now.toISOString(),
    site,
    studyFields,
    programs,
    bachelors,
    practicalTrainings,
    seminars,
    liveCourses,
    webinars,
    teachers,
    reviews,
    journal: journal.map((article) => ({ ...article, minutes: articleMinutes(article) })),
    vacancies,
    partners,
    pages: filledPages,
    documents,
  };
}
