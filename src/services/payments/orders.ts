/**
 * An order as its buyer sees it once paying happens on the site (decision 085): the states the
 * seminar's object keeps, the five the buyer is told (`GET /api/orders/:id`), and what the object
 * answers when a payment read back from YooKassa, or a refund, is put to it.
 */
import type { OrderState } from "../tickets";

/** The states of an order in the seminar's object: those of decision 050, and paying's. */
export type StoredOrderState = OrderState;

/** What the buyer is told (DESIGN.md); a free seminar's registrant is told of its confirmation instead of a payment (decision 093). */
export type BuyerStatus = "awaiting_payment" | "paid" | "canceled" | "expired" | "refunded" | "awaiting_confirmation" | "registered";

/** An order as the object keeps it, without personal data. */
export interface OrderRecord {
  tickets: number;
  refunded: number;
  createdAt: number;
  status: StoredOrderState;
  holdUntil: number | null;
  paymentId: string | null;
  /** the price of one ticket when the order was taken; null for an order taken before decision 085 */
  price: number | null;
  paidAt: number | null;
  /** paid after its hold had ended */
  late: boolean;
}

/**
 * The state the buyer reads: a hold past its end is expired even before the object's alarm has run.
 * A free seminar's order (its ticket's price 0) waits for its confirmation, and is a registration.
 */
export function buyerStatus(order: Pick<OrderRecord, "status" | "holdUntil" | "price">, now = Date.now()): BuyerStatus {
  const free = order.price === 0;
  switch (order.status) {
    case "held":
      if (order.holdUntil !== null && order.holdUntil <= now) return "expired";
      return free ? "awaiting_confirmation" : "awaiting_payment";
    case "registered":
    case "confirmed":
    case "paid":
      return free ? "registered" : "paid";
    case "refunded":
    case "refund_due":
      return "refunded";
    case "canceled":
      return "canceled";
    default:
      return "expired";
  }
}

/** A payment as YooKassa answered when it was read back: what the object checks against the order. */
export interface PaymentCheck {
  paymentId: string;
  status: "pending" | "waiting_for_capture" | "succeeded" | "canceled";
  value: string;
  currency: string;
}

export type PaymentOutcome =
  | { outcome: "unknown" }
  | { outcome: "mismatch"; reason: "payment" | "amount" | "currency" }
  | { outcome: "pending" }
  | { outcome: "paid"; already: boolean; late: boolean }
  | { outcome: "canceled"; already: boolean }
  /** paid after the hold ended and the seats were gone: the payment is to be refunded whole */
  | { outcome: "refund_due"; tickets: number; price: number }
  | { outcome: "ignored"; status: StoredOrderState };

/** What a refund of an order would return, or why there is none. */
export type RefundPlan =
  | { ok: true; paymentId: string | null; price: number; tickets: number; refundedBefore: number; email: string | null; seatsBack: boolean }
  | { ok: false; reason: "unknown" | "not_paid" | "too_many"; left?: number };
