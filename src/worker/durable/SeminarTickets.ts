import { DurableObject } from "cloudflare:workers";
import { type LeadRecord, readLeadRecord } from "../../services/leads/record";
import type { ConfirmOutcome, OrderRequest, OrderResult, OrderState, SeatCounts } from "../../services/tickets";
import type { OrderRecord, PaymentCheck, PaymentOutcome, RefundPlan } from "../../services/payments/orders";
import * as payments from "./ticket-payments";
import { acceptInItsShard, shardHolding } from "../../services/leads/outbox";
import { log } from "../../services/log";
import { hasColumn, type Migration, migrate } from "./migrations";
import { outboxShard } from "../../server/objects";

/** A taken order's lead waits this long for the Worker's own hand-over before the alarm hands it over. */
export const HANDOVER_GRACE_MS = 15_000;
const HANDOVER_RETRY_MAX_MS = 10 * 60_000;

export const TICKETS_MIGRATIONS: readonly Migration[] = [
  (sql) =>
    sql.exec(`
      CREATE TABLE IF NOT EXISTS stock (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        tickets_left INTEGER NOT NULL CHECK (tickets_left >= 0)
      );
      CREATE TABLE IF NOT EXISTS orders (
        order_id TEXT PRIMARY KEY,
        tickets INTEGER NOT NULL CHECK (tickets > 0),
        created_at INTEGER NOT NULL
      );
    `),
  // 2: the order and its lead are one fact: the lead waits here until the outbox has it
  (sql) => {
    for (const [column, type] of [
      ["fingerprint", "TEXT"],
      ["phone_key", "TEXT"],
      ["lead", "TEXT"],
      ["handed_over_at", "INTEGER"],
      ["handover_attempts", "INTEGER NOT NULL DEFAULT 0"],
    ] as const) {
      if (!hasColumn(sql, "orders", column)) sql.exec(`ALTER TABLE orders ADD COLUMN ${column} ${type}`);
    }
    // orders taken before this version went to the outbox with their answer
    sql.exec("UPDATE orders SET handed_over_at = created_at WHERE handed_over_at IS NULL AND lead IS NULL");
    sql.exec("CREATE INDEX IF NOT EXISTS orders_waiting ON orders (handed_over_at) WHERE handed_over_at IS NULL");
    sql.exec("CREATE INDEX IF NOT EXISTS orders_by_phone ON orders (phone_key)");
  },
  // 3: holds that end (decision 050): an order of a paid seminar is held until it is confirmed or its hold ends;
  // orders taken before holds existed were promised their seats, so they count as confirmed
  (sql) => {
    for (const [column, type] of [
      ["status", "TEXT NOT NULL DEFAULT 'confirmed'"],
      ["hold_until", "INTEGER"],
      ["email_key", "TEXT"],
      ["group_key", "TEXT"],
      ["wide_key", "TEXT"],
      ["settled_at", "INTEGER"],
      ["settled_by", "TEXT"],
      ["expiry_reported_at", "INTEGER"],
      ["report_attempts", "INTEGER NOT NULL DEFAULT 0"],
    ] as const) {
      if (!hasColumn(sql, "orders", column)) sql.exec(`ALTER TABLE orders ADD COLUMN ${column} ${type}`);
    }
    sql.exec("CREATE INDEX IF NOT EXISTS orders_holding ON orders (hold_until) WHERE status = 'held'");
    sql.exec("CREATE INDEX IF NOT EXISTS orders_by_email ON orders (email_key)");
    sql.exec("CREATE INDEX IF NOT EXISTS orders_by_group ON orders (group_key)");
    sql.exec("CREATE INDEX IF NOT EXISTS orders_by_wide ON orders (wide_key)");
    sql.exec("CREATE INDEX IF NOT EXISTS orders_unreported ON orders (expiry_reported_at) WHERE status = 'expired'");
  },
  // 4: paid on the site (decision 085): the order's payment, its price, what was refunded, the receipt's e-mail
  (sql) => {
    for (const [column, type] of [
      ["payment_id", "TEXT"],
      ["price", "INTEGER"],
      ["refunded", "INTEGER NOT NULL DEFAULT 0"],
      ["receipt_email", "TEXT"],
      ["paid_at", "INTEGER"],
      ["late", "INTEGER NOT NULL DEFAULT 0"],
    ] as const) {
      if (!hasColumn(sql, "orders", column)) sql.exec(`ALTER TABLE orders ADD COLUMN ${column} ${type}`);
    }
    sql.exec("CREATE INDEX IF NOT EXISTS orders_by_payment ON orders (payment_id)");
    sql.exec("CREATE TABLE IF NOT EXISTS refunds (refund_id TEXT PRIMARY KEY, order_id TEXT NOT NULL, tickets INTEGER NOT NULL, created_at INTEGER NOT NULL)");
  },
];

