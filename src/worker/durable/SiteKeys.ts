import { DurableObject } from "cloudflare:workers";
import { type Migration, migrate } from "./migrations";

export const SITE_KEYS_MIGRATIONS: readonly Migration[] = [
  (sql) => sql.exec("CREATE TABLE IF NOT EXISTS keys (purpose TEXT PRIMARY KEY, value TEXT NOT NULL, created_at INTEGER NOT NULL)"),
];

/**
 * The keys the site signed with before SIGNING_SECRET (decision 054), one object for the site:
 * read, never made any more. A visit cookie of the old form (a year long) is checked with its
 * key until the last one has expired; then the class goes, with a `deleted_classes` migration
 * (docs/operations.md names the date).
 */
export class SiteKeys extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, SITE_KEYS_MIGRATIONS);
  }

  /** The key of a purpose as it was made (32 random bytes as hex); null when none was. */
  legacyKey(purpose: "visit" | "phone"): string | null {
    return this.ctx.storage.sql.exec<{ value: string }>("SELECT value FROM keys WHERE purpose = ?", purpose).toArray()[0]?.value ?? null;
  }
}
