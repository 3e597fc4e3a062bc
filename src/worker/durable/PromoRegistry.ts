import { DurableObject } from "cloudflare:workers";
import type { PromoData } from "../../services/promo";
import { type Migration, migrate } from "./migrations";

export const PROMO_MIGRATIONS: readonly Migration[] = [
  (sql) =>
    sql.exec(`
      CREATE TABLE IF NOT EXISTS promos (
        utm_campaign TEXT PRIMARY KEY,
        promo_code TEXT NOT NULL,
        redirect_url TEXT,
        is_active INTEGER NOT NULL,
        show_sticky_bottom INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS wheel_spins (
        visitor TEXT PRIMARY KEY,
        prize INTEGER NOT NULL,
        spun_at INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS secrets (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `),
  // 2: the site signs with its one secret (decision 054): the wheel's own key goes. A token it signed stays good
  // until it expires, by the draw kept here (wheel_spins: the visitor id only its holder knows, and the prize);
  // and a gift honoured once per phone (decision 052)
  (sql) =>
    sql.exec(`
      DROP TABLE IF EXISTS secrets;
      CREATE TABLE IF NOT EXISTS gift_claims (
        draw TEXT PRIMARY KEY,
        phone_key TEXT NOT NULL UNIQUE,
        claimed_at INTEGER NOT NULL
      );
    `),
];

/** A draw of the wheel: which prize, when; `repeated` when the visitor had it already. */
export interface Draw {
  prize: number;
  spunAt: number;
}

/**
 * The one source of truth for promos by utm_campaign (DESIGN.md), and the wheel's draws: one per
 * visit, kept, so the same visitor gets the same draw again; and which phone a drawn gift went to.
 * No key lives here: the Worker signs the draws (decision 054).
 */
export class PromoRegistry extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, PROMO_MIGRATIONS);
  }

  /** A phone's draw (wheel.server.ts `phoneDraw`): kept on its first spin, the same one after (its prize as first drawn). */
  spin(visitor: string, prize: number): Draw & { repeated: boolean } {
    const sql = this.ctx.storage.sql;
    const existing = this.draw(visitor);
    if (existing) return { ...existing, repeated: true };
    const draw = { prize, spunAt: Date.now() };
    sql.exec("INSERT INTO wheel_spins (visitor, prize, spun_at) VALUES (?, ?, ?)", visitor, draw.prize, draw.spunAt);
    return { ...draw, repeated: false };
  }

  /** A visitor's draw, if they have one (how a token of the old form is checked: its visitor and prize must be this). */
  draw(visitor: string): Draw | null {
    const row = this.ctx.storage.sql.exec<{ prize: number; spun_at: number }>("SELECT prize, spun_at FROM wheel_spins WHERE visitor = ?", visitor).toArray()[0];
    return row ? { prize: row.prize, spunAt: row.spun_at } : null;
  }

  /**
   * A lead claims the gift of a draw for a phone (its keyed digest): honoured when neither the draw
   * nor the phone has gone with another, and again for the same pair (a retry, a second lead of the
   * same person); otherwise taken. One transaction, so two leads racing for one gift get one.
   */
  claimGift(draw: string, phoneKey: string): "honoured" | "taken" {
    const sql = this.ctx.storage.sql;
    return this.ctx.storage.transactionSync(() => {
      const claims = sql.exec<{ draw: string; phone_key: string }>("SELECT draw, phone_key FROM gift_claims WHERE draw = ? OR phone_key = ?", draw, phoneKey).toArray();
      if (claims.length === 0) {
        sql.exec("INSERT INTO gift_claims (draw, phone_key, claimed_at) VALUES (?, ?, ?)", draw, phoneKey, Date.now());
        return "honoured";
      }
      return claims.every((claim) => claim.draw === draw && claim.phone_key === phoneKey) ? "honoured" : "taken";
    });
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
