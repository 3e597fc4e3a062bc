import { DurableObject } from "cloudflare:workers";

export type TicketOrderResult =
  | { ok: true; tickets_quantity: number; duplicate: boolean }
  | { ok: false; tickets_quantity: number };

/**
 * The tickets of one seminar (DESIGN.md): the check and the take happen in one SQLite
 * transaction, so no interleaving of buyers can sell more tickets than exist or go below zero.
 * The order id is the key: the same order twice is one order.
 */
export class SeminarTickets extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS stock (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        tickets_left INTEGER NOT NULL CHECK (tickets_left >= 0)
      );
      CREATE TABLE IF NOT EXISTS orders (
        order_id TEXT PRIMARY KEY,
        tickets INTEGER NOT NULL CHECK (tickets > 0),
        created_at INTEGER NOT NULL
      );
    `);
  }

  /** Tickets left; the content's count is the start when ops have not set one. */
  ticketsLeft(initial: number): number {
    const row = this.ctx.storage.sql.exec<{ tickets_left: number }>("SELECT tickets_left FROM stock WHERE id = 1").toArray()[0];
    return row ? row.tickets_left : initial;
  }

  order(orderId: string, tickets: number, initial: number): TicketOrderResult {
    const sql = this.ctx.storage.sql;
    return this.ctx.storage.transactionSync(() => {
      sql.exec("INSERT OR IGNORE INTO stock (id, tickets_left) VALUES (1, ?)", Math.max(0, initial));
      const left = sql.exec<{ tickets_left: number }>("SELECT tickets_left FROM stock WHERE id = 1").one().tickets_left;
      if (sql.exec("SELECT 1 FROM orders WHERE order_id = ?", orderId).toArray().length > 0) {
        return { ok: true as const, tickets_quantity: left, duplicate: true };
      }
      if (!Number.isInteger(tickets) || tickets < 1 || tickets > left) return { ok: false as const, tickets_quantity: left };
      sql.exec("UPDATE stock SET tickets_left = tickets_left - ? WHERE id = 1", tickets);
      sql.exec("INSERT INTO orders (order_id, tickets, created_at) VALUES (?, ?, ?)", orderId, tickets, Date.now());
      return { ok: true as const, tickets_quantity: left - tickets, duplicate: false };
    });
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
}
