import * as z from "zod/mini";
import type { SiteSettings } from "../components/site-settings";

/**
 * The Worker's settings, parsed once per environment object (Epic Stack habit). Everything is
 * optional: a sink with no endpoint is skipped, so the site runs with no secrets at all.
 */
const url = z.optional(z.url({ protocol: /^https?$/ }));
const int = (fallback: number) => z._default(z.coerce.number().check(z.int(), z.nonnegative()), fallback);

const schema = z.object({
  SITE_URL: z.url(),
  ENVIRONMENT: z._default(z.string(), "local"),
  CRM_WEBHOOK_URL: url,
  AMOCRM_BASE_URL: url,
  ADVCAKE_URL: url,
  ADMITAD_URL: url,
  ADMITAD_CAMPAIGN_CODE: z.optional(z.string()),
  ADMITAD_POSTBACK_KEY: z.optional(z.string()),
  EDPARTNERS_URL: url,
  SRAVNI_URL: url,
  HH_URL: url,
  LEADMAGNET_URL: url,
  ROISTAT_URL: url,
  ROISTAT_KEY: z.optional(z.string()),
  AFFILIATE_CLICK_URL: url,
  AMOCRM_CLIENT_ID: z.optional(z.string()),
  AMOCRM_CLIENT_SECRET: z.optional(z.string()),
  AMOCRM_REDIRECT_URI: z.optional(z.string()),
  OPS_TOKEN: z.optional(z.string().check(z.minLength(16))),
  /** first retry delay of the outbox; doubles each time up to an hour (services/leads/retry.ts) */
  OUTBOX_RETRY_BASE_MS: int(30_000),
  /** leads per minute from one client address; 0 switches the limit off */
  LEAD_RATE_LIMIT: int(5),
  /** the least time between a form opening and its submission; 0 switches the check off */
  LEAD_MIN_FILL_MS: int(3_000),
  /** a delivery failing this many times ends dead, for ops to retry: 80 is about three days */
  OUTBOX_MAX_ATTEMPTS: int(80),
  /** how long personal fields stay after every sink has the lead */
  LEAD_RETENTION_HOURS: int(24 * 30),
  /** how long one sink request may take */
  SINK_TIMEOUT_MS: int(10_000),
  /** "1": forms skip sending and open the thank-you at once (spec 4: the global flag) */
  LEADS_DRY_RUN: z.optional(z.string()),
  /** Cloudflare Turnstile on the lead forms: on only when both keys are set (decision 010) */
  TURNSTILE_SITE_KEY: z.optional(z.string()),
  TURNSTILE_SECRET_KEY: z.optional(z.string()),
  /** where tokens are checked; tests point it at the local fake */
  TURNSTILE_VERIFY_URL: z._default(z.url({ protocol: /^https?$/ }), "https://challenges.cloudflare.com/turnstile/v0/siteverify"),
  /** the Yandex Metrika counter, loaded only after the visitor's consent; none means no analytics */
  YM_COUNTER_ID: z.optional(z.string().check(z.regex(/^\d{1,12}$/))),
});

export type Config = z.infer<typeof schema>;

const cache = new WeakMap<object, Config>();

/** Empty strings mean "not set" (wrangler passes empty vars through). */
function withoutEmpty(env: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => typeof value !== "string" || value !== ""));
}

export function config(env: Env): Config {
  let parsed = cache.get(env);
  if (!parsed) {
    parsed = schema.parse(withoutEmpty(env));
    cache.set(env, parsed);
  }
  return parsed;
}

/** What the browser may know of the settings: nothing secret, the same for every visitor. */
export type PublicSettings = SiteSettings;

/** The one list of settings that reach the page (Epic Stack habit): secrets never do. */
export function publicSettings(env: Env): PublicSettings {
  const settings = config(env);
  return {
    leadsDryRun: settings.LEADS_DRY_RUN === "1",
    ...(turnstileOn(settings) ? { turnstileSiteKey: settings.TURNSTILE_SITE_KEY } : {}),
    ...(settings.YM_COUNTER_ID ? { ymCounterId: settings.YM_COUNTER_ID } : {}),
  };
}

/** Turnstile needs both keys: a widget without a secret could not be checked, a secret without a widget gets no tokens. */
export function turnstileOn(settings: Config): settings is Config & { TURNSTILE_SITE_KEY: string; TURNSTILE_SECRET_KEY: string } {
  return Boolean(settings.TURNSTILE_SITE_KEY && settings.TURNSTILE_SECRET_KEY);
}
