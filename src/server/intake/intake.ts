/**
 * What every form post goes through before anything is stored: the body read, the evidence of a
 * visit, the rate limits of the client, and how a lead is stored. Shared by leads, orders and
 * subscriptions, so no door of the intake is weaker than another.
 */
import type { Context } from "hono";
import { WIDE_FACTOR } from "../../services/client-address";
import { requestFingerprint, requestFields } from "../../services/leads/fingerprint";
import { refusals } from "../../services/leads/messages";
import { type AcceptOutcome, acceptInItsShard } from "../../services/leads/outbox";
import { formulaSafeRecord, type LeadKind, type LeadRecord, type Visitor } from "../../services/leads/record";
import type { FieldErrors, PopupLeadInput } from "../../services/leads/schemas";
import { log } from "../../services/log";
import { config } from "../config.server";
import type { Budget } from "../../services/rate-limit";
import type { AppEnv } from "../env";
import { refererOf, visitorOf } from "../visitor";
import { outboxShard, rateLimiter } from "../objects";

type RefusalStatus = 400 | 403 | 409 | 415 | 429 | 503;

/**
 * A request the intake does not take, and why: the status, the message, the fields' messages,
 * and what the form sent (a form posted without JavaScript comes back with it).
 */
export interface Refusal {
  status: RefusalStatus;
  message: string;
  errors?: FieldErrors;
  values?: Record<string, unknown>;
  /** "id_conflict": the id went with another request before (decision 016) */
  code?: "id_conflict";
  /** an order's refusal says how many tickets are left */
  tickets_quantity?: number;
}

/** A refusal as the JSON API answers it: `{ok: false, message, code?, errors?, tickets_quantity?}`. */
export function refusalJson(c: Context<AppEnv>, refusal: Refusal) {
  return c.json(
    {
      ok: false as const,
      message: refusal.message,
      ...(refusal.code ? { code: refusal.code } : {}),
      ...(refusal.errors ? { errors: refusal.errors } : {}),
      ...(refusal.tickets_quantity !== undefined ? { tickets_quantity: refusal.tickets_quantity } : {}),
    },
    refusal.status,
  );
}

/** The fields of what a form sent, whatever it was. */
export const fieldsOf = (body: unknown): Record<string, unknown> =>
  typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/** Whether the honeypot, a field people never see, was filled. */
export const filledHoneypot = (body: Record<string, unknown>) => typeof body.website === "string" && body.website.trim() !== "";

/**
 * Takes a request's cost from the client's budgets: from its address group (an IPv4 address, an
 * IPv6 /64) and, for IPv6, from its /48 against four times each limit (decision 051). A /48 that
 * refuses gives the /64's take back. A limiter that cannot answer lets the request through.
 */
export async function withinBudgets(c: Context<AppEnv>, budgets: Budget[]): Promise<boolean> {
  if (budgets.length === 0) return true;
  const { key, wide } = c.get("client");
  try {
    const taken = await rateLimiter(c.env, key).take(budgets);
    if (!taken.ok) return false;
    if (!wide) return true;
    const widely = await rateLimiter(c.env, wide).take(budgets.map((budget) => ({ ...budget, limit: budget.limit * WIDE_FACTOR })));
    if (widely.ok) return true;
    await rateLimiter(c.env, key).refund(taken.receipt);
    return false;
  } catch (error) {
    // the limiter guards against floods; a visitor's lead matters more than the guard being down a moment
    log.warn("ratelimit.unavailable", { requestId: c.get("requestId"), error: String(error) });
    return true;
  }
}

/** LEAD_RATE_LIMIT requests a minute (leads and subscriptions), and for an order its seats from TICKET_RATE_LIMIT an hour. */
export function withinRateLimit(c: Context<AppEnv>, seats = 0): Promise<boolean> {
  const settings = config(c.env);
  const budgets: Budget[] = [];
  if (settings.LEAD_RATE_LIMIT > 0) budgets.push({ name: "requests", limit: settings.LEAD_RATE_LIMIT, windowMs: 60_000, cost: 1 });
  if (seats > 0 && settings.TICKET_RATE_LIMIT > 0) budgets.push({ name: "seats", limit: settings.TICKET_RATE_LIMIT, windowMs: 3600_000, cost: seats });
  return withinBudgets(c, budgets);
}

/**
 * The minimum fill time, on the server's evidence: the signed time of the visitor's first page
 * (tracking.ts). A post with no page visit before it is refused whatever it claims; a visit that
 * could not be checked (no signing secret, the old keys out of reach) is not held against anyone.
 */
export function visitRefusal(c: Context<AppEnv>): string | null {
  const least = config(c.env).LEAD_MIN_FILL_MS;
  if (least === 0) return null;
  const visit = c.get("visit");
  if (visit.kind === "unknown") return null;
  if (visit.kind === "none" || visit.at > Date.now() + 60_000) return refusals.noVisit;
  return Date.now() - visit.at < least ? refusals.tooFast : null;
}

/** The fingerprint of what a form asked for (fingerprint.ts). */
export const fingerprintOf = (kind: LeadKind, data: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  requestFingerprint(kind, { ...requestFields(data), ...extra });

/** Stores the lead in its outbox shard (outbox.ts: across shard counts); only then is it accepted. */
export function storeLead(c: Context<AppEnv>, lead: LeadRecord, fingerprint: string): Promise<AcceptOutcome> {
  return acceptInItsShard(lead, fingerprint, (shard) => outboxShard(c.env, shard));
}

/** A new lead id, when the form did not bring one. */
export const newId = () => crypto.randomUUID().replace(/-/g, "");

/** What a lead form sent, validated: the popup's fields, of which the others send fewer. */
export type LeadFields = Partial<PopupLeadInput> & { name: string; phone: string };

/** The stored lead: what the form sent, plus what the server knows of the visitor (spec 3); no value a spreadsheet runs (decision 053). */
export function leadRecord(c: Context<AppEnv>, kind: LeadKind, data: LeadFields, visitor: Visitor = visitorOf(c)): LeadRecord {
  const personalForm = kind === "lead" || kind === "ticket";
  return formulaSafeRecord({
    id: data.id ?? newId(),
    kind,
    receivedAt: Date.now(),
    name: data.name,
    phone: data.phone,
    email: data.email || null,
    question: data.question || null,
    country: data.country,
    promocode: data.promocode,
    gift: data.gift,
    cta: data.cta,
    blockForAmo: data.blockForAmo,
    price: data.price,
    leadPage: data.leadPage,
    referer: data.referer || refererOf(c, 1000),
    utms: data.utms,
    ...visitor,
    consent: {
      personalData: personalForm ? null : data.consent === true,
      news: personalForm ? null : data.subscribeNews === true,
      variant: visitor.roistatAB,
    },
  });
}
