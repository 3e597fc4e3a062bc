import { DurableObject } from "cloudflare:workers";
import type { KeyPurpose } from "../../services/visit-evidence";
import { type Migration, migrate } from "./migrations";

export const SITE_KEYS_MIGRATIONS: readonly Migration[] = [
  (sql) => sql.exec("CREATE TABLE IF NOT EXISTS keys (purpose TEXT PRIMARY KEY, value TEXT NOT NULL, created_at INTEGER NOT NULL)"),
];

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

/**
 * The site's signing keys (one object for the site): each made once, at random, and kept, so no
 * secret has to be configured and every isolate signs and checks with the same key.
 */
export class SiteKeys extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, SITE_KEYS_MIGRATIONS);
  }

  /** The key of a purpose, 32 random bytes as hex; made on first use. */
  key(purpose: KeyPurpose): string {
    const sql = this.ctx.storage.sql;
    const existing = sql.exec<{ value: string }>("SELECT value FROM keys WHERE purpose = ?", purpose).toArray()[0];
    if (existing) return existing.value;
    const value = hex(crypto.getRandomValues(new Uint8Array(32)));
    sql.exec("INSERT INTO keys (purpose, value, created_at) VALUES (?, ?, ?)", purpose, value, Date.now());
    return value;
  }
}
