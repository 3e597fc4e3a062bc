import { DurableObject } from "cloudflare:workers";

/**
 * One shard of the lead outbox (DESIGN.md): a lead and one delivery row per sink are stored in
 * one SQLite transaction before the visitor hears "accepted". The delivery pipeline is issue #4;
 * this class owns the storage layout from the first deploy so later migrations only add to it.
 */
export class LeadOutbox extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS leads (
        id TEXT PRIMARY KEY,
        received_at INTEGER NOT NULL,
        payload TEXT NOT NULL,
        redacted_at INTEGER
      );
      CREATE TABLE IF NOT EXISTS deliveries (
        lead_id TEXT NOT NULL REFERENCES leads(id),
        sink TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER,
        last_error TEXT,
        PRIMARY KEY (lead_id, sink)
      );
    `);
  }

  /** How many leads and pending deliveries this shard holds (for ops and tests). */
  counts(): { leads: number; pending: number } {
    const leads = this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM leads").one().n;
    const pending = this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM deliveries WHERE status = 'pending'").one().n;
    return { leads, pending };
  }
}
