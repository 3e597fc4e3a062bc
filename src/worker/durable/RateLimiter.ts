import { DurableObject } from "cloudflare:workers";
import type { Budget, Take } from "../../services/rate-limit";
import { type Migration, migrate } from "./migrations";

/** The limiter's schema (migrations.ts); before version 1 its budgets lived in memory and had no tables. */
export const RATE_LIMITER_MIGRATIONS: readonly Migration[] = [
  // 1: what a client spent, when, and until when it counts (the longest window it was taken under)
  (sql) =>
    sql.exec(`
      CREATE TABLE IF NOT EXISTS spent (
        budget TEXT NOT NULL,
        at INTEGER NOT NULL,
        cost INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS spent_by_budget ON spent (budget, at);
      CREATE INDEX IF NOT EXISTS spent_by_expiry ON spent (expires_at);
    `),
];

/**
 * Counts what one address group (an IPv4 address, an IPv6 /64 or /48: services/client-address.ts)
 * sends in sliding windows, one object per group, so a flood is refused across every isolate of the Worker. A request is taken only
 * when every budget it draws on has room: leads count one each, ticket orders also their seats.
 * What was spent is kept in the object's SQLite storage, so an eviction, a crash or a deploy
 * (a new instance on the same storage) does not hand an address a new hour of seats.
 */
export class RateLimiter extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, RATE_LIMITER_MIGRATIONS);
  }

  async take(budgets: Budget[], now = Date.now()): Promise<Take> {
    const sql = this.ctx.storage.sql;
    const taken = this.ctx.storage.transactionSync((): Take => {
      // what has left every window goes first: one indexed delete, so a client's rows stay a handful
      sql.exec("DELETE FROM spent WHERE expires_at <= ?", now);
      const live = budgets.map((budget) => ({
        budget,
        used: sql.exec<{ n: number | null }>("SELECT sum(cost) AS n FROM spent WHERE budget = ? AND at > ?", budget.name, now - budget.windowMs).one().n ?? 0,
      }));
      const over = live.find(({ budget, used }) => used + budget.cost > budget.limit);
      if (over) return { ok: false, budget: over.budget.name };
      const receipt = live.map(
        ({ budget }) =>
          sql.exec<{ id: number }>("INSERT INTO spent (budget, at, cost, expires_at) VALUES (?, ?, ?, ?) RETURNING rowid AS id", budget.name, now, budget.cost, now + budget.windowMs).one().id,
      );
      return { ok: true, receipt };
    });
    // a client that never comes back leaves nothing behind: the alarm empties the table when the last window passes
    if (taken.ok && (await this.ctx.storage.getAlarm()) === null) await this.armForExpiry();
    return taken;
  }

  /** Gives back what a take spent (its receipt): the request was refused by another of the client's groups. */
  refund(receipt: number[]): void {
    for (const id of receipt) this.ctx.storage.sql.exec("DELETE FROM spent WHERE rowid = ?", id);
  }

  override async alarm(): Promise<void> {
    await this.expire(Date.now());
  }

  /** Forgets what has left its window; re-arms for what is still counted. */
  async expire(now: number): Promise<void> {
    this.ctx.storage.sql.exec("DELETE FROM spent WHERE expires_at <= ?", now);
    await this.armForExpiry();
  }

  private async armForExpiry(): Promise<void> {
    const last = this.ctx.storage.sql.exec<{ at: number | null }>("SELECT max(expires_at) AS at FROM spent").one().at;
    if (last !== null) await this.ctx.storage.setAlarm(last);
  }
}
