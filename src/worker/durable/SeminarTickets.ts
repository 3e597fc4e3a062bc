import { DurableObject } from "cloudflare:workers";

/**
 * The tickets of one seminar (DESIGN.md): tickets left and the orders taken, changed only inside
 * one SQLite transaction so no order can oversell. Ordering is issue #5.
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

  /** Tickets left, or null while the seminar's count has not been set from content. */
  ticketsLeft(): number | null {
    const row = this.ctx.storage.sql.exec<{ tickets_left: number }>("SELECT tickets_left FROM stock WHERE id = 1").toArray()[0];
    return row ? row.tickets_left : null;
  }
}
