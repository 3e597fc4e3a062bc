import * as z from "zod/mini";

/** Content of the institute pages, the documents and the disclosure section (spec 2.1, issue #7). */
const text = z.string().check(z.minLength(1));

/** A block of a text page. */
const blockSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("p"), text }),
  z.object({ type: z.literal("h2"), text }),
  z.object({ type: z.literal("ul"), items: z.array(text).check(z.minLength(1)) }),
  z.object({ type: z.literal("table"), rows: z.array(z.object({ label: text, value: text })).check(z.minLength(1)) }),
]);

const textPage = z.object({ title: text, lead: text, body: z.array(blockSchema).check(z.minLength(2)) });

export const svedenSlugs = [
  "common", "struct", "document", "education", "eduStandarts", "managers", "employees", "objects",
  "paid_edu", "budget", "vacant", "grants", "inter", "catering",
] as const;

const documentCategories = [
  "policy", "details", "constituent", "general", "regulations", "ochu-vo-mip-constituent", "ochu-vo-mip-general", "lectorium-routes",
] as const;

export const pagesSchema = z.object({
  about: z.object({
    title: text,
    lead: text,
    facts: z.array(z.object({ value: text, label: text })).check(z.minLength(3)),
    body: z.array(blockSchema).check(z.minLength(4)),
  }),
  contacts: z.object({ title: text, lead: text, mapImageAlt: text, directions: z.array(text).check(z.minLength(1)) }),
  incomers: z.object({
    title: text,
    lead: text,
    rules: z.array(text).check(z.minLength(3)),
    documents: z.array(text).check(z.minLength(3)),
    steps: z.array(z.object({ title: text, text })).check(z.minLength(3)),
    deadlines: z.array(z.object({ label: text, value: text })).check(z.minLength(2)),
    faq: z.array(z.object({ question: text, answer: text })).check(z.minLength(3)),
  }),
  vacancies: z.object({ title: text, lead: text }),
  partners: z.object({
    title: text,
    lead: text,
    partnerProgram: z.object({ title: text, text, conditions: z.array(text).check(z.minLength(2)) }),
    referralProgram: z.object({ title: text, text, conditions: z.array(text).check(z.minLength(2)) }),
  }),
  legal: textPage,
  legalEdu: textPage,
  payment: z.object({
    title: text,
    lead: text,
    methods: z.array(z.object({ title: text, text })).check(z.minLength(3)),
    details: z.array(z.object({ label: text, value: text })).check(z.minLength(5)),
    body: z.array(blockSchema).check(z.minLength(2)),
  }),
  rating: z.object({ title: text, lead: text, items: z.array(z.object({ source: text, place: text, year: z.number().check(z.int()), text })).check(z.minLength(3)) }),
  docs: z.object({ title: text, lead: text }),
  freeAccess: z.object({
    title: text,
    lead: text,
    /** the form's heading and what it says happens next: what the thanks after it says (a call from admissions), never a promise the site does not keep (issue 42) */
    form: z.optional(z.object({ heading: text, text })),
    benefits: z.array(text).check(z.minLength(3)),
    /** where the trial is offered: the program types whose pages (and the lists of them) link to it, and the link's words; none offers it without this */
    offer: z.optional(z.object({ programTypes: z.array(z.enum(["Profession", "Course", "ShortTerm"])).check(z.minLength(1)), link: text })),
  }),
  sveden: z.record(z.enum(svedenSlugs), z.object({ title: text, body: z.array(blockSchema).check(z.minLength(1)) })).check(
    z.refine((sveden) => svedenSlugs.every((slug) => slug in sveden), {
      message: "нужны все подразделы «Сведений об образовательной организации»",
    }),
  ),
});

export const documentSchema = z.object({
  id: text,
  /** file name under /docs/pdf/, without .pdf */
  slug: z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)),
  title: text,
  category: z.enum(documentCategories),
  /** the legal entity the document belongs to */
  entity: z.enum(["ano", "ochu-vo"]),
  approved: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  body: z.array(blockSchema).check(z.minLength(3)),
});

export type Block = z.infer<typeof blockSchema>;
export type Pages = z.infer<typeof pagesSchema>;
export type InstituteDocument = z.infer<typeof documentSchema>;
/**
 * A document as the site lists it: its text is only in its PDF, which the build makes from the
 * content (scripts/documents.ts), so the snapshot every isolate reads does not carry it.
 */
export type ListedDocument = Omit<InstituteDocument, "body">;
export type SvedenSlug = (typeof svedenSlugs)[number];
export type DocumentCategory = (typeof documentCategories)[number];
