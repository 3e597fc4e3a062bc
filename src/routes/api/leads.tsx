import type { Context, Hono } from "hono";
import { refusals, outcomes } from "../../services/leads/messages";
import { shardOf } from "../../services/leads/outbox";
import type { LeadKind, LeadRecord } from "../../services/leads/record";
import { subscriptionId } from "../../services/leads/record";
import { consentErrors, type FieldErrors, notFoundLeadSchema, popupLeadSchema, subscribeSchema, validate } from "../../services/leads/schemas";
import { log } from "../../services/log";
import { config } from "../../worker/config.server";
import type { AppEnv } from "../../worker/env";
import { BadBodyError, type BodyKind, bodyKind, readBody } from "../../worker/middleware/post-guards";
import { visitorOf } from "../../worker/middleware/tracking";
import { renderApply, renderSubscribeResult } from "../pages/apply";
import { humanCheck } from "./human-check";
import { giftError } from "./wheel";

const forms = { popup: popupLeadSchema, notFound: notFoundLeadSchema, freeAccess: notFoundLeadSchema } as const;
type FormName = keyof typeof forms;
const kindOf: Record<FormName, LeadKind> = { popup: "lead", notFound: "notFound", freeAccess: "freeAccess" };

/** A plain HTML form sends strings: numbers and checkboxes become what the schema expects. */
function fromForm(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  for (const key of ["price", "startedAt"]) {
    if (typeof out[key] === "string") out[key] = out[key] === "" ? undefined : Number(out[key]);
  }
  for (const key of ["consent", "subscribeNews"]) out[key] = out[key] === "on" || out[key] === "true" || out[key] === "1";
  for (const key of Object.keys(out)) if (out[key] === "") delete out[key];
  return out;
}

export type Refusal = { status: 400 | 403 | 415 | 429 | 503; message: string; errors?: FieldErrors; values?: Record<string, unknown> };

export async function parse(c: Context<AppEnv>): Promise<{ kind: BodyKind; body: Record<string, unknown> } | Refusal> {
  const kind = bodyKind(c.req.header("Content-Type"));
  if (!kind) return { status: 415, message: refusals.unsupportedType };
  try {
    const raw = await readBody(c.req.raw, kind);
    return { kind, body: kind === "form" ? fromForm(raw) : raw };
  } catch (error) {
    if (error instanceof BadBodyError) return { status: 400, message: error.message };
    throw error;
  }
}

const clientAddress = (c: Context<AppEnv>) => c.req.header("CF-Connecting-IP") ?? c.req.header("X-Forwarded-For")?.split(",")[0]?.trim() ?? "local";

export async function withinRateLimit(c: Context<AppEnv>): Promise<boolean> {
  const limit = config(c.env).LEAD_RATE_LIMIT;
  if (limit === 0) return true;
  try {
    return await c.env.RATE_LIMITER.get(c.env.RATE_LIMITER.idFromName(clientAddress(c))).hit(limit, 60_000);
  } catch (error) {
    // the limiter guards against floods; a visitor's lead matters more than the guard being down a moment
    log.warn("ratelimit.unavailable", { requestId: c.get("requestId"), error: String(error) });
    return true;
  }
}

/** Too fast for a person: measured in the browser (fillMs) or from the server-rendered startedAt. */
export function filledTooFast(c: Context<AppEnv>, body: Record<string, unknown>): boolean {
  const least = config(c.env).LEAD_MIN_FILL_MS;
  if (least === 0) return false;
  const fillMs = typeof body.fillMs === "number" ? body.fillMs : typeof body.startedAt === "number" ? Date.now() - body.startedAt : undefined;
  return fillMs === undefined || !Number.isFinite(fillMs) || fillMs < least;
}

/** Stores the lead in its outbox shard; only then is it accepted. */
export async function storeLead(c: Context<AppEnv>, lead: LeadRecord): Promise<{ duplicate: boolean }> {
  return c.env.LEAD_OUTBOX.get(c.env.LEAD_OUTBOX.idFromName(shardOf(lead.id))).accept(lead);
}

