import * as z from "zod/mini";
import { config, globalConfig } from "zod/v4/core";
import en from "zod/v4/locales/en.js";
import { documentSchema, pagesSchema } from "./institute-schemas";
import { id, programTypes, slug, text } from "./primitives";
import { siteSchema } from "./site-schema";
import { studyYears, weeklySchedule } from "./schedule";

// zod/mini ships no locale: without one every message zod writes itself is "Invalid input". Set
// English, as `zod` does on first use, so that content and snapshot errors say what is wrong;
// a locale configured elsewhere wins. Named imports, not `z.core.…`: reaching into the namespace
// object keeps every locale zod ships in the Worker's bundle (260 KB minified).
if (!globalConfig.localeError) config(en());

export { type CtaKey, ctaKeys } from "./cta-keys";
export { type GraduateKind, type GraduationDocument, type LegalEntity, type Phone, type Site, siteSchema } from "./site-schema";

/** Content schemas for every entity of spec section 3 and the site data of section 1. */

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "дата в формате ГГГГ-ММ-ДД"));
const time = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "время в формате ЧЧ:ММ"));

/** An image shipped in public/ (never an outside host), with its intrinsic size so nothing shifts. */
const imageSchema = z.object({
  url: z.string().check(z.regex(/^\/[^/]/, "путь к файлу в public/, начиная с /")),
  width: z.number().check(z.int(), z.positive()),
  height: z.number().check(z.int(), z.positive()),
  alt: z.string(),
});

/**
 * A real photograph for a teacher or a cover for a program: a file under content/photos/ that the
 * build crops and resizes to the widths and format of a generated picture (scripts/images.ts), so a
 * page shows it exactly where and as large as the generated one; without it the build draws one
 * (decision 028). `alt` says what the photo shows; a teacher's portrait is «Портрет: <имя>» without it.
 */
const photoSchema = z.object({
  file: z.string().check(z.regex(/^photos\/[\w./-]+\.(?:jpe?g|png|webp|avif)$/i, "файл фотографии в content/photos/: photos/….jpg, .png, .webp или .avif")),
  alt: z.optional(text),
});

export const studyFieldSchema = z.object({
  slug,
  title: text,
  description: text,
});

const programTypeSchema = z.enum(programTypes);

const faqItemSchema = z.object({ question: text, answer: text });

/**
 * How long a program lasts on the calendar ("12 месяцев", "3 недели"); its hours are a field of
 * their own, so a length in hours here would be said twice on every card ("36 часов · 36 ч.").
 */
const calendarLength = text.check(
  z.refine((value) => /^\d+(?:[,.]\d+)?\s+(?:день|дня|дней|неделя|недели|недель|месяц|месяца|месяцев|год|года|лет)$/.test(value), {
    message: "срок — дни, недели, месяцы или годы, например «3 месяца»; часы — в поле hours",
  }),
);

/** A way to pay in words; an instalment is not one of them: its term is `instalmentMonths`, so the monthly payment follows from it. */
const paymentOption = text.check(
  z.refine((value) => !/рассрочк/i.test(value), { message: "рассрочку задаёт поле instalmentMonths (срок в месяцах): по нему считается платёж в месяц" }),
);
export const programSchema = z.object({
  id,
  title: text,
  slug,
  type: programTypeSchema,
  studyFieldSlug: z.optional(slug),
  price: z.number().check(z.nonnegative()),
  isPopular: z.boolean(),
  /** its own cover photo; without it the build draws one for its study field */
  cover: z.optional(photoSchema),
  index_number: z.optional(z.object({ idx: z.number().check(z.int()) })),
  description: text,
  duration: calendarLength,
  durationMonths: z.number().check(z.positive()),
  hours: z.number().check(z.int(), z.positive()),
  format: text,
  /** the next intake, relative to the day the content is loaded */
  startsInDays: z.number().check(z.int(), z.gte(1)),
  forWhom: z.array(z.object({ title: text, text })).check(z.minLength(2)),
  outcomes: z.array(text).check(z.minLength(3)),
  modules: z
    .array(z.object({ title: text, hours: z.number().check(z.int(), z.positive()), topics: z.array(text).check(z.minLength(2)) }))
    .check(z.minLength(3)),
  diploma: z.object({ title: text, text }),
  teacherIds: z.array(id).check(z.minLength(1)),
  /** an instalment without overpayment over this many months; the page states it and the monthly payment it gives */
  instalmentMonths: z.optional(z.number().check(z.int(), z.gte(2), z.lte(36))),
  paymentOptions: z.array(paymentOption).check(z.minLength(1)),
  faq: z.array(faqItemSchema).check(z.minLength(2)),
});