/** The seats an order holds while it is in one of these states; an expired order holds none. */
const HOLDING = "status IN ('held', 'registered', 'confirmed', 'paid')";

/**
 * The tickets of one seminar (DESIGN.md). Taking seats and keeping the order's lead are one SQLite
 * transaction: an order either holds its seats and its lead, or neither. The lead is then handed to
 * the lead outbox (by the Worker at once, by this object's alarm after a crash); if the outbox finds
 * the id used for another request, the seats go back. No interleaving of buyers can sell more
 * tickets than exist or go below zero, and the same order twice is one order.
 *
 * An order of a paid seminar holds its seats until `hold_until` (decision 050): confirmed before
 * then (ops, the CRM), it keeps them; otherwise this object's alarm gives them back and tells the
 * CRM, through the outbox, as an update of the order's deal. Confirming and expiring are each one
 * transaction of this object, so whichever comes first decides, and the other sees its outcome.
 * A free seminar's registration holds its seat for the same hold until its holder confirms the
 * e-mail they gave (decision 093), or, when the site sends no letters, until the seminar starts.
 */
export class SeminarTickets extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, TICKETS_MIGRATIONS);
  }

  /** Tickets left; the content's count is the start when ops have not set one. */
  ticketsLeft(initial: number): number {
    const row = this.ctx.storage.sql.exec<{ tickets_left: number }>("SELECT tickets_left FROM stock WHERE id = 1").toArray()[0];
    return row ? row.tickets_left : initial;
  }

  /** Tickets left and the seats held by orders not yet confirmed (they come back if the hold ends unpaid). */
  counts(initial: number): SeatCounts {
    const held = this.ctx.storage.sql.exec<{ n: number | null }>("SELECT sum(tickets) AS n FROM orders WHERE status = 'held'").one().n ?? 0;
    return { left: this.ticketsLeft(initial), held };
  }

  async order(request: OrderRequest): Promise<OrderResult> {
    const sql = this.ctx.storage.sql;
    const now = Date.now();
    const holding = (column: string, key: string) =>
      sql.exec<{ n: number | null }>(`SELECT sum(tickets) AS n FROM orders WHERE ${column} = ? AND ${HOLDING}`, key).one().n ?? 0;
    const result = this.ctx.storage.transactionSync((): OrderResult => {
      sql.exec("INSERT OR IGNORE INTO stock (id, tickets_left) VALUES (1, ?)", Math.max(0, request.initial));
      const left = sql.exec<{ tickets_left: number }>("SELECT tickets_left FROM stock WHERE id = 1").one().tickets_left;
      const existing = sql
        .exec<{ fingerprint: string | null; tickets: number; hold_until: number | null }>("SELECT fingerprint, tickets, hold_until FROM orders WHERE order_id = ?", request.orderId)
        .toArray()[0];
      if (existing) {
        const same = existing.fingerprint === null ? existing.tickets === request.tickets : existing.fingerprint === request.fingerprint;
        return same ? { ok: true, tickets_quantity: left, duplicate: true, holdUntil: existing.hold_until } : { ok: false, reason: "conflict", tickets_quantity: left };
      }
      if (!Number.isInteger(request.tickets) || request.tickets < 1 || request.tickets > left) return { ok: false, reason: "tooFew", tickets_quantity: left };
      if (request.phoneKey) {
        const held = holding("phone_key", request.phoneKey);
        if (held + request.tickets > request.perPhone) return { ok: false, reason: "perPhone", held, tickets_quantity: left };
      }
      if (request.emailKey) {
        const held = holding("email_key", request.emailKey);
        if (held + request.tickets > request.perPhone) return { ok: false, reason: "perEmail", held, tickets_quantity: left };
      }
      if (request.perGroup > 0) {
        const key = request.groupKey ? holding("group_key", request.groupKey) : 0;
        const wide = request.wideKey ? holding("wide_key", request.wideKey) : 0;
        if (key + request.tickets > request.perGroup || wide + request.tickets > request.perGroup * 2) return { ok: false, reason: "perGroup", tickets_quantity: left };
      }
      sql.exec("UPDATE stock SET tickets_left = tickets_left - ? WHERE id = 1", request.tickets);
      const ticket = request.lead.ticket ? { ...request.lead.ticket, seminar_tickets_quantity: left - request.tickets, ...(request.holdUntil ? { heldUntil: request.holdUntil } : {}) } : undefined;
      sql.exec(
        `INSERT INTO orders (order_id, tickets, created_at, fingerprint, phone_key, lead, status, hold_until, email_key, group_key, wide_key, price, receipt_email)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        request.orderId,
        request.tickets,
        now,
        request.fingerprint,
        request.phoneKey,
        JSON.stringify({ ...request.lead, ticket }),
        request.holdUntil ? "held" : "registered",
        request.holdUntil,
        request.emailKey,
        request.groupKey,
        request.wideKey,
        request.price ?? null,
        request.receiptEmail ?? null,
      );
      return { ok: true, tickets_quantity: left - request.tickets, duplicate: false, holdUntil: request.holdUntil };
    });
    if (result.ok && !result.duplicate) await this.armAt(Math.min(now + HANDOVER_GRACE_MS, request.holdUntil ?? Number.POSITIVE_INFINITY));
    return result;
  }

  /**
   * Ops or the CRM say the order is paid, or a free registration's holder confirmed their e-mail
   * (decision 093): it keeps its seats past its hold. An order whose hold has already ended (its
   * seats given back) stays ended: the outcome says so.
   */
  confirm(orderId: string, by: "ops" | "crm" | "email"): ConfirmOutcome {
    const sql = this.ctx.storage.sql;
    return this.ctx.storage.transactionSync((): ConfirmOutcome => {
      const order = sql
        .exec<{ status: OrderState; settled_at: number | null; hold_until: number | null; tickets: number }>("SELECT status, settled_at, hold_until, tickets FROM orders WHERE order_id = ?", orderId)
        .toArray()[0];
      if (!order) return { outcome: "unknown" };
      // a registrant's press after the hold's end, before the alarm has given the seats back: the hold ended first (decision 093)
      if (by === "email" && order.status === "held" && order.hold_until !== null && order.hold_until <= Date.now()) {
        const now = Date.now();
        sql.exec("UPDATE orders SET status = 'expired', settled_at = ?, settled_by = 'hold' WHERE order_id = ?", now, orderId);
        sql.exec("UPDATE stock SET tickets_left = tickets_left + ? WHERE id = 1", order.tickets);
        return { outcome: "expired", at: now };
      }
      if (order.status === "expired") return { outcome: "expired", at: order.settled_at };
      if (order.status === "confirmed" || order.status === "paid") return { outcome: "confirmed", already: true };
      // its payment was canceled or refunded (decision 085): its seats went back, as an ended hold's did
      if (order.status === "canceled" || order.status === "refunded" || order.status === "refund_due") return { outcome: "expired", at: order.settled_at };
      sql.exec("UPDATE orders SET status = 'confirmed', hold_until = NULL, settled_at = ?, settled_by = ? WHERE order_id = ?", Date.now(), by, orderId);
      return { outcome: "confirmed", already: false };
    });
  }

  /**
   * The CRM closed the order's deal as lost: a held order ends now and its seats go back; the CRM
   * is not told again (it said so itself). Confirmed or registered orders are not touched.
   */
  closedInCrm(orderId: string): boolean {
    return this.expire(orderId, Date.now(), "crm");
  }

  /** Ends a held order and gives its seats back, in one transaction; false when it is not held any more. */
  private expire(orderId: string, now: number, by: "hold" | "crm"): boolean {
    const sql = this.ctx.storage.sql;
    return this.ctx.storage.transactionSync(() => {
      const order = sql.exec<{ tickets: number }>("SELECT tickets FROM orders WHERE order_id = ? AND status = 'held'", orderId).toArray()[0];
      if (!order) return false;
      sql.exec(
        "UPDATE orders SET status = 'expired', settled_at = ?, settled_by = ?, expiry_reported_at = ? WHERE order_id = ?",
        now,
        by,
        by === "crm" ? now : null,
        orderId,
      );
      sql.exec("UPDATE stock SET tickets_left = tickets_left + ? WHERE id = 1", order.tickets);
      return true;
    });
  }

  /** The lead of an order not yet handed over (with the count left when it was taken); null once the outbox has it. */
  waitingLead(orderId: string): { lead: LeadRecord; fingerprint: string } | null {
    const row = this.ctx.storage.sql
      .exec<{ lead: string | null; fingerprint: string | null }>("SELECT lead, fingerprint FROM orders WHERE order_id = ? AND handed_over_at IS NULL", orderId)
      .toArray()[0];
    return row?.lead && row.fingerprint ? { lead: readLeadRecord(row.lead), fingerprint: row.fingerprint } : null;
  }

  /** The outbox has the order's lead: this object forgets the personal data and keeps the seats. */
  handedOver(orderId: string): void {
    this.ctx.storage.sql.exec("UPDATE orders SET handed_over_at = ?, lead = NULL WHERE order_id = ? AND handed_over_at IS NULL", Date.now(), orderId);
  }

  /**
   * The outbox refused the order's id (used before for another request): the order is undone and
   * its seats go back. An order the outbox already has is never undone.
   */
  release(orderId: string): number {
    const sql = this.ctx.storage.sql;
    return this.ctx.storage.transactionSync(() => {
      const order = sql.exec<{ tickets: number; status: OrderState }>("SELECT tickets, status FROM orders WHERE order_id = ? AND handed_over_at IS NULL", orderId).toArray()[0];
      if (order) {
        sql.exec("DELETE FROM orders WHERE order_id = ?", orderId);
        // an order whose hold ended gave its seats back then
        if (order.status !== "expired") sql.exec("UPDATE stock SET tickets_left = tickets_left + ? WHERE id = 1", order.tickets);
      }
      return sql.exec<{ tickets_left: number }>("SELECT tickets_left FROM stock WHERE id = 1").one().tickets_left;
    });
  }

  /** An order as its confirmation page shows it (no personal data): its seats, when it was taken, its state and until when it is held. */
  orderOf(orderId: string): { tickets: number; createdAt: number; status: OrderState; holdUntil: number | null } | null {
    const row = this.ctx.storage.sql
      .exec<{ tickets: number; created_at: number; status: OrderState; hold_until: number | null }>("SELECT tickets, created_at, status, hold_until FROM orders WHERE order_id = ?", orderId)
      .toArray()[0];
    return row ? { tickets: row.tickets, createdAt: row.created_at, status: row.status, holdUntil: row.hold_until } : null;
  }

  /**
   * Ends the holds that are due and tells the CRM of each; hands over every order whose lead is
   * still here after the grace (the Worker crashed, or the outbox was down). Re-arms for the next
   * of these. An alarm is kept in the object's storage: a restart or a deploy runs it all the same.
   */
  override async alarm(): Promise<void> {
    const sql = this.ctx.storage.sql;
    const now = Date.now();
    for (const { order_id } of sql.exec<{ order_id: string }>("SELECT order_id FROM orders WHERE status = 'held' AND hold_until <= ?", now).toArray()) {
      if (this.expire(order_id, now, "hold")) log.info("tickets.expired", { order: order_id });
    }
    const waiting = sql
      .exec<{ order_id: string; handover_attempts: number; created_at: number }>(
        "SELECT order_id, handover_attempts, created_at FROM orders WHERE handed_over_at IS NULL ORDER BY created_at",
      )
      .toArray();
    let next: number | null = null;
    for (const order of waiting) {
      const due = order.created_at + HANDOVER_GRACE_MS;
      if (due > now) {
        next = Math.min(next ?? due, due);
        continue;
      }
      const outcome = await this.handOver(order.order_id);
      if (outcome === "failed") {
        const attempts = order.handover_attempts + 1;
        sql.exec("UPDATE orders SET handover_attempts = ? WHERE order_id = ?", attempts, order.order_id);
        const retry = now + Math.min(HANDOVER_RETRY_MAX_MS, 1000 * 2 ** Math.min(attempts, 10));
        next = Math.min(next ?? retry, retry);
      }
    }
    const report = await this.reportExpiries(now);
    const hold = sql.exec<{ at: number | null }>("SELECT min(hold_until) AS at FROM orders WHERE status = 'held'").one().at;
    const at = [next, report, hold].filter((t): t is number => t !== null);
    if (at.length > 0) await this.ctx.storage.setAlarm(Math.max(now, Math.min(...at)));
  }

  /**
   * Tells the CRM, through the outbox, of each ended hold not yet told (an update of the order's
   * own deal, decision 050); an order still waiting for its hand-over is told after it. Answers
   * when to try again the ones the outbox could not take; null when none is left.
   */
  private async reportExpiries(now: number): Promise<number | null> {
    const sql = this.ctx.storage.sql;
    const due = sql
      .exec<{ order_id: string; settled_at: number; report_attempts: number }>(
        "SELECT order_id, settled_at, report_attempts FROM orders WHERE status IN ('expired', 'canceled') AND expiry_reported_at IS NULL AND handed_over_at IS NOT NULL",
      )
      .toArray();
    let retry: number | null = null;
    for (const order of due) {
      try {
        const shard = await shardHolding(order.order_id, (name) => outboxShard(this.env, name).has(order.order_id));
        const told = await outboxShard(this.env, shard).orderExpired(order.order_id, order.settled_at);
        // handed over, so the outbox has it: never seen, but a lost lead must not be asked for forever
        if (!told) log.warn("tickets.expiry.no_lead", { order: order.order_id });
        sql.exec("UPDATE orders SET expiry_reported_at = ? WHERE order_id = ?", Date.now(), order.order_id);
      } catch (error) {
        const attempts = order.report_attempts + 1;
        sql.exec("UPDATE orders SET report_attempts = ? WHERE order_id = ?", attempts, order.order_id);
        log.error("tickets.expiry.report", { order: order.order_id, attempts, error: String(error) });
        const at = now + Math.min(HANDOVER_RETRY_MAX_MS, 1000 * 2 ** Math.min(attempts, 10));
        retry = Math.min(retry ?? at, at);
      }
    }
    return retry;
  }

  private async handOver(orderId: string): Promise<"handedOver" | "released" | "failed"> {
    const waiting = this.waitingLead(orderId);
    if (!waiting) return "handedOver";
    try {
      const outcome = await acceptInItsShard(waiting.lead, waiting.fingerprint, (shard) => outboxShard(this.env, shard));
      if (outcome === "conflict") {
        this.release(orderId);
        log.warn("tickets.released", { order: orderId, reason: "the id was used for another request" });
        return "released";
      }
      this.handedOver(orderId);
      log.info("tickets.handed_over", { order: orderId, by: "alarm" });
      return "handedOver";
    } catch (error) {
      log.error("tickets.handover", { order: orderId, error: String(error) });
      return "failed";
    }
  }

  private async armAt(at: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  /** The order's payment: set once (the first one created); answers the payment the order has (ticket-payments.ts). */
  attachPayment(orderId: string, paymentId: string): string | null {
    return payments.attachPayment(this.ctx.storage, orderId, paymentId);
  }

  /** A payment read back from YooKassa put to its order, in one transaction (ticket-payments.ts). */
  paymentOutcome(orderId: string, check: PaymentCheck): PaymentOutcome {
    return payments.paymentOutcome(this.ctx.storage, orderId, check);
  }

  /** What refunding `tickets` of the order would return; nothing changes yet (ticket-payments.ts). */
  refundPlan(orderId: string, tickets: number | null): RefundPlan {
    return payments.refundPlan(this.ctx.storage, orderId, tickets);
  }

  /** YooKassa's refund returned `tickets` of the order: their seats come back, once (ticket-payments.ts). */
  refunded(orderId: string, refundId: string, tickets: number): boolean {
    return payments.refunded(this.ctx.storage, orderId, refundId, tickets);
  }

  /** The order as its page shows it, no personal data (ticket-payments.ts). */
  record(orderId: string): OrderRecord | null {
    return payments.record(this.ctx.storage, orderId);
  }

  /** Ops set the count (PUT /ops/seminars/:id/tickets). */
  setTickets(quantity: number): number {
    this.ctx.storage.sql.exec(
      "INSERT INTO stock (id, tickets_left) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET tickets_left = excluded.tickets_left",
      quantity,
    );
    return quantity;
  }

  /** Tickets sold or held through this object (for tests and ops); an ended hold's seats are not. */
  sold(): number {
    return this.ctx.storage.sql.exec<{ n: number | null }>(`SELECT sum(tickets) AS n FROM orders WHERE ${HOLDING}`).one().n ?? 0;
  }

  /** Orders whose lead has not reached the outbox yet (for tests, ops and the crash drill). */
  waitingOrders(): number {
    return this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM orders WHERE handed_over_at IS NULL").one().n;
  }
}
