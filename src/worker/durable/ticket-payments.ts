/**
 * The payments side of a seminar's tickets (decision 085), for `SeminarTickets`: an order's payment,
 * what a payment read back from YooKassa does to its order, refunds, and the order as its page shows
 * it. Each is one SQLite transaction of the object's storage, as the object's own methods are.
 */
import type { OrderRecord, PaymentCheck, PaymentOutcome, RefundPlan, StoredOrderState } from "../../services/payments/orders";

/** The order's payment: set once (the first one created); answers the payment the order has. */
export function attachPayment(storage: DurableObjectStorage, orderId: string, paymentId: string): string | null {
  const sql = storage.sql;
  sql.exec("UPDATE orders SET payment_id = ? WHERE order_id = ? AND payment_id IS NULL", paymentId, orderId);
  return sql.exec<{ payment_id: string | null }>("SELECT payment_id FROM orders WHERE order_id = ?", orderId).toArray()[0]?.payment_id ?? null;
}

/**
 * A payment read back from YooKassa (never a notification's own word) put to its order, in one
 * transaction: it must be the order's own payment, of the order's amount in roubles. Succeeded
 * while held: sold. Succeeded after the hold ended: sold if the seats are still there, otherwise
 * to be refunded. Canceled while held: the seats come back. The same payment twice is one outcome.
 */
export function paymentOutcome(storage: DurableObjectStorage, orderId: string, check: PaymentCheck): PaymentOutcome {
  const sql = storage.sql;
  return storage.transactionSync((): PaymentOutcome => {
    const order = sql
      .exec<{ status: StoredOrderState; tickets: number; payment_id: string | null; price: number | null }>(
        "SELECT status, tickets, payment_id, price FROM orders WHERE order_id = ?",
        orderId,
      )
      .toArray()[0];
    if (!order) return { outcome: "unknown" };
    if (order.payment_id === null || order.payment_id !== check.paymentId) return { outcome: "mismatch", reason: "payment" };
    if (check.currency !== "RUB") return { outcome: "mismatch", reason: "currency" };
    if (order.price === null || Number(check.value) !== order.price * order.tickets) return { outcome: "mismatch", reason: "amount" };
    const now = Date.now();
    if (check.status === "pending" || check.status === "waiting_for_capture") return { outcome: "pending" };
    if (check.status === "canceled") {
      if (order.status === "canceled") return { outcome: "canceled", already: true };
      if (order.status === "expired") {
        sql.exec("UPDATE orders SET status = 'canceled' WHERE order_id = ?", orderId);
        return { outcome: "canceled", already: true };
      }
      if (order.status !== "held") return { outcome: "ignored", status: order.status };
      sql.exec("UPDATE orders SET status = 'canceled', settled_at = ?, settled_by = 'payment', expiry_reported_at = NULL WHERE order_id = ?", now, orderId);
      sql.exec("UPDATE stock SET tickets_left = tickets_left + ? WHERE id = 1", order.tickets);
      return { outcome: "canceled", already: false };
    }
    // succeeded
    if (order.status === "paid" || order.status === "confirmed") return { outcome: "paid", already: true, late: false };
    if (order.status === "held") {
      sql.exec("UPDATE orders SET status = 'paid', hold_until = NULL, paid_at = ?, settled_at = ?, settled_by = 'payment' WHERE order_id = ?", now, now, orderId);
      return { outcome: "paid", already: false, late: false };
    }
    if (order.status === "expired" || order.status === "canceled") {
      const left = sql.exec<{ tickets_left: number }>("SELECT tickets_left FROM stock WHERE id = 1").one().tickets_left;
      if (left >= order.tickets) {
        sql.exec("UPDATE stock SET tickets_left = tickets_left - ? WHERE id = 1", order.tickets);
        sql.exec("UPDATE orders SET status = 'paid', hold_until = NULL, paid_at = ?, late = 1 WHERE order_id = ?", now, orderId);
        return { outcome: "paid", already: false, late: true };
      }
      sql.exec("UPDATE orders SET status = 'refund_due', paid_at = ?, late = 1 WHERE order_id = ?", now, orderId);
      return { outcome: "refund_due", tickets: order.tickets, price: order.price };
    }
    if (order.status === "refund_due") return { outcome: "refund_due", tickets: order.tickets, price: order.price };
    return { outcome: "ignored", status: order.status };
  });
}

