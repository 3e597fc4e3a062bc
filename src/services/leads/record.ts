import * as z from "zod/mini";
import { sha256Hex } from "../digest";
import { utmKeys } from "../tracking";
import { visitorAreas } from "../visitor-area";
import { captchaProviders } from "./captcha";
import { formulaSafe } from "./clean-text";

/**
 * The lead record: what the outbox stores and the sinks send (spec 3: the lead payload). One
 * schema: the TypeScript type, the personal fields that are redacted, and the outbox's reading
 * back are all derived from it. A field is personal or not by the shape it is declared in; the
 * tests write the shapes' fields out, each other field with why it is no person's data
 * (record.test.ts), and fail when a value typed into any form survives redaction in a field not
 * written out there (server/intake/personal-data.test.ts).
 */

/** What a lead is about: a plain application, the not-found form, a ticket order, a subscription. */
const leadKinds = ["lead", "notFound", "ticket", "freeAccess", "subscription"] as const;
export type LeadKind = (typeof leadKinds)[number];

const text = () => z.optional(z.string());
/** A personal field: null once the lead is redacted (the retention after every sink has it). */
const personalText = () => z.optional(z.nullable(z.string()));

const abVariant = z.enum(["hidden", "visible"]);

/** The fields that hold a person's data: kept until every sink has the lead and the retention has passed, then null. */
export const personalShape = {
  name: personalText(),
  phone: personalText(),
  email: personalText(),
  question: personalText(),
};

/** What the server knows of the visitor from its cookies (tracking.ts sets them) and the edge: no person's data. */
export const visitorShape = {
  /**
   * the area the edge saw the visitor in (RU, KZ, UZ or other; decision 020), for admissions to
   * route the lead; absent from leads stored before it was kept
   */
  area: z.optional(z.enum(visitorAreas)),
  /** the UTM cookie of the server (spec 3: utm object with utm_source) */
  utm: z.partialRecord(z.enum(utmKeys), z.string()),
  roistatAB: abVariant,
  roistat_visit: text(),
  ymUid: text(),
  advcake_track_id: text(),
  advcake_track_url: text(),
  admitad_uid: text(),
  click_id: text(),
};

/** Every other field, with why it is not a person's data. */
export const requestShape = {
  id: z.string(),
  kind: z.enum(leadKinds),
  receivedAt: z.number(),
  /** the phone country the visitor chose */
  country: text(),
  /** a promo or gift code */
  promocode: text(),
  gift: text(),
  /** which CTA and what it was about (a program's title) */
  cta: text(),
  blockForAmo: text(),
  price: z.optional(z.number()),
  /** the site's own pages */
  leadPage: text(),
  referer: text(),
  utms: z.optional(z.record(z.string(), z.string())),
  consent: z.object({ personalData: z.nullable(z.boolean()), news: z.nullable(z.boolean()), variant: abVariant }),
  /** Turnstile's verdict when it is on: "unverified" when siteverify could not answer (decision 010), or no token came (decision 045) */
  turnstile: z.optional(z.enum(["passed", "unverified"])),
  /**
   * the captcha's verdict when one is on, whichever its provider (decision 045): "unverified" with
   * why, no token (taken on the visit's evidence, within UNVERIFIED_LEAD_RATE_LIMIT) or the check out of reach
   */
  captcha: z.optional(
    z.object({
      provider: z.enum(captchaProviders),
      verdict: z.enum(["passed", "unverified"]),
      reason: z.optional(z.enum(["no_token", "check_unavailable"])),
    }),
  ),
  /** a ticket order's seminar and seats; until when a paid seminar's order holds them, and when its hold ended unpaid (decision 050) */
  ticket: z.optional(
    z.object({
      seminar_id: z.string(),
      seminar_title: z.string(),
      tickets: z.number(),
      date: z.number(),
      seminar_tickets_quantity: z.number(),
      heldUntil: z.optional(z.number()),
      expiredAt: z.optional(z.number()),
      /** paid on the site (decision 085): when, and how many of its tickets were refunded since */
      paidAt: z.optional(z.number()),
      refundedTickets: z.optional(z.number()),
      /** a free seminar's registration: when its holder opened the link in the confirmation letter (decision 093) */
      confirmedAt: z.optional(z.number()),
    }),
  ),
};

export const leadRecordSchema = z.object({ ...requestShape, ...visitorShape, ...personalShape });

export type LeadRecord = z.infer<typeof leadRecordSchema>;
export type Visitor = z.infer<z.ZodMiniObject<typeof visitorShape>>;

/** Personal fields: kept until every sink has the lead and the retention has passed, then redacted. */
export const PERSONAL_FIELDS = Object.keys(personalShape) as (keyof typeof personalShape)[];

/** A stored lead read back (the outbox, a seminar's waiting order): checked, never cast. */
export function readLeadRecord(json: string): LeadRecord {
  return z.parse(leadRecordSchema, JSON.parse(json));
}

/**
 * Identifiers that tie a lead to a browser (the analytics and partners' cookies) and the page the
 * visitor came from (a search engine's address may hold what they searched for). The sinks have
 * had them; once the retention has passed nothing needs them, so they leave with the person's data.
 */
const IDENTIFYING_FIELDS = ["roistat_visit", "ymUid", "advcake_track_id", "advcake_track_url", "admitad_uid", "click_id", "referer"] as const satisfies readonly (keyof LeadRecord)[];

/** The site's page without its query (a click id of an ad can be in it), or nothing when it is not an address. */
function pathOf(page: string): string | undefined {
  try {
    return new URL(page, "https://site.invalid").pathname;
  } catch {
    return undefined;
  }
}

/** The lead without a person's data or what identifies their browser: what stays once the retention has passed. */
export function redacted(lead: LeadRecord): LeadRecord {
  const kept: LeadRecord = { ...lead, ...Object.fromEntries(PERSONAL_FIELDS.map((field) => [field, null])) };
  for (const field of IDENTIFYING_FIELDS) delete kept[field];
  if (kept.leadPage !== undefined) kept.leadPage = pathOf(kept.leadPage);
  return kept;
}

/** Stable id of a subscription: the same e-mail twice is one subscription. */
export async function subscriptionId(email: string): Promise<string> {
  // the first 16 bytes of the digest
  return `sub-${(await sha256Hex(email.trim().toLowerCase())).slice(0, 32)}`;
}

/**
 * Fields a person or a link never wrote as free text: identifiers, enumerations, and the phone in
 * E.164 (a `+` and digits: the one value that starts with `+` by design, and no formula).
 */
const NOT_FREE_TEXT: ReadonlySet<string> = new Set(["id", "kind", "phone", "country", "cta", "roistatAB", "area", "turnstile"]);

const safeValues = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([key, value]) => [key, formulaSafe(value)]));

/**
 * The lead as it is stored and sent (decision 053): every free text, the UTM values and the
 * trackers' ids included, with the apostrophe of OWASP's CSV-injection rule where it would start
 * as a formula (clean-text.ts: formulaSafe).
 */
export function formulaSafeRecord(lead: LeadRecord): LeadRecord {
  const out: Record<string, unknown> = { ...lead };
  for (const [key, value] of Object.entries(lead)) {
    if (NOT_FREE_TEXT.has(key)) continue;
    if (typeof value === "string") out[key] = formulaSafe(value);
  }
  out.utm = safeValues(lead.utm);
  if (lead.utms) out.utms = safeValues(lead.utms);
  if (lead.ticket) out.ticket = { ...lead.ticket, seminar_title: formulaSafe(lead.ticket.seminar_title) };
  return out as LeadRecord;
}
