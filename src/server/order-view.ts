/**
 * An order as its buyer sees it (decision 085): `GET /api/orders/:id` and the page `/orders/:id`.
 * The order's id is the key (a random id the buyer's browser or the server made); nothing personal
 * is shown. While it waits for its payment and YooKassa has not told the site yet, the payment is
 * read back here (the buyer's return from YooKassa lands before its notification, often).
 */
import type { Catalogue, Seminar } from "../services/catalogue/build";
import { indexes } from "../services/catalogue/queries";
import { leadId } from "../services/leads/schemas";
import { log } from "../services/log";
import { type BuyerStatus, buyerStatus } from "../services/payments/orders";
import * as z from "zod/mini";
import { ticketCode } from "./keys.server";
import { seminarTickets } from "./objects";
import { seminarOfOrder } from "./order-holds";
import { settlePayment, yookassaOf } from "./payments";

export interface OrderView {
  ok: true;
  id: string;
  status: BuyerStatus;
  seminar_id: string;
  seminar_title: string;
  /** when the seminar begins (ISO) */
  date: string;
  format: "online" | "offline";
  place: string;
  tickets: number;
  refunded_tickets: number;
  sum: number;
  /** while it waits for its payment (or a free registration for its confirmation): until when, and where to pay */
  held_until?: string;
  payment_url?: string;
  /** paid or registered: the e-ticket's code, signed by the site (order id and its signature) */
  ticket_code?: string;
  /** paid after the hold ended */
  late?: boolean;
}

export async function orderView(env: Env, catalogue: Catalogue, orderId: string): Promise<OrderView | null> {
  if (!z.safeParse(leadId, orderId).success) return null;
  const seminarId = await seminarOfOrder(env, orderId);
  const seminar: Seminar | undefined = seminarId ? indexes(catalogue).seminarById.get(seminarId) : undefined;
  if (!seminar) return null;
  const stub = seminarTickets(env, seminar.id);
  let order = await stub.record(orderId);
  if (!order) return null;
  const yookassa = yookassaOf(env);
  let paymentUrl: string | undefined;
  if (yookassa && order.paymentId && order.status === "held") {
    try {
      // YooKassa has not told us yet: ask it (the same checks as a notification's)
      let url: string | undefined;
      await settlePayment(env, yookassa, order.paymentId, (payment) => {
        url = payment.confirmation?.confirmation_url;
      });
      order = (await stub.record(orderId)) ?? order;
      if (order.status === "held") paymentUrl = url;
    } catch (error) {
      log.warn("payments.read_back", { order: orderId, error: String(error) });
    }
  }
  // an order taken before prices were kept (decision 085) is priced by its seminar
  const status = buyerStatus({ ...order, price: order.price ?? seminar.price });
  const original = order.status === "refunded" ? order.refunded : order.tickets + order.refunded;
  const code = status === "paid" || status === "registered" ? await ticketCode(env, orderId) : null;
  return {
    ok: true,
    id: orderId,
    status,
    seminar_id: seminar.id,
    seminar_title: seminar.title,
    date: seminar.targetDate,
    format: seminar.format,
    place: seminar.place,
    tickets: original,
    refunded_tickets: order.refunded,
    sum: (order.price ?? seminar.price) * original,
    ...((status === "awaiting_payment" || status === "awaiting_confirmation") && order.holdUntil ? { held_until: new Date(order.holdUntil).toISOString() } : {}),
    ...(status === "awaiting_payment" && paymentUrl ? { payment_url: paymentUrl } : {}),
    ...(code ? { ticket_code: code } : {}),
    ...(order.late ? { late: true } : {}),
  };
}
