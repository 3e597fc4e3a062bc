import { DurableObject } from "cloudflare:workers";
import type { PromoData } from "../../services/promo";
import { drawPrize, prizes, secureRandom, type WheelResult } from "../../services/wheel";
import { type Migration, migrate } from "./migrations";

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

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
];

/** The one source of truth for promos by utm_campaign (DESIGN.md). */
export class PromoRegistry extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, PROMO_MIGRATIONS);
  }

  /** The key that signs wheel results, made once and kept here: no secret to configure. */
  private async wheelKey(): Promise<CryptoKey> {
    const sql = this.ctx.storage.sql;
    let value = sql.exec<{ value: string }>("SELECT value FROM secrets WHERE name = 'wheel'").toArray()[0]?.value;
    if (!value) {
      value = hex(crypto.getRandomValues(new Uint8Array(32)).buffer);
      sql.exec("INSERT OR IGNORE INTO secrets (name, value) VALUES ('wheel', ?)", value);
      value = sql.exec<{ value: string }>("SELECT value FROM secrets WHERE name = 'wheel'").one().value;
    }
    return crypto.subtle.importKey("raw", new TextEncoder().encode(value), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
  }

  private async sign(visitor: string, prize: number): Promise<string> {
    const signature = await crypto.subtle.sign("HMAC", await this.wheelKey(), new TextEncoder().encode(`${visitor}.${prize}`));
    return `${visitor}.${prize}.${hex(signature)}`;
  }

  /** One spin per visitor: the draw happens here, by the weights of spec 3, and is signed. */
  async spin(visitor: string): Promise<WheelResult & { repeated: boolean }> {
    const sql = this.ctx.storage.sql;
    const existing = sql.exec<{ prize: number }>("SELECT prize FROM wheel_spins WHERE visitor = ?", visitor).toArray()[0];
    const prize = existing?.prize ?? drawPrize(secureRandom());
    if (!existing) sql.exec("INSERT INTO wheel_spins (visitor, prize, spun_at) VALUES (?, ?, ?)", visitor, prize, Date.now());
    const { text, giftCode } = prizes[prize]!;
    return { index: prize, text, giftCode, token: await this.sign(visitor, prize), repeated: existing !== undefined };
  }

  /** Whether a claimed gift code is what this site's wheel gave the holder of the token. */
  async verify(token: string, giftCode: string): Promise<boolean> {
    const match = /^([\w-]{8,64})\.(\d)\.([0-9a-f]{64})$/.exec(token);
    if (!match) return false;
    const [, visitor, prizeText, signature] = match;
    const prize = Number(prizeText);
    if (prizes[prize]?.giftCode !== giftCode) return false;
    const bytes = new Uint8Array(signature!.match(/../g)!.map((pair) => Number.parseInt(pair, 16)));
    return crypto.subtle.verify("HMAC", await this.wheelKey(), bytes, new TextEncoder().encode(`${visitor}.${prize}`));
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
