import * as z from "zod/mini";
import { ctaKeys } from "./cta-keys";
import { id, programTypes, slug, text } from "./primitives";

/** The institute's own data (`content/site.json`): its phones, legal entities, graduation documents, offices and links (spec 1). */

const contactTypes = ["study", "curators"] as const;
const countryCodes = ["RU", "KZ", "UZ"] as const;
const languageCodes = ["ru", "kk", "uz"] as const;

const phoneSchema = z.object({
  number: z.string().check(z.regex(/^\+\d{10,15}$/, "номер в формате +79990000000")),
  display: text,
  contactType: z.enum(contactTypes),
  areas: z.array(z.enum(countryCodes)).check(z.minLength(1)),
  languages: z.array(z.enum(languageCodes)).check(z.minLength(1)),
  /** the number also answers in WhatsApp: the WhatsApp link of the areas it serves (decision 020) */
  whatsapp: z.optional(z.boolean()),
});

const legalEntitySchema = z.object({
  id,
  fullName: text,
  shortName: text,
  head: text,
  headPosition: text,
  inn: z.string().check(z.regex(/^\d{10}$/)),
  kpp: z.string().check(z.regex(/^\d{9}$/)),
  ogrn: z.string().check(z.regex(/^\d{13}$/)),
  address: text,
  email: z.email(),
  phones: z.array(z.string().check(z.regex(/^\+\d{10,15}$/))).check(z.minLength(1)),
  licence: text,
  /** its state accreditation in words («Имеется по образовательным программам…»), the one source of /sveden's, /about's and the bachelor pages' (content text says `{{stateAccreditation}}`) */
  accreditation: z.optional(text),
});

/** Who a graduation document is given to: a program type, or a bachelor's program. */
const graduateKinds = [...programTypes, "Bachelor"] as const;
export type GraduateKind = (typeof graduateKinds)[number];

/**
 * A kind of document a graduate gets (decision 061): its name, the programs that give it, the legal
 * entity that issues it (its licence is printed on the sample), whether the federal register (ФИС ФРДО)
 * holds it, and the words of its sample, which the build draws (scripts/diploma-samples.ts).
 */