async function acceptLead(c: Context<AppEnv>): Promise<{ id: string } | Refusal> {
  const parsed = await parse(c);
  if ("status" in parsed) return parsed;
  const { body } = parsed;
  if (typeof body.website === "string" && body.website.trim() !== "") return { status: 400, message: refusals.honeypot };
  const form: FormName = body.form === "notFound" || body.form === "freeAccess" ? body.form : "popup";
  const visitor = visitorOf(c);
  const result = validate(forms[form], body);
  const consent = form === "popup" ? {} : consentErrors(visitor.variant, body.consent === true);
  const gift = await giftError(c, body.gift, body.giftToken);
  if (!result.ok || Object.keys(consent).length > 0 || gift) {
    const errors = { ...(result.ok ? {} : result.errors), ...consent, ...(gift ? { gift } : {}) };
    return { status: 400, message: "Проверьте поля формы", errors, values: body };
  }
  if (filledTooFast(c, body)) return { status: 400, message: refusals.tooFast, values: body };
  if (!(await withinRateLimit(c))) return { status: 429, message: refusals.rateLimited, values: body };
  const human = await humanCheck(c, body);
  if ("refused" in human) return { status: 400, message: human.refused, errors: { turnstile: human.refused }, values: body };

  const data = result.data as Record<string, unknown> & { name: string; phone: string };
  const lead = { ...leadRecord(c, kindOf[form], data, visitor), ...human };
  try {
    await storeLead(c, lead);
  } catch (error) {
    log.error("lead.store", { requestId: c.get("requestId"), id: lead.id, error: String(error) });
    // the form comes back with the same id, so a retry of a lead that was stored after all is one lead
    return { status: 503, message: refusals.storeFailed, values: { ...body, id: lead.id } };
  }
  return { id: lead.id };
}

/** The stored lead: what the form sent, plus what the server knows of the visitor (spec 3). */
export function leadRecord(
  c: Context<AppEnv>,
  kind: LeadKind,
  data: Record<string, unknown> & { name: string; phone: string },
  visitor = visitorOf(c),
): LeadRecord {
  const id = typeof data.id === "string" ? data.id : crypto.randomUUID().replace(/-/g, "");
  const personalForm = kind === "lead" || kind === "ticket";
  return {
    id,
    kind,
    receivedAt: Date.now(),
    name: data.name,
    phone: data.phone,
    email: (data.email as string | undefined) || null,
    question: (data.question as string | undefined) || null,
    country: data.country as string | undefined,
    promocode: data.promocode as string | undefined,
    gift: data.gift as string | undefined,
    cta: data.cta as string | undefined,
    blockForAmo: data.blockForAmo as string | undefined,
    price: data.price as number | undefined,
    leadPage: data.leadPage as string | undefined,
    referer: (data.referer as string | undefined) ?? c.req.header("Referer")?.slice(0, 1000),
    utms: data.utms as Record<string, string> | undefined,
    utm: visitor.utm,
    roistatAB: visitor.variant,
    roistat_visit: visitor.roistat_visit,
    ymUid: visitor.ymUid,
    advcake_track_id: visitor.advcake_track_id,
    advcake_track_url: visitor.advcake_track_url,
    admitad_uid: visitor.admitad_uid,
    click_id: visitor.click_id,
    consent: {
      personalData: personalForm ? null : data.consent === true,
      news: personalForm ? null : data.subscribeNews === true,
      variant: visitor.variant,
    },
  };
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
  return c.json({ ok: false, message: outcome.message, ...(outcome.errors ? { errors: outcome.errors } : {}) }, outcome.status);
}

async function postSubscribe(c: Context<AppEnv>) {
  const html = bodyKind(c.req.header("Content-Type")) === "form";
  const answer = (status: 200 | 400 | 403 | 415 | 429 | 503, success: boolean, extra: Record<string, unknown> = {}) =>
    html && status !== 415
      ? renderSubscribeResult(c, status, success, extra.errors as FieldErrors | undefined, extra.email as string | undefined)
      : c.json({ success, ...extra }, status);
  const parsed = await parse(c);
  if ("status" in parsed) return answer(parsed.status, false, { message: parsed.message });
  const { body } = parsed;
  if (typeof body.website === "string" && body.website.trim() !== "") return answer(400, false, { message: refusals.honeypot });
  const visitor = visitorOf(c);
  const result = validate(subscribeSchema, body);
  const consent = consentErrors(visitor.variant, body.consent === true);
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
    roistatAB: visitor.variant,
    consent: { personalData: result.data.consent ?? null, news: result.data.subscribeNews ?? null, variant: visitor.variant },
  };
  try {
    await storeLead(c, lead);
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
