import { DurableObject } from "cloudflare:workers";
import { log } from "../../services/log";
import { config } from "../../server/config.server";
import { type Migration, migrate } from "./migrations";

/** Spec 4 and 9: refresh when fewer than 1800 s remain; store the new expiry as now + 84400 s. */
const REFRESH_THRESHOLD_S = 1800;
const TOKEN_LIFETIME_S = 84_400;

/** The CRM token record of spec 3 (title 'amo'). */
export type CrmTokenRecord = {
  title: string;
  access: string;
  refresh: string;
  expired_in: number;
};

export const CRM_TOKEN_MIGRATIONS: readonly Migration[] = [
  (sql) =>
    sql.exec(`
      CREATE TABLE IF NOT EXISTS tokens (
        title TEXT PRIMARY KEY,
        access TEXT NOT NULL,
        refresh TEXT NOT NULL,
        expired_in INTEGER NOT NULL
      );
    `),
];

class CrmTokenError extends Error {
  override name = "CrmTokenError";
}

/**
 * The amoCRM token of one CRM account. Deliveries ask it for an access token; below the threshold
 * it refreshes through /oauth2/access_token, with at most one refresh in flight however many wait.
 */
export class CrmToken extends DurableObject<Env> {
  private refreshing: Promise<CrmTokenRecord> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, CRM_TOKEN_MIGRATIONS);
  }

  record(): CrmTokenRecord | null {
    return this.ctx.storage.sql.exec<CrmTokenRecord>("SELECT title, access, refresh, expired_in FROM tokens WHERE title = 'amo'").toArray()[0] ?? null;
  }

  /** Ops put the first token pair here (from the CRM's integration settings). */
  seed(access: string, refresh: string, expiredIn: number): void {
    this.save({ title: "amo", access, refresh, expired_in: expiredIn });
  }

  /** Seconds until the stored token expires, or null when none is stored. */
  secondsLeft(now = Date.now()): number | null {
    const record = this.record();
    return record ? record.expired_in - Math.floor(now / 1000) : null;
  }

  /** A usable access token, refreshed first when fewer than 1800 s remain; errors are answers, not throws. */
  async accessToken(): Promise<{ token: string } | { error: string }> {
    const record = this.record();
    if (!record) return { error: "no CRM token stored: ops must seed it (PUT /ops/crm/token)" };
    if (record.expired_in - Math.floor(Date.now() / 1000) >= REFRESH_THRESHOLD_S) return { token: record.access };
    const refreshed = await this.refresh();
    return "record" in refreshed ? { token: refreshed.record.access } : refreshed;
  }

  /** Refreshes now (POST /api/amoCRMexchangeToken), joining a refresh already in flight. */
  refresh(): Promise<{ record: CrmTokenRecord } | { error: string }> {
    this.refreshing ??= this.exchange().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing.then(
      (record) => ({ record }),
      (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
    );
  }

  private async exchange(): Promise<CrmTokenRecord> {
    const record = this.record();
    const settings = config(this.env);
    if (!record) throw new CrmTokenError("no CRM token stored");
    if (!settings.AMOCRM_BASE_URL) throw new CrmTokenError("AMOCRM_BASE_URL is not set");
    const response = await fetch(`${settings.AMOCRM_BASE_URL.replace(/\/$/, "")}/oauth2/access_token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        client_id: settings.AMOCRM_CLIENT_ID,
        client_secret: settings.AMOCRM_CLIENT_SECRET,
        grant_type: "refresh_token",
        refresh_token: record.refresh,
        redirect_uri: settings.AMOCRM_REDIRECT_URI,
      }),
      signal: AbortSignal.timeout(settings.SINK_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as { access_token?: string; refresh_token?: string } | null;
    if (!response.ok || !body?.access_token || !body.refresh_token) {
      log.error("crm.token.refresh", { status: response.status });
      throw new CrmTokenError(`token refresh failed with ${response.status}`);
    }
    const next = { title: "amo", access: body.access_token, refresh: body.refresh_token, expired_in: Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_S };
    this.save(next);
    return next;
  }

  private save(record: CrmTokenRecord): void {
    this.ctx.storage.sql.exec(
      "INSERT INTO tokens (title, access, refresh, expired_in) VALUES (?, ?, ?, ?) ON CONFLICT(title) DO UPDATE SET access = excluded.access, refresh = excluded.refresh, expired_in = excluded.expired_in",
      record.title,
      record.access,
      record.refresh,
      record.expired_in,
    );
  }
}