export const bachelorSchema = z.object({
  id,
  slug,
  title: text,
  offlineFullPrice: z.number().check(z.positive()),
  description: text,
  /** its own cover photo; without it the build draws one */
  cover: z.optional(photoSchema),
  /** a number of years ("4 года"): crawlers get it as the course's schedule */
  duration: text.check(z.refine((value) => studyYears(value) !== null, { message: "срок обучения — число лет, например «4 года»" })),
  studyForm: text,
  /** what the study form means at this institute, in a visitor's words (what is online, what is not) */
  studyFormNote: z.optional(text),
  qualification: text,
  entranceExams: z.array(text).check(z.minLength(1)),
  outcomes: z.array(text).check(z.minLength(3)),
  /** year by year («1 курс»), its disciplines and practice */
  curriculum: z.array(z.object({ title: text, disciplines: z.array(text).check(z.minLength(3)) })).check(z.minLength(2)),
  teacherIds: z.array(id).check(z.minLength(1)),
  paymentOptions: z.array(paymentOption).check(z.minLength(1)),
  faq: z.array(faqItemSchema).check(z.minLength(2)),
});

/** The two practical trainings the spec hard-codes (section 3); the menu counts add them (2.4). */
export const FIXED_PRACTICAL_TRAININGS = ["supervision", "build-your-brand"] as const;

export const practicalTrainingSchema = z.object({
  id,
  slug,
  title: text,
  duration: calendarLength,
  hours: z.number().check(z.int(), z.positive()),
  price: z.number().check(z.nonnegative()),
  description: text,
  heroPicture: imageSchema,
  outcomes: z.array(text).check(z.minLength(3)),
  format: text,
  teacherIds: z.array(id).check(z.minLength(1)),
  /** the two entries section 3 hard-codes (supervision, build-your-brand) carry this flag */
  fixed: z._default(z.boolean(), false),
});

/** Seminar dates are stored relative to the day the content is loaded, so they stay in the future. */
export const seminarSourceSchema = z.object({
  id,
  slug,
  title: text,
  subtitle: text,
  studyFieldSlug: slug,
  startsInDays: z.number().check(z.int(), z.gte(1)),
  time,
  durationHours: z.number().check(z.positive()),
  price: z.number().check(z.nonnegative()),
  tickets_quantity: z.number().check(z.int(), z.nonnegative()),
  format: z.enum(["online", "offline"]),
  place: text,
  description: text,
  speakerIds: z.array(id).check(z.minLength(1)),
  program: z.array(text).check(z.minLength(2)),
});

export const liveCourseSourceSchema = z.object({
  id,
  slug,
  title: text,
  description: text,
  startsInDays: z.number().check(z.int(), z.gte(1)),
  weeks: z.number().check(z.int(), z.positive()),
  /** "По вторникам и четвергам, 19:00–21:00 мск": crawlers get it as the course's schedule */
  schedule: text.check(
    z.refine((value) => weeklySchedule(value) !== null, {
      message: "расписание — дни недели и время, например «По вторникам и четвергам, 19:00–21:00 мск»",
    }),
  ),
  price: z.number().check(z.nonnegative()),
  teacherIds: z.array(id).check(z.minLength(1)),
  modules: z.array(z.object({ title: text, topics: z.array(text).check(z.minLength(1)) })).check(z.minLength(2)),
});

export const webinarSourceSchema = z.object({
  id,
  slug,
  title: text,
  description: text,
  /** negative: already held (a recording), positive: upcoming */
  startsInDays: z.number().check(z.int()),
  time,
  durationMinutes: z.number().check(z.int(), z.positive()),
  price: z.number().check(z.nonnegative()),
  speakerId: id,
  index_number: z.optional(z.object({ idx: z.number().check(z.int()) })),
});

