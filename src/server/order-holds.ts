/**
 * Confirming an order (decision 050): ops (`POST /ops/orders/:id/confirm`) and the CRM (its
 * webhook on a deal's status, routes/api/crm.ts) say an order is paid, or the CRM closes its deal.
 * An order is found by its id alone: its lead in the outbox names its seminar.
 */
import { shardHolding } from "../services/leads/outbox";
import { leadId } from "../services/leads/schemas";
import type { ConfirmOutcome } from "../services/tickets";
import * as z from "zod/mini";
import { outboxShard, seminarTickets } from "./objects";

/** The seminar of an order, read from its lead in the outbox; null when there is no such order. */
export async function seminarOfOrder(env: Env, orderId: string): Promise<string | null> {
  if (!z.safeParse(leadId, orderId).success) return null;
  const shard = await shardHolding(orderId, (name) => outboxShard(env, name).has(orderId));
  const lead = await outboxShard(env, shard).get(orderId);
  return lead?.kind === "ticket" ? (lead.ticket?.seminar_id ?? null) : null;
}

/** The order is paid: it keeps its seats, unless its hold ended first (then it stays ended, and says so). */
export async function confirmOrder(env: Env, orderId: string, by: "ops" | "crm"): Promise<ConfirmOutcome & { seminar?: string }> {
  const seminar = await seminarOfOrder(env, orderId);
  if (!seminar) return { outcome: "unknown" };
  return { ...(await seminarTickets(env, seminar).confirm(orderId, by)), seminar };
}

/** The CRM closed the order's deal unpaid: a held order ends now and its seats go back. */
export async function closeOrder(env: Env, orderId: string): Promise<boolean> {
  const seminar = await seminarOfOrder(env, orderId);
  return seminar ? seminarTickets(env, seminar).closedInCrm(orderId) : false;
}
