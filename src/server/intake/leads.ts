/**
 * A lead and a subscription from the moment their fields are read to the moment the outbox has
 * them: the same steps for the JSON API (routes/api/leads.ts) and a form posted without
 * JavaScript (routes/pages/forms.tsx).
 */
import type { Context } from "hono";
import { requestFingerprint } from "../../services/leads/fingerprint";
import { outcomes, refusals } from "../../services/leads/messages";
import { toE164 } from "../../services/leads/phone-number";
import { formulaSafeRecord, type LeadRecord, subscriptionId, type Visitor } from "../../services/leads/record";
import { consentErrors, type FieldErrors, fieldErrors, type LeadBody, type Parsed, type SubscribeInput } from "../../services/leads/schemas";
import { log } from "../../services/log";
import type { AppEnv } from "../env";
import { refererOf, visitorOf } from "../visitor";
import { giftError, honouredGift } from "./gift";
import { captchaRefusal, humanCheck } from "./human-check";
import { fieldsOf, filledHoneypot, fingerprintOf, leadRecord, newId, type Refusal, storeLead, visitRefusal, withinRateLimit } from "./intake";

const kindOf = { popup: "lead", notFound: "notFound", freeAccess: "freeAccess" } as const;

/**
 * What no schema can say of a lead: the honeypot, the fields' messages together with the consent
 * the visitor's A/B variant asks for (the short forms) and the gift code's signature.
 */
export async function leadRefusal(c: Context<AppEnv>, body: unknown, parsed: Parsed<LeadBody>): Promise<Refusal | null> {
  const fields = fieldsOf(body);
  if (filledHoneypot(fields)) return { status: 400, message: refusals.honeypot };
  const short = fields.form === "notFound" || fields.form === "freeAccess";
  const errors: FieldErrors = {
    ...(parsed.success ? {} : fieldErrors(parsed.error)),
    ...(short ? consentErrors(visitorOf(c).roistatAB, fields.consent === true) : {}),
  };
  const gift = await giftError(c.env, fields.gift, fields.giftToken);
  if (gift) errors.gift = gift;
  return Object.keys(errors).length > 0 ? { status: 400, message: refusals.badValue, errors, values: fields } : null;
}

/** Takes a lead whose fields are valid: its phone read, the visit's evidence, the limits, the human check; stored. */
export async function takeLead(c: Context<AppEnv>, data: LeadBody, values: Record<string, unknown>): Promise<{ id: string } | Refusal> {
  const phone = await toE164(data.phone, data.country);
  if ("error" in phone) return { status: 400, message: refusals.badValue, errors: { phone: phone.error }, values };
  const tooFast = visitRefusal(c);
  if (tooFast) return { status: 400, message: tooFast, values };
  if (!(await withinRateLimit(c))) return { status: 429, message: refusals.rateLimited, values };
  const human = await humanCheck(c, values, kindOf[data.form ?? "popup"]);
  if ("refused" in human) return captchaRefusal(human.refused, values);

  const id = data.id ?? newId();
  const gift = "gift" in data ? await honouredGift(c, data.gift, data.giftToken, phone.e164, id) : undefined;
  const fields = { ...data, id, phone: phone.e164, ...(gift === undefined ? { gift: undefined } : { gift }) };
  const lead = { ...leadRecord(c, kindOf[data.form ?? "popup"], fields), ...human };
  try {
    const outcome = await storeLead(c, lead, await fingerprintOf(lead.kind, fields));
    // the id was used for another request: the form comes back without it, so sending again is a new lead
    if (outcome === "conflict") return { status: 409, message: refusals.idConflict, code: "id_conflict", values: { ...values, id: undefined } };
  } catch (error) {
    log.error("lead.store", { requestId: c.get("requestId"), id: lead.id, error: String(error) });
    // the form comes back with the same id, so a retry of a lead that was stored after all is one lead
    return { status: 503, message: refusals.storeFailed, values: { ...values, id: lead.id } };
  }
  return { id: lead.id };
}

/** The honeypot, the e-mail's messages and the consent the visitor's variant asks for. */
export function subscriptionRefusal(c: Context<AppEnv>, body: unknown, parsed: Parsed<SubscribeInput>): Refusal | null {
  const fields = fieldsOf(body);
  if (filledHoneypot(fields)) return { status: 400, message: refusals.honeypot };
  const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...consentErrors(visitorOf(c).roistatAB, fields.consent === true) };
  return Object.keys(errors).length > 0 ? { status: 400, message: refusals.badValue, errors, values: fields } : null;
}

/** The stored subscription: the address, the page it was sent from, what the server knows of the visitor. */
export async function subscriptionRecord(c: Context<AppEnv>, data: SubscribeInput, visitor: Visitor = visitorOf(c)): Promise<LeadRecord> {
  const email = data.email.toLowerCase();
  return formulaSafeRecord({
    id: await subscriptionId(email),
    kind: "subscription",
    receivedAt: Date.now(),
    email,
    leadPage: refererOf(c, 500),
    utm: visitor.utm,
    roistatAB: visitor.roistatAB,
    area: visitor.area,
    consent: { personalData: data.consent ?? null, news: data.subscribeNews ?? null, variant: visitor.roistatAB },
  });
}

/**
 * Takes a subscription: the same address again is the same subscription, whatever its checkboxes
 * say. The footer's form is on every page, so the visitor has the evidence of a visit as for a lead.
 */
export async function takeSubscription(c: Context<AppEnv>, data: SubscribeInput): Promise<{ ok: true } | Refusal> {
  const tooFast = visitRefusal(c);
  if (tooFast) return { status: 400, message: tooFast };
  if (!(await withinRateLimit(c))) return { status: 429, message: refusals.rateLimited };
  const lead = await subscriptionRecord(c, data);
  try {
    const outcome = await storeLead(c, lead, await requestFingerprint("subscription", { email: data.email.toLowerCase() }));
    // the address's id holds another request (stored before client ids were kept out of `sub-`): nothing was stored
    if (outcome === "conflict") {
      log.error("subscribe.conflict", { requestId: c.get("requestId"), id: lead.id });
      return { status: 409, message: outcomes.subscribeFailed };
    }
  } catch (error) {
    log.error("subscribe.store", { requestId: c.get("requestId"), error: String(error) });
    return { status: 503, message: outcomes.subscribeFailed };
  }
  return { ok: true };
}
