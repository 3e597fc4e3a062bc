import { DurableObject } from "cloudflare:workers";
import { type LeadRecord, readLeadRecord } from "../../services/leads/record";
import type { OrderRequest, OrderResult } from "../../services/tickets";
import { acceptInItsShard } from "../../services/leads/outbox";
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
];

/**
 * The tickets of one seminar (DESIGN.md). Taking seats and keeping the order's lead are one SQLite
 * transaction: an order either holds its seats and its lead, or neither. The lead is then handed to
 * the lead outbox (by the Worker at once, by this object's alarm after a crash); if the outbox finds
 * the id used for another request, the seats go back. No interleaving of buyers can sell more
 * tickets than exist or go below zero, and the same order twice is one order.
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

  async order(request: OrderRequest): Promise<OrderResult> {
    const sql = this.ctx.storage.sql;
    const now = Date.now();
    const result = this.ctx.storage.transactionSync((): OrderResult => {
      sql.exec("INSERT OR IGNORE INTO stock (id, tickets_left) VALUES (1, ?)", Math.max(0, request.initial));
      const left = sql.exec<{ tickets_left: number }>("SELECT tickets_left FROM stock WHERE id = 1").one().tickets_left;
      const existing = sql
        .exec<{ fingerprint: string | null; tickets: number }>("SELECT fingerprint, tickets FROM orders WHERE order_id = ?", request.orderId)
        .toArray()[0];
      if (existing) {
        const same = existing.fingerprint === null ? existing.tickets === request.tickets : existing.fingerprint === request.fingerprint;
        return same ? { ok: true, tickets_quantity: left, duplicate: true } : { ok: false, reason: "conflict", tickets_quantity: left };
      }
      if (!Number.isInteger(request.tickets) || request.tickets < 1 || request.tickets > left) return { ok: false, reason: "tooFew", tickets_quantity: left };
      const held = sql.exec<{ n: number | null }>("SELECT sum(tickets) AS n FROM orders WHERE phone_key = ?", request.phoneKey).one().n ?? 0;
      if (held + request.tickets > request.perPhone) return { ok: false, reason: "perPhone", held, tickets_quantity: left };
      sql.exec("UPDATE stock SET tickets_left = tickets_left - ? WHERE id = 1", request.tickets);
      sql.exec(
        "INSERT INTO orders (order_id, tickets, created_at, fingerprint, phone_key, lead) VALUES (?, ?, ?, ?, ?, ?)",
        request.orderId,
        request.tickets,
        now,
        request.fingerprint,
        request.phoneKey,
        JSON.stringify({ ...request.lead, ticket: request.lead.ticket ? { ...request.lead.ticket, seminar_tickets_quantity: left - request.tickets } : undefined }),
      );
      return { ok: true, tickets_quantity: left - request.tickets, duplicate: false };
    });
    if (result.ok && !result.duplicate) await this.armAt(now + HANDOVER_GRACE_MS);
    return result;
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
      const order = sql.exec<{ tickets: number }>("SELECT tickets FROM orders WHERE order_id = ? AND handed_over_at IS NULL", orderId).toArray()[0];
      if (order) {
        sql.exec("DELETE FROM orders WHERE order_id = ?", orderId);
        sql.exec("UPDATE stock SET tickets_left = tickets_left + ? WHERE id = 1", order.tickets);
      }
      return sql.exec<{ tickets_left: number }>("SELECT tickets_left FROM stock WHERE id = 1").one().tickets_left;
    });
  }

  /** An order as its confirmation page shows it (no personal data): its seats and when it was taken. */
  orderOf(orderId: string): { tickets: number; createdAt: number } | null {
    const row = this.ctx.storage.sql.exec<{ tickets: number; created_at: number }>("SELECT tickets, created_at FROM orders WHERE order_id = ?", orderId).toArray()[0];
    return row ? { tickets: row.tickets, createdAt: row.created_at } : null;
  }

  /** Hands over every order whose lead is still here after the grace (the Worker crashed, or the outbox was down). */
  override async alarm(): Promise<void> {
    const sql = this.ctx.storage.sql;
    const now = Date.now();
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
    if (next !== null) await this.ctx.storage.setAlarm(next);
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

  /** Ops set the count (PUT /ops/seminars/:id/tickets). */
  setTickets(quantity: number): number {
    this.ctx.storage.sql.exec(
      "INSERT INTO stock (id, tickets_left) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET tickets_left = excluded.tickets_left",
      quantity,
    );
    return quantity;
  }

  /** Tickets sold through this object (for tests and ops). */
  sold(): number {
    return this.ctx.storage.sql.exec<{ n: number | null }>("SELECT sum(tickets) AS n FROM orders").one().n ?? 0;
  }

  /** Orders whose lead has not reached the outbox yet (for tests, ops and the crash drill). */
  waitingOrders(): number {
    return this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM orders WHERE handed_over_at IS NULL").one().n;
  }
}
