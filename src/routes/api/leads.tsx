import type { Context, Hono } from "hono";
import { outcomes, refusals } from "../../services/leads/messages";
import { toE164 } from "../../services/leads/phone-number";
import type { LeadKind, LeadRecord } from "../../services/leads/record";
import { subscriptionId } from "../../services/leads/record";
import { consentErrors, notFoundLeadSchema, popupLeadSchema, subscribeSchema, validate } from "../../services/leads/schemas";
import { requestFingerprint } from "../../services/leads/fingerprint";
import { log } from "../../services/log";
import type { AppEnv } from "../../server/env";
import { bodyKind } from "../../server/body";
import { visitorOf } from "../../server/visitor";
import { renderApply, renderSubscribeResult } from "../pages/apply";
import { humanCheck } from "../../server/intake/human-check";
import { filledHoneypot, fingerprintOf, leadRecord, parse, type Refusal, storeLead, visitRefusal, withinRateLimit } from "../../server/intake/intake";
import { giftError } from "../../server/intake/gift";

const forms = { popup: popupLeadSchema, notFound: notFoundLeadSchema, freeAccess: notFoundLeadSchema } as const;
type FormName = keyof typeof forms;
const kindOf: Record<FormName, LeadKind> = { popup: "lead", notFound: "notFound", freeAccess: "freeAccess" };

async function acceptLead(c: Context<AppEnv>): Promise<{ id: string } | Refusal> {
  const parsed = await parse(c);
  if ("status" in parsed) return parsed;
  const { body } = parsed;
  if (filledHoneypot(body)) return { status: 400, message: refusals.honeypot };
  const form: FormName = body.form === "notFound" || body.form === "freeAccess" ? body.form : "popup";
  const visitor = visitorOf(c);
  const result = validate(forms[form], body);
  const consent = form === "popup" ? {} : consentErrors(visitor.roistatAB, body.consent === true);
  const gift = await giftError(c.env, body.gift, body.giftToken);
  const phone = result.ok ? await toE164(result.data.phone, result.data.country) : null;
  if (!result.ok || Object.keys(consent).length > 0 || gift || (phone && "error" in phone)) {
    const errors = { ...(result.ok ? {} : result.errors), ...(phone && "error" in phone ? { phone: phone.error } : {}), ...consent, ...(gift ? { gift } : {}) };
    return { status: 400, message: refusals.badValue, errors, values: body };
  }
  const tooFast = await visitRefusal(c);
  if (tooFast) return { status: 400, message: tooFast, values: body };
  if (!(await withinRateLimit(c))) return { status: 429, message: refusals.rateLimited, values: body };
  const human = await humanCheck(c, body);
  if ("refused" in human) return { status: 400, message: human.refused, errors: { turnstile: human.refused }, values: body };

  const data = { ...result.data, phone: phone!.e164 };
  const lead = { ...leadRecord(c, kindOf[form], data, visitor), ...human };
  try {
    const outcome = await storeLead(c, lead, await fingerprintOf(lead.kind, data));
    // the id was used for another request: the form comes back without it, so sending again is a new lead
    if (outcome === "conflict") return { status: 409, message: refusals.idConflict, values: { ...body, id: undefined } };
  } catch (error) {
    log.error("lead.store", { requestId: c.get("requestId"), id: lead.id, error: String(error) });
    // the form comes back with the same id, so a retry of a lead that was stored after all is one lead
    return { status: 503, message: refusals.storeFailed, values: { ...body, id: lead.id } };
  }
  return { id: lead.id };
}

async function postLead(c: Context<AppEnv>) {
  const html = bodyKind(c.req.header("Content-Type")) === "form";
  const outcome = await acceptLead(c);
  if ("id" in outcome) {
    return html ? c.redirect(`/gratefull?lead=${encodeURIComponent(outcome.id)}`, 303) : c.json({ ok: true, id: outcome.id });
  }
  if (html && outcome.status !== 415) {
    return renderApply(c, { status: outcome.status, errors: outcome.errors ?? { form: outcome.message }, values: outcome.values });
  }
  const code = outcome.status === 409 ? { code: "id_conflict" } : {};
  return c.json({ ok: false, message: outcome.message, ...code, ...(outcome.errors ? { errors: outcome.errors } : {}) }, outcome.status);
}

async function postSubscribe(c: Context<AppEnv>) {
  const html = bodyKind(c.req.header("Content-Type")) === "form";
  const answer = (status: 200 | 400 | 403 | 415 | 429 | 503, success: boolean, extra: { message?: string; errors?: Record<string, string>; email?: string } = {}) =>
    html && status !== 415 ? renderSubscribeResult(c, status, success, extra.errors, extra.email) : c.json({ success, ...extra }, status);
  const parsed = await parse(c);
  if ("status" in parsed) return answer(parsed.status === 409 ? 400 : parsed.status, false, { message: parsed.message });
  const { body } = parsed;
  if (filledHoneypot(body)) return answer(400, false, { message: refusals.honeypot });
  const visitor = visitorOf(c);
  const result = validate(subscribeSchema, body);
  const consent = consentErrors(visitor.roistatAB, body.consent === true);
  if (!result.ok || Object.keys(consent).length > 0) {
    const email = typeof body.email === "string" ? body.email.slice(0, 254) : undefined;
    return html
      ? renderSubscribeResult(c, 400, false, { ...(result.ok ? {} : result.errors), ...consent }, email)
      : answer(400, false, { errors: { ...(result.ok ? {} : result.errors), ...consent } });
  }
  if (!(await withinRateLimit(c))) return answer(429, false, { message: refusals.rateLimited });
  const email = result.data.email.toLowerCase();
  const lead: LeadRecord = {
    id: await subscriptionId(email),
    kind: "subscription",
    receivedAt: Date.now(),
    email,
    leadPage: c.req.header("Referer")?.slice(0, 500),
    utm: visitor.utm,
    roistatAB: visitor.roistatAB,
    consent: { personalData: result.data.consent ?? null, news: result.data.subscribeNews ?? null, variant: visitor.roistatAB },
  };
  try {
    // the same address again is the same subscription, whatever its checkboxes say
    await storeLead(c, lead, await requestFingerprint("subscription", { email }));
  } catch (error) {
    log.error("subscribe.store", { requestId: c.get("requestId"), error: String(error) });
    return answer(503, false, { message: outcomes.subscribeFailed });
  }
  return answer(200, true);
}

export function registerLeadApi(app: Hono<AppEnv>): void {
  app.post("/api/leads", postLead);
  app.post("/api/subscribe", postSubscribe);
}
