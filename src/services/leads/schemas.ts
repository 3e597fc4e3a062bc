import * as z from "zod/mini";
import { ctaKeys } from "../catalogue/cta-keys";
import { UTMS_NAME } from "../tracking";
import { hasPhoneCharactersOnly, hasTwoLetters, isCleanText, isCleanUrl, isCode, isHtmlEmail, isPersonName, isSitePath, withoutIgnorables } from "./clean-text";
import { cleanMessages, messages } from "./messages";
import { CAPTCHA_FIELDS } from "./captcha";
import { TURNSTILE_FIELD } from "./turnstile";
import { loadedPhoneLibrary, phoneE164 } from "./phone";

/**
 * One schema per form, shared by the islands (instant messages) and the API (the same messages in
 * the 400 answer). zod/mini keeps the browser bundle small.
 */

const PHONE_MIN_DIGITS = 8;
const PHONE_MAX_DIGITS = 15;
const digitCount = (value: string) => value.replace(/\D/g, "").length;

/** Every text field: what shows nothing removed first (clean-text.ts: withoutIgnorables), then trimmed; validated after. */
const trimmed = () => z.string().check(z.overwrite(withoutIgnorables), z.trim());
/**
 * What the page itself puts in a hidden field (a label, a UTM value it kept): one line of text
 * without markup or invisible characters. A page of the site never sends anything else, so a
 * request that does is refused, never cleaned.
 */
const cleanLine = () => trimmed().check(z.refine((value) => isCleanText(value), cleanMessages.textCharacters));
/** An address the page sends: empty, or what `isOk` accepts (a path of the site, an http(s) URL). */
const address = (isOk: (value: string) => boolean, max: number) =>
  trimmed().check(z.maxLength(max, cleanMessages.pageAddress), z.refine((value) => value === "" || isOk(value), cleanMessages.pageAddress));
/** A missing required field is an empty one: it gets the field's own "required" message. */
const required = <S extends z.ZodMiniType>(schema: S) => z.prefault(schema, "" as z.input<S>);
const optionalCode = z.optional(trimmed().check(z.maxLength(32, messages.tooLong32), z.refine(isCode, cleanMessages.codeCharacters)));

const name = (missing: string) =>
  required(
    trimmed().check(
      z.minLength(1, missing),
      z.minLength(2, messages.nameTooShort),
      z.maxLength(32, messages.tooLong32),
      z.refine(isPersonName, cleanMessages.nameCharacters),
      z.refine(hasTwoLetters, cleanMessages.nameLetters),
    ),
  );

/**
 * The spec's rules (required, at least 8 digits) and the characters people type; whether the
 * number exists in its country is `withKnownPhone`'s check, with the country beside it.
 */
const phone = required(
  trimmed().check(
    z.minLength(1, messages.phoneRequired),
    z.refine(hasPhoneCharactersOnly, cleanMessages.phoneCharacters),
    z.refine((value) => digitCount(value) >= PHONE_MIN_DIGITS, messages.phoneTooShort),
    z.refine((value) => digitCount(value) <= PHONE_MAX_DIGITS, cleanMessages.phoneInvalid),
    z.maxLength(40, cleanMessages.phoneInvalid),
  ),
);

/** An e-mail as `<input type=email>` takes it (the HTML standard's rule), refused with the spec's message otherwise. */
const email = () => trimmed().check(z.maxLength(254, messages.emailInvalid), z.refine((v) => v === "" || isHtmlEmail(v), messages.emailInvalid));
const optionalEmail = z.optional(email());

export const INVALID_LEAD_ID = "Некорректный идентификатор заявки";

/**
 * Ids are made by the browser when a form opens, so a retry or a double click is the same lead.
 * `sub-…` is the subscriptions' namespace (record.ts subscriptionId): a client's id there could
 * take an address's subscription id before the subscription and block it.
 */
export const leadId = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, INVALID_LEAD_ID), z.refine((id) => !/^sub-/i.test(id), INVALID_LEAD_ID));

/** What every lead form sends besides its fields: where it was, and the spam guards. */
const context = {
  id: z.optional(leadId),
  /** the path of the page the form was on */
  leadPage: z.optional(address(isSitePath, 500)),
  /** the address the visitor came from (kept by the browser for the session) */
  referer: z.optional(address(isCleanUrl, 1000)),
  utms: z.optional(z.record(z.string().check(z.regex(UTMS_NAME, cleanMessages.textCharacters)), cleanLine().check(z.maxLength(200)))),
  /** which form sent it: the popup (and /apply), the not-found panel, the free-access page */
  form: z.optional(z.enum(["popup", "notFound", "freeAccess"])),
  /** the honeypot: a field people never see, so it stays empty */
  website: z.optional(z.string().check(z.maxLength(200))),
  /** the captcha widget's token, when a captcha is on: Turnstile's (decision 010), SmartCaptcha's (decision 045) or ALTCHA's proof (decision 092) */
  [TURNSTILE_FIELD]: z.optional(z.string().check(z.maxLength(4096))),
  [CAPTCHA_FIELDS.smartcaptcha]: z.optional(z.string().check(z.maxLength(4096))),
  /** the site's own proof of work (decision 092) */
  [CAPTCHA_FIELDS.altcha]: z.optional(z.string().check(z.maxLength(4096))),
};

