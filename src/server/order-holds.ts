/**
 * Confirming an order (decision 050): ops (`POST /ops/orders/:id/confirm`) and the CRM (its
 * webhook on a deal's status, routes/api/crm.ts) say an order is paid, or the CRM closes its deal;
 * a free seminar's registrant opens the link in their letter (decision 093). An order is found by
 * its id alone: its lead in the outbox names its seminar.
 */
import { shardHolding } from "../services/leads/outbox";
import { leadId } from "../services/leads/schemas";
import { log } from "../services/log";
import type { ConfirmOutcome } from "../services/tickets";
import * as z from "zod/mini";
import { config } from "./config.server";
import { confirmKey, sameSecret } from "./keys.server";
import { outboxShard, seminarTickets } from "./objects";
import { signingSecret } from "./signing.settings";

/** The seminar of an order, read from its lead in the outbox; null when there is no such order. */
export async function seminarOfOrder(env: Env, orderId: string): Promise<string | null> {
  if (!z.safeParse(leadId, orderId).success) return null;
  const shard = await shardHolding(orderId, (name) => outboxShard(env, name).has(orderId));
  const lead = await outboxShard(env, shard).get(orderId);
  return lead?.kind === "ticket" ? (lead.ticket?.seminar_id ?? null) : null;
}

/**
 * The order is paid, or a free registration confirmed: it keeps its seats, unless its hold ended
 * first (then it stays ended, and says so). A free registration's holder gets the e-ticket and the
 * CRM hears of it through the outbox (decision 093), whoever confirmed it: the letter's link, ops or
 * the CRM. Told again whenever it is confirmed again (told twice is one: the outbox keeps
 * `confirmedAt` once), so a call lost here is made good by the next press, ops' retry or the CRM's
 * webhook sent again, and by the link's page of a confirmed registration.
 */
export async function confirmOrder(env: Env, orderId: string, by: "ops" | "crm" | "email"): Promise<ConfirmOutcome & { seminar?: string }> {
  const seminar = await seminarOfOrder(env, orderId);
  if (!seminar) return { outcome: "unknown" };
  const stub = seminarTickets(env, seminar);
  const confirmed = await stub.confirm(orderId, by);
  if (confirmed.outcome === "confirmed" && (await stub.record(orderId))?.price === 0) {
    if (!confirmed.already) log.info("tickets.registration_confirmed", { order: orderId, by });
    const shard = await shardHolding(orderId, (name) => outboxShard(env, name).has(orderId));
    await outboxShard(env, shard).orderEvent(orderId, { confirmedAt: Date.now() });
  }
  return { ...confirmed, seminar };
}

/** The CRM closed the order's deal unpaid: a held order ends now and its seats go back. */
export async function closeOrder(env: Env, orderId: string): Promise<boolean> {
  const seminar = await seminarOfOrder(env, orderId);
  return seminar ? seminarTickets(env, seminar).closedInCrm(orderId) : false;
}

/**
 * Whether a free seminar's registration waits for its holder to confirm the e-mail they gave
 * (decision 093): the mail API, the site's address (the link's) and a signing key (the link's key)
 * are all set. Otherwise it holds its seat until the seminar starts, as before.
 */
export function confirmsByMail(env: Env): boolean {
  const settings = config(env);
  return Boolean(settings.MAIL_API_URL && settings.MAIL_API_KEY && settings.MAIL_FROM_EMAIL && settings.SITE_URL && signingSecret(settings));
}

/** Whether `key` is the key of the order's confirmation link (decision 093), compared in constant time. */
export async function isConfirmKey(env: Env, orderId: string, key: string): Promise<boolean> {
  const expected = z.safeParse(leadId, orderId).success ? await confirmKey(env, orderId) : null;
  return expected !== null && sameSecret(key, expected);
}

/** The registrant opened their letter's link and pressed the button (decision 093); the key is checked by the caller. */
export const confirmRegistration = (env: Env, orderId: string): Promise<ConfirmOutcome> => confirmOrder(env, orderId, "email");