const graduationDocumentSchema = z.object({
  id: slug,
  title: text,
  /** a sentence about it where the page has no text of its own (a bachelor's program) */
  text,
  givenFor: z.array(z.enum(graduateKinds)).check(z.minLength(1)),
  /** the `id` of the legal entity that issues it */
  entity: id,
  inRegister: z.boolean(),
  sample: z.object({
    /** above the institute's name, as on a state document («РОССИЙСКАЯ ФЕДЕРАЦИЯ») */
    heading: z.optional(text),
    /** what the right page says first («Настоящий диплом свидетельствует о том, что») */
    certifies: text,
    /** what the holder did («прошла профессиональную переподготовку по программе») */
    completed: text,
    /** what they did it in («Наименование программы», «37.03.01 Психология») */
    subject: text,
    /** the ink of its frame and title */
    tint: z.string().check(z.regex(/^#[0-9a-f]{6}$/, "цвет — #rrggbb в нижнем регистре")),
  }),
});
export type GraduationDocument = z.infer<typeof graduationDocumentSchema>;

/** Every graduate kind gets one document, issued by one of the site's legal entities. */
const graduationDocumentsSchema = z.array(graduationDocumentSchema).check(
  z.refine((documents) => graduateKinds.every((kind) => documents.filter((d) => d.givenFor.includes(kind)).length === 1), {
    message: `каждому виду программ (${graduateKinds.join(", ")}) — ровно один документ об окончании`,
  }),
  z.refine((documents) => new Set(documents.map((d) => d.id)).size === documents.length, { message: "id документов не повторяются" }),
);


const ctaSchema = z.object({ trigger: text, title: text, description: text });

export const siteSchema = z.object({
  name: text,
  shortName: text,
  defaultTitle: text,
  defaultDescription: text,
  legalEntities: z.array(legalEntitySchema).check(z.length(2)),
  /** what each kind of program gives its graduates; a program page without it shows its own words alone */
  graduationDocuments: z.optional(graduationDocumentsSchema),
  moscowOffice: z.object({ address: text, metro: text }),
  almatyOffice: z.object({
    address: text,
    email: z.email(),
    phones: z.array(phoneSchema).check(z.length(3)),
    /** the areas whose visitors this office serves, so it comes first for them (Kazakhstan when not said) */
    areas: z.optional(z.array(z.enum(["KZ", "UZ"])).check(z.minLength(1))),
  }),
  phones: z.array(phoneSchema).check(
    z.minLength(2),
    z.refine((phones) => phones.some((p) => p.contactType === "curators"), { message: "нужен телефон отдела кураторов" }),
    z.refine((phones) => phones.some((p) => p.contactType === "study" && p.areas.includes("RU")), {
      message: "нужен телефон приёмной комиссии для России",
    }),
  ),
  emails: z.array(z.object({ label: text, email: z.email() })).check(z.minLength(2)),
  /** the admissions office's hours on Moscow's clock, the one source of every page that gives them (content text says `{{admissionsHours}}`) */
  admissionsHours: z.object({
    days: text,
    opens: z.string().check(z.regex(/^\d\d:\d\d$/, "время — ЧЧ:ММ")),
    closes: z.string().check(z.regex(/^\d\d:\d\d$/, "время — ЧЧ:ММ")),
  }),
  links: z.object({
    account: z.url({ protocol: /^https$/ }),
    licenceRegistry: z.url({ protocol: /^https$/ }),
    /** the federal register's page that checks a graduate's document (ФИС ФРДО) */
    documentRegistry: z.optional(z.url({ protocol: /^https$/ })),
    inviteFriend: z.url({ protocol: /^https$/ }),
    partnerProgram: z.url({ protocol: /^https$/ }),
    giftExchange: z.url({ protocol: /^https$/ }),
    messengerChannel: z.url({ protocol: /^https$/ }),
    whatsapp: z.url({ protocol: /^https$/ }),
  }),
  socials: z.object({
    vk: z.url({ protocol: /^https$/ }),
    whatsapp: z.url({ protocol: /^https$/ }),
    telegram: z.url({ protocol: /^https$/ }),
    youtube: z.url({ protocol: /^https$/ }),
    ok: z.url({ protocol: /^https$/ }),
    dzen: z.url({ protocol: /^https$/ }),
  }),
  /** the terms of the seminars' ticket offer (decision 085): how a ticket is refunded, and how visitors whose cards YooKassa may not take can pay */
  tickets: z.optional(z.object({ refundTerms: text, abroadPayment: text })),
  /** the fortune wheel: ops switch it on and off and choose the pages (path prefixes) it appears on */
  wheel: z.object({
    enabled: z.boolean(),
    pages: z.array(z.string().check(z.regex(/^\//, "путь страницы, начиная с /"))),
    /** the campaign of the draws: a phone draws one prize in a campaign, and anew in the next (issue 40) */
    campaign: z.optional(z.string().check(z.regex(/^[\w-]{1,64}$/, "латинские буквы, цифры, _ или -"))),
  }),
  /** the sitewide discount (spec 9: a string starting with '-') */
  discount: z.string().check(z.regex(/^-\d+%$/, "скидка — строка, начинающаяся с '-', например '-30%'")),
  /** what the sitewide discount covers, in words after «Скидка до -30%» («на программы переподготовки…»), and the pages (path prefixes, "/" the home page alone) whose offers it applies to: the discount bar shows there alone */
  discountCovers: z.object({
    text: z.string().check(z.regex(/^на /, "что покрывает скидка — начиная с «на …»")),
    pages: z.array(z.string().check(z.regex(/^\//, "путь страницы, начиная с /"))).check(z.minLength(1)),
  }),
  /** the days of the month a program's group starts on («1 и 15 числа»): every program's start is the next of them after its `startsInDays` */
  intakeDays: z.optional(z.array(z.number().check(z.int(), z.gte(1), z.lte(28))).check(z.minLength(1))),
  /** the bachelor's admission campaign, the one source of its dates and scores: /incomers says them by name (`{{bachelorDocuments}}`, `{{bachelorClassesStart}}`, `{{bachelorMinimumScores}}`, `{{bachelorCampaign}}`), every bachelor's page shows them */
  bachelorAdmission: z.optional(
    z.object({
      /** the academic year admitted to, «2027/28» */
      campaign: text,
      /** when documents are taken, «с 20 июня по 18 сентября 2027 года» */
      documents: text,
      /** the first day of classes, «1 октября 2027 года» */
      classesStart: text,
      /** the lowest USE score taken, by subject */
      minimumScores: z.array(z.object({ subject: text, score: z.number().check(z.int(), z.gte(0), z.lte(100)) })).check(z.minLength(1)),
    }),
  ),
  /** who lends the programs' instalments (a bank or a service, named beside every monthly payment) and its yearly rate in percent: 0 is without overpayment */
  instalment: z.optional(z.object({ partner: text, ratePercent: z.number().check(z.gte(0), z.lt(100)) })),
  /** how visitors from Kazakhstan and Uzbekistan pay (in roubles, and how), said in the price block beside the sum in their money (issue 42) */
  paymentAbroad: z.optional(text),
  /** what a program's price block says is refunded and how, and the document (its slug in documents.json) that says it in full */
  refund: z.optional(z.object({ text, document: slug })),
  cta: z.record(z.enum(ctaKeys), ctaSchema).check(
    z.refine((cta) => ctaKeys.every((key) => key in cta), { message: "в каталоге CTA должны быть все ключи раздела 9" }),
  ),
}).check(
  z.refine((site) => (site.graduationDocuments ?? []).every((d) => site.legalEntities.some((e) => e.id === d.entity)), {
    message: "документ об окончании выдаёт одна из legalEntities: entity — её id",
    path: ["graduationDocuments"],
  }),
);

export type Phone = z.infer<typeof phoneSchema>;
export type LegalEntity = z.infer<typeof legalEntitySchema>;
export type Site = z.infer<typeof siteSchema>;
