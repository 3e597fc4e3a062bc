import { DurableObject } from "cloudflare:workers";

/**
 * The amoCRM token of one CRM account (spec 3: record titled 'amo'); refreshing it, with at most
 * one refresh in flight, is issue #4.
 */
export class CrmToken extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS tokens (
        title TEXT PRIMARY KEY,
        access TEXT NOT NULL,
        refresh TEXT NOT NULL,
        expired_in INTEGER NOT NULL
      );
    `);
  }

  /** Seconds until the stored token expires, or null when none is stored. */
  secondsLeft(now = Date.now()): number | null {
    const row = this.ctx.storage.sql.exec<{ expired_in: number }>("SELECT expired_in FROM tokens WHERE title = 'amo'").toArray()[0];
    return row ? row.expired_in - Math.floor(now / 1000) : null;
  }
}
