/**
 * Paying for an order on the site (decision 085): the order's payment created at YooKassa, and
 * every word of YooKassa's (a notification, the buyer's return) settled by reading the payment
 * back and putting it to the order's own object, which checks it against the order. Refunds go
 * the same way: YooKassa first, then the seats.
 */
import { log } from "../services/log";
import type { PaymentOutcome } from "../services/payments/orders";
import { type PaymentSettings, paymentSettings, type YooKassaSettings } from "../services/payments/settings";
import { createPayment, createRefund, getPayment, getRefund, type NewPayment, YooKassaError, type YooKassaPayment } from "../services/payments/yookassa";
import { shardHolding } from "../services/leads/outbox";
import { outboxShard, seminarTickets } from "./objects";
import { seminarOfOrder } from "./order-holds";

/**
 * Tells the CRM, through the outbox, that the order was paid or refunded (an update of its deal, as
 * an ended hold is). The same event told again is one, so a notification YooKassa sends again after
 * a failure here tells it then.
 */
async function tellCrm(env: Env, orderId: string, seminar: string): Promise<void> {
  const order = await seminarTickets(env, seminar).record(orderId);
  if (!order) return;
  const outbox = outboxShard(env, await shardHolding(orderId, (name) => outboxShard(env, name).has(orderId)));
  // an order refunded at once for want of seats was never sold: the CRM hears of its refund alone
  if (order.paidAt !== null && !(order.late && (order.status === "refunded" || order.status === "refund_due"))) await outbox.orderEvent(orderId, { paidAt: order.paidAt });
  if (order.refunded > 0) await outbox.orderEvent(orderId, { refundedTickets: order.refunded });
}

/** Paying on the site is on: the settings of YooKassa; null when it is off. */
export const yookassaOf = (env: Env): YooKassaSettings | null => paymentSettings(env).yookassa;
export const paymentsOf = (env: Env): PaymentSettings => paymentSettings(env);

/** Creates (or, for the same order, finds again) the order's payment; answers the page to pay on. */
export async function startPayment(env: Env, yookassa: YooKassaSettings, payment: NewPayment): Promise<string | null> {
  const created = await createPayment(yookassa, payment);
  const attached = await seminarTickets(env, payment.seminarId).attachPayment(payment.orderId, created.id);
  if (attached !== created.id) log.warn("payments.other_payment", { order: payment.orderId });
  return created.confirmation?.confirmation_url ?? null;
}

export type Settled = PaymentOutcome | { outcome: "not_found" } | { outcome: "no_order" };

/**
 * Reads the payment back from YooKassa and puts what it says to its order. A payment YooKassa does
 * not know, or one of no order of this site, changes nothing. A payment that succeeded after its
 * order's seats were gone is refunded at once, with its own idempotence key.
 */
export async function settlePayment(env: Env, yookassa: YooKassaSettings, paymentId: string, read?: (payment: YooKassaPayment) => void): Promise<Settled> {
  let payment: Awaited<ReturnType<typeof getPayment>>;
  try {
    payment = await getPayment(yookassa, paymentId);
    read?.(payment);
  } catch (error) {
    if (error instanceof YooKassaError && (error.status === 404 || error.status === 400)) return { outcome: "not_found" };
    throw error;
  }
  const orderId = payment.metadata?.order_id;
  const seminar = orderId ? await seminarOfOrder(env, orderId) : null;
  if (!orderId || !seminar) return { outcome: "no_order" };
  const stub = seminarTickets(env, seminar);
  const outcome = await stub.paymentOutcome(orderId, { paymentId: payment.id, status: payment.status, value: payment.amount.value, currency: payment.amount.currency });
  if (outcome.outcome === "mismatch") log.warn("payments.mismatch", { order: orderId, reason: outcome.reason });
  if (outcome.outcome === "refund_due") {
    const refund = await createRefund(yookassa, {
      paymentId: payment.id,
      amount: outcome.price * outcome.tickets,
      idempotenceKey: `${orderId}:late-refund`,
      description: "Возврат: места закончились до оплаты",
      ticketPrice: outcome.price,
      tickets: outcome.tickets,
      email: (await stub.refundPlan(orderId, null).then((plan) => (plan.ok ? plan.email : null))) ?? "",
      vatCode: yookassa.vatCode,
    });
    await stub.refunded(orderId, refund.id, outcome.tickets);
    log.info("payments.late_refund", { order: orderId });
    await tellCrm(env, orderId, seminar);
  }
  if (outcome.outcome === "paid") {
    if (!outcome.already) log.info("payments.paid", { order: orderId, late: outcome.late });
    await tellCrm(env, orderId, seminar);
  } else if (outcome.outcome === "canceled" && !outcome.already) {
    log.info("payments.canceled", { order: orderId });
  }
  return outcome;
}