/** What refunding `tickets` of the order (all that are left when null) would return; nothing changes yet. */
export function refundPlan(storage: DurableObjectStorage, orderId: string, tickets: number | null): RefundPlan {
  const order = storage.sql
    .exec<{ status: StoredOrderState; tickets: number; refunded: number; payment_id: string | null; price: number | null; receipt_email: string | null }>(
      "SELECT status, tickets, refunded, payment_id, price, receipt_email FROM orders WHERE order_id = ?",
      orderId,
    )
    .toArray()[0];
  if (!order) return { ok: false, reason: "unknown" };
  const due = order.status === "refund_due";
  // a free registration paid nothing (decision 093): nothing to return
  if ((!due && order.status !== "paid" && order.status !== "confirmed") || order.price === 0) return { ok: false, reason: "not_paid" };
  const count = tickets ?? order.tickets;
  if (count < 1 || count > order.tickets) return { ok: false, reason: "too_many", left: order.tickets };
  return { ok: true, paymentId: order.payment_id, price: order.price ?? 0, tickets: count, refundedBefore: order.refunded, email: order.receipt_email, seatsBack: !due };
}

/**
 * YooKassa's refund `refundId` returned `tickets` of the order: their seats come back (an order
 * refunded for want of seats never took any), and when none is left the order is refunded. The
 * same refund told twice (by ops' call and by its notification) is one.
 */
export function refunded(storage: DurableObjectStorage, orderId: string, refundId: string, tickets: number): boolean {
  const sql = storage.sql;
  return storage.transactionSync(() => {
    if (sql.exec("SELECT 1 FROM refunds WHERE refund_id = ?", refundId).toArray().length > 0) return false;
    const order = sql
      .exec<{ status: StoredOrderState; tickets: number }>("SELECT status, tickets FROM orders WHERE order_id = ?", orderId)
      .toArray()[0];
    if (!order || tickets < 1 || tickets > order.tickets) return false;
    if (!["paid", "confirmed", "refund_due"].includes(order.status)) return false;
    const left = order.tickets - tickets;
    if (order.status !== "refund_due") sql.exec("UPDATE stock SET tickets_left = tickets_left + ? WHERE id = 1", tickets);
    sql.exec("INSERT INTO refunds (refund_id, order_id, tickets, created_at) VALUES (?, ?, ?, ?)", refundId, orderId, tickets, Date.now());
    sql.exec(
      "UPDATE orders SET tickets = ?, refunded = refunded + ?, status = ?, settled_at = ? WHERE order_id = ?",
      left === 0 ? order.tickets : left,
      tickets,
      left === 0 ? "refunded" : order.status,
      Date.now(),
      orderId,
    );
    return true;
  });
}

/** The order as its page shows it (no personal data). */
export function record(storage: DurableObjectStorage, orderId: string): OrderRecord | null {
  const row = storage.sql
    .exec<{
      tickets: number;
      refunded: number;
      created_at: number;
      status: StoredOrderState;
      hold_until: number | null;
      payment_id: string | null;
      price: number | null;
      paid_at: number | null;
      late: number;
    }>("SELECT tickets, refunded, created_at, status, hold_until, payment_id, price, paid_at, late FROM orders WHERE order_id = ?", orderId)
    .toArray()[0];
  if (!row) return null;
  return {
    tickets: row.tickets,
    refunded: row.refunded,
    createdAt: row.created_at,
    status: row.status,
    holdUntil: row.hold_until,
    paymentId: row.payment_id,
    price: row.price,
    paidAt: row.paid_at,
    late: row.late === 1,
  };
}
