import { DurableObject } from "cloudflare:workers";
import type { PromoData } from "../../services/promo";

/** The one source of truth for promos by utm_campaign (DESIGN.md). */
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

  find(campaign: string): PromoData | null {
    const row = this.ctx.storage.sql
      .exec<{ promo_code: string; redirect_url: string | null; is_active: number; show_sticky_bottom: number }>(
        "SELECT promo_code, redirect_url, is_active, show_sticky_bottom FROM promos WHERE utm_campaign = ?",
        campaign,
      )
      .toArray()[0];
    return row
      ? { promo_code: row.promo_code, redirect_url: row.redirect_url, is_active: row.is_active === 1, show_sticky_bottom: row.show_sticky_bottom === 1 }
      : null;
  }

  set(campaign: string, promo: PromoData): void {
    this.ctx.storage.sql.exec(
      `INSERT INTO promos (utm_campaign, promo_code, redirect_url, is_active, show_sticky_bottom, updated_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT(utm_campaign) DO UPDATE SET promo_code = excluded.promo_code, redirect_url = excluded.redirect_url,
       is_active = excluded.is_active, show_sticky_bottom = excluded.show_sticky_bottom, updated_at = excluded.updated_at`,
      campaign,
      promo.promo_code,
      promo.redirect_url,
      promo.is_active ? 1 : 0,
      promo.show_sticky_bottom ? 1 : 0,
      Date.now(),
    );
  }
}