export const teacherSchema = z.object({
  id,
  slug,
  name: text,
  position: text,
  degree: z.string(),
  experienceYears: z.number().check(z.int(), z.positive()),
  bio: text,
  /** a real portrait; without it the build draws one, seeded by the slug */
  photo: z.optional(photoSchema),
  specializations: z.array(text).check(z.minLength(1)),
  index_number: z.optional(z.object({ idx: z.number().check(z.int()) })),
});

const reviewerStatuses = ["graduate", "student"] as const;

/** «Учусь на … восьмой месяц»: a review that says its author is still studying. */
const writtenWhileStudying = (text: string) => /(?<!\p{L})(?:учусь|учимся|продолжаю учиться)(?!\p{L})/iu.test(text);

export const reviewSchema = z.object({
  id,
  author: text,
  city: text,
  programId: z.optional(id),
  /** a review of a bachelor's program (`programId` is one of programs.json) */
  bachelorId: z.optional(id),
  rating: z.number().check(z.int(), z.gte(1), z.lte(5)),
  /** who wrote it: a graduate, or a student still in the program (shown as such; never under «Отзывы выпускников») */
  status: z.enum(reviewerStatuses),
  date: isoDate,
  text,
}).check(
  z.refine((review) => review.status === "student" || !writtenWhileStudying(review.text), {
    message: "текст написан во время учёбы («учусь…»): такой отзыв — status «student»",
    path: ["text"],
  }),
  z.refine((review) => !(review.programId && review.bachelorId), { message: "отзыв об одной программе: programId или bachelorId", path: ["bachelorId"] }),
);

const articleBlockSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("p"), text }),
  z.object({ type: z.literal("h2"), text }),
  z.object({ type: z.literal("ul"), items: z.array(text).check(z.minLength(1)) }),
  z.object({ type: z.literal("quote"), text }),
]);

export const articleSchema = z.object({
  id,
  slug,
  title: text,
  excerpt: text,
  publishedAt: isoDate,
  /** the last substantial change; the publication date when absent */
  updatedAt: z.optional(isoDate),
  authorId: id,
  tags: z.array(text),
  relatedProgramIds: z.array(id),
  body: z.array(articleBlockSchema).check(z.minLength(4)),
});

export const vacancySchema = z.object({
  id,
  title: text,
  department: text,
  employment: text,
  salary: z.string(),
  description: text,
  requirements: z.array(text).check(z.minLength(1)),
  duties: z.array(text).check(z.minLength(1)),
});

export const partnerSchema = z.object({
  id,
  name: text,
  kind: z.enum(["university", "clinic", "company", "community", "media"]),
  description: text,
  url: z.optional(z.url({ protocol: /^https$/ })),
});

export type StudyField = z.infer<typeof studyFieldSchema>;
export type ProgramType = z.infer<typeof programTypeSchema>;
export type ProgramSource = z.infer<typeof programSchema>;
export type Bachelor = z.infer<typeof bachelorSchema>;
export type PracticalTraining = z.infer<typeof practicalTrainingSchema>;
export type SeminarSource = z.infer<typeof seminarSourceSchema>;
export type LiveCourseSource = z.infer<typeof liveCourseSourceSchema>;
export type WebinarSource = z.infer<typeof webinarSourceSchema>;
export type Teacher = z.infer<typeof teacherSchema>;
export type Review = z.infer<typeof reviewSchema>;
export type Article = z.infer<typeof articleSchema>;
export type ArticleBlock = z.infer<typeof articleBlockSchema>;
export type Vacancy = z.infer<typeof vacancySchema>;
export type Partner = z.infer<typeof partnerSchema>;

/** The content files and the schema of the items each holds. */
export const contentFiles = {
  "site.json": siteSchema,
  "study-fields.json": z.array(studyFieldSchema),
  "programs.json": z.array(programSchema),
  "bachelors.json": z.array(bachelorSchema),
  "practical-trainings.json": z.array(practicalTrainingSchema),
  "seminars.json": z.array(seminarSourceSchema),
  "live-courses.json": z.array(liveCourseSourceSchema),
  "webinars.json": z.array(webinarSourceSchema),
  "teachers.json": z.array(teacherSchema),
  "reviews.json": z.array(reviewSchema),
  "journal.json": z.array(articleSchema),
  "vacancies.json": z.array(vacancySchema),
  "partners.json": z.array(partnerSchema),
  "pages.json": pagesSchema,
  "documents.json": z.array(documentSchema),
} as const;
export type ContentFileName = keyof typeof contentFiles;