/** The popup lead form (spec 3 and 5), also the page form of /apply and the ticket order's base. */
export const popupLeadSchema = z.object({
  ...context,
  name: name(messages.nameRequired),
  phone,
  country: z.optional(z.string().check(z.regex(/^[a-z]{2}$/))),
  email: optionalEmail,
  promocode: optionalCode,
  gift: optionalCode,
  /** the signed wheel result behind a gift code from the fortune wheel */
  giftToken: z.optional(z.string().check(z.maxLength(200))),
  question: z.optional(trimmed().check(z.maxLength(320, messages.questionTooLong), z.refine((value) => isCleanText(value, true), cleanMessages.textCharacters))),
  cta: z.optional(z.enum(ctaKeys)),
  blockForAmo: z.optional(cleanLine().check(z.maxLength(200, messages.tooLong32))),
  price: z.optional(z.number().check(z.nonnegative(), z.maximum(100_000_000))),
  consent: z.optional(z.boolean()),
  subscribeNews: z.optional(z.boolean()),
});

/**
 * The buyer of a ticket order: the popup's fields with the e-mail required, since the tickets and
 * the payment link are sent there (decision 025). An ordinary lead keeps its e-mail optional.
 */
export const ticketBuyerSchema = z.extend(popupLeadSchema, {
  email: required(email().check(z.minLength(1, messages.emailRequired))),
});

/**
 * A number no country has is refused on the phone field, read as the field reads it (phone.ts
 * `phoneE164`, decision 070), once the field's own rules pass: wherever libphonenumber-js is at
 * hand, on the server (the routes load it before they validate) and in the browser once the
 * phone field has loaded it. Before that the server's answer says it.
 */
const withKnownPhone = <S extends z.ZodMiniType<{ phone: string; country?: string | undefined }>>(schema: S): S =>
  schema.check(
    z.refine(
      (value: { phone: string; country?: string | undefined }) => {
        const library = loadedPhoneLibrary();
        return !library || phoneE164(value.country, value.phone, library) !== undefined;
      },
      {
        path: ["phone"],
        message: cleanMessages.phoneInvalid,
        when: (payload) =>
          typeof (payload.value as { phone?: unknown } | undefined)?.phone === "string" && !payload.issues.some((issue) => issue.path?.[0] === "phone" || issue.path?.[0] === "country"),
      },
    ),
  ) as S;

/** The islands' checks: the schemas with the number's own check (the base schemas stay extendable). */
export const popupLeadForm = withKnownPhone(popupLeadSchema);
export const ticketBuyerForm = withKnownPhone(ticketBuyerSchema);

/** The not-found form of the search panel (spec 5): every field required. */
const notFoundLeadSchema = z.object({
  ...context,
  name: name(messages.nameRequiredNotFound),
  phone,
  country: z.optional(z.string().check(z.regex(/^[a-z]{2}$/))),
  email: required(email().check(z.minLength(1, messages.emailRequired))),
  consent: z.optional(z.boolean()),
  subscribeNews: z.optional(z.boolean()),
});

export const notFoundLeadForm = withKnownPhone(notFoundLeadSchema);

/**
 * The body of `POST /api/leads`: the popup's fields (`form` "popup" or none), or a short form's
 * (`form` "notFound", the search's nothing-found panel, or "freeAccess").
 */
export const leadBodySchema = withKnownPhone(
  z.discriminatedUnion(
    "form",
    [z.extend(popupLeadSchema, { form: z.optional(z.literal("popup")) }), z.extend(notFoundLeadSchema, { form: z.enum(["notFound", "freeAccess"]) })],
    { error: "Неизвестная форма заявки" },
  ),
);

export type LeadBody = z.output<typeof leadBodySchema>;

/** The fortune wheel's form (issue 40, point 8): the phone a draw is for, and its country. */
export const wheelSpinSchema = withKnownPhone(z.object({ phone, country: z.optional(z.string().check(z.regex(/^[a-z]{2}$/))) }));

/** The subscription form (spec 3 and 5). */
export const subscribeSchema = z.object({
  email: required(email().check(z.minLength(1, messages.emailRequiredSubscribe))),
  consent: z.optional(z.boolean()),
  subscribeNews: z.optional(z.boolean()),
  website: z.optional(z.string().check(z.maxLength(200))),
});

export type PopupLeadInput = z.infer<typeof popupLeadSchema>;
export type SubscribeInput = z.infer<typeof subscribeSchema>;

export type FieldErrors = Record<string, string>;

/** A validation's outcome as zod gives it: the data, or the issues. */
export type Parsed<T> = { success: true; data: T } | { success: false; error: z.core.$ZodError };

/** The first message of each field, as the forms show them. */
export function fieldErrors(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "form";
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export function validate<S extends z.ZodMiniType>(schema: S, input: unknown): Validation<z.infer<S>> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data as z.infer<S> } : { ok: false, errors: fieldErrors(result.error) };
}

/**
 * Under the A/B variant 'visible' the personal-data consent is enforced (Russian law wants a
 * separate consent), so a form of that variant without it is refused with the spec's message.
 */
export function consentErrors(variant: "hidden" | "visible", consent: boolean | undefined): FieldErrors {
  return variant === "visible" && consent !== true ? { consent: messages.consentRequired } : {};
}
