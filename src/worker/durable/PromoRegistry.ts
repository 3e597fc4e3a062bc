import { DurableObject } from "cloudflare:workers";

/** The one source of truth for promos by utm_campaign (DESIGN.md); the promo API is issue #5. */
export class PromoRegistry extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS promos (
        utm_campaign TEXT PRIMARY KEY,
        promo_code TEXT NOT NULL,
        redirect_url TEXT,
        is_active INTEGER NOT NULL,
        show_sticky_bottom INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
    `);
  }

  /** Number of promos stored (for ops and tests). */
  size(): number {
    return this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM promos").one().n;
  }
}