/** A refund YooKassa says succeeded (one ops made in YooKassa's own cabinet too): read back, then its tickets' seats come back. */
export async function settleRefund(env: Env, yookassa: YooKassaSettings, refundId: string): Promise<boolean> {
  let refund: Awaited<ReturnType<typeof getRefund>>;
  try {
    refund = await getRefund(yookassa, refundId);
  } catch (error) {
    if (error instanceof YooKassaError && (error.status === 404 || error.status === 400)) return false;
    throw error;
  }
  if (refund.status !== "succeeded") return false;
  const payment = await getPayment(yookassa, refund.payment_id);
  const orderId = payment.metadata?.order_id;
  const seminar = orderId ? await seminarOfOrder(env, orderId) : null;
  if (!orderId || !seminar) return false;
  const stub = seminarTickets(env, seminar);
  const order = await stub.record(orderId);
  if (!order || order.paymentId !== payment.id || !order.price) return false;
  const tickets = Math.min(order.tickets, Math.round(Number(refund.amount.value) / order.price));
  const refunded = tickets > 0 ? await stub.refunded(orderId, refund.id, tickets) : false;
  if (refunded) await tellCrm(env, orderId, seminar);
  return refunded;
}

export type RefundOutcome =
  | { ok: true; seminar: string; tickets: number; refunded: boolean }
  | { ok: false; reason: "unknown" | "not_paid" | "too_many" | "failed"; left?: number };

/** Ops refund an order, whole or some of its tickets: YooKassa returns the money first (when the order was paid through it), then the seats come back. */
export async function refundOrder(env: Env, orderId: string, tickets: number | null): Promise<RefundOutcome> {
  const seminar = await seminarOfOrder(env, orderId);
  if (!seminar) return { ok: false, reason: "unknown" };
  const stub = seminarTickets(env, seminar);
  const plan = await stub.refundPlan(orderId, tickets);
  if (!plan.ok) return plan;
  const yookassa = yookassaOf(env);
  let refundId = `${orderId}:ops:${plan.refundedBefore}:${plan.tickets}`;
  if (plan.paymentId) {
    if (!yookassa) return { ok: false, reason: "failed" };
    try {
      const refund = await createRefund(yookassa, {
        paymentId: plan.paymentId,
        amount: plan.price * plan.tickets,
        idempotenceKey: refundId,
        description: "Возврат билетов",
        ticketPrice: plan.price,
        tickets: plan.tickets,
        email: plan.email ?? "",
        vatCode: yookassa.vatCode,
      });
      if (refund.status === "canceled") return { ok: false, reason: "failed" };
      refundId = refund.id;
    } catch (error) {
      log.error("payments.refund", { order: orderId, error: String(error) });
      return { ok: false, reason: "failed" };
    }
  }
  const refunded = await stub.refunded(orderId, refundId, plan.tickets);
  // the money is back and the seats too: a CRM that hears of it later (the outbox's alarm) is told all the same
  await tellCrm(env, orderId, seminar).catch((error: unknown) => log.error("payments.refund.crm", { order: orderId, error: String(error) }));
  return { ok: true, seminar, tickets: plan.tickets, refunded };
}
