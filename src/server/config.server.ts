import * as z from "zod/mini";
import type { CaptchaProvider, SiteSettings } from "../services/site-settings";
import { isolateSlot } from "../services/isolate";
import { log } from "../services/log";
import { DEFAULT_TICKETS_PER_ORDER } from "../services/ticket-limits";
import { parseAreaPipelines } from "../services/leads/sinks/amocrm.server";
import { parseOrigins } from "../services/mirror";

/**
 * The Worker's settings, parsed once per environment object (Epic Stack habit). Everything is
 * optional: a sink with no endpoint is skipped, so the site runs with no secrets at all. Each
 * setting is parsed on its own: a bad value switches its feature off (or keeps the default) and
 * is logged once, loudly, naming the setting; it never takes pages or lead intake down.
 */
const url = z.optional(z.url({ protocol: /^https?$/ }));
const int = (fallback: number, max = 1_000_000_000) => z._default(z.coerce.number().check(z.int(), z.nonnegative(), z.maximum(max)), fallback);

const shape = {
  SITE_URL: z.optional(z.url({ protocol: /^https?$/ })),
  ENVIRONMENT: z._default(z.enum(["local", "dev", "production"]), "local"),
  CRM_WEBHOOK_URL: url,
  AMOCRM_BASE_URL: url,
  /** the amoCRM pipeline of each visitor area's leads, "KZ=7012345,UZ=7012346" (decision 020); others go to the main one */
  AMOCRM_AREA_PIPELINES: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\s*(RU|KZ|UZ|other)\s*=\s*\d{1,12}\s*(,\s*(RU|KZ|UZ|other)\s*=\s*\d{1,12}\s*)*$/, "not AREA=pipeline id pairs such as KZ=7012345,UZ=7012346")),
      z.transform(parseAreaPipelines),
    ),
  ),
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
  /**
   * the secret of the amoCRM webhook on a deal's status (`POST /api/amocrm/status?secret=…`,
   * docs/operations.md); without it the webhook is off
   */
  AMOCRM_WEBHOOK_SECRET: z.optional(z.string().check(z.regex(/^[\w-]{16,200}$/, "not 16 to 200 letters, digits, _ or -"))),
  /** the amoCRM statuses that mean an order is paid: its seats are kept past its hold (142, amoCRM's «Успешно реализовано», by default) */
  AMOCRM_PAID_STATUSES: z.prefault(
    z.pipe(
      z.string().check(z.regex(/^\s*\d{1,12}\s*(,\s*\d{1,12}\s*)*$/, "not status ids such as 142,7012345")),
      z.transform((value: string) => value.split(",").map((id) => Number(id.trim()))),
    ),
    "142",
  ),
  /**
   * the one secret every signature of the site is made with (decision 054: the visit evidence,
   * the wheel's draws, the keyed digests of phones and addresses); the local runtime has a
   * default of its own (LOCAL_SIGNING_SECRET), a deployed one without it has those features off
   */
  SIGNING_SECRET: z.optional(z.string().check(z.minLength(32, "shorter than 32 characters"))),
  /** ops endpoints want it as a bearer token; shorter than 16 characters it is refused and ops are closed */
  OPS_TOKEN: z.optional(z.string().check(z.minLength(16, "shorter than 16 characters"))),
  /** first retry delay of the outbox; doubles each time up to an hour (services/leads/retry.ts) */
  OUTBOX_RETRY_BASE_MS: int(30_000, 3_600_000),
  /** leads per minute from one client address; 0 switches the limit off */
  LEAD_RATE_LIMIT: int(5, 100_000),
  /** seats a client address may order per hour, over all seminars; 0 switches the limit off */
  TICKET_RATE_LIMIT: int(20, 100_000),
  /** seats one address group holds in one seminar (an IPv4 address, an IPv6 /64; a /48 twice that); 0 switches it off */
  TICKETS_PER_GROUP: int(10, 100_000),
  /** spins of the fortune wheel per hour from one address group (a /48 four times that); 0 switches the limit off */
  SPIN_RATE_LIMIT: int(10, 100_000),
  /** how long an unconfirmed order of a paid seminar holds its seats, in minutes (a fraction too: the tests hold for seconds; decision 050) */
  TICKET_HOLD_MINUTES: z._default(z.coerce.number().check(z.minimum(0.01), z.maximum(60 * 24 * 60)), 1440),
  /** the least time between the visitor's first page and a form's submission; 0 switches the check off */
  LEAD_MIN_FILL_MS: int(3_000, 600_000),
  /** tickets one order may hold */
  TICKETS_PER_ORDER: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), DEFAULT_TICKETS_PER_ORDER),
  /** tickets one phone number may hold for one seminar, over all its orders */
  TICKETS_PER_PHONE: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000)), 10),
  /** a delivery failing this many times ends dead, for ops to retry: 80 is about three days */
  OUTBOX_MAX_ATTEMPTS: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 80),
  /** how long personal fields stay after every sink has the lead */
  LEAD_RETENTION_HOURS: int(24 * 30, 24 * 365 * 5),
  /** how long one sink request may take */
  SINK_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.minimum(100), z.maximum(120_000)), 10_000),
  /** "1": forms skip sending and open the thank-you at once (spec 4: the global flag) */
  LEADS_DRY_RUN: z.optional(z.enum(["0", "1"])),
  /** Cloudflare Turnstile on the lead forms: on only when both keys are set (decision 010) */
  TURNSTILE_SITE_KEY: z.optional(z.string().check(z.regex(/^[\w-]{8,200}$/, "not a Turnstile site key"))),
  TURNSTILE_SECRET_KEY: z.optional(z.string().check(z.regex(/^[\w-]{8,200}$/, "not a Turnstile secret key"))),
  /** where tokens are checked; tests point it at the local fake */
  TURNSTILE_VERIFY_URL: z._default(z.url({ protocol: /^https?$/ }), "https://challenges.cloudflare.com/turnstile/v0/siteverify"),
  // --- the captcha's provider and the leads sent without its token (decision 045) ---
  /**
   * which captcha the forms show: Cloudflare Turnstile (the default) or Yandex SmartCaptcha, each on
   * only with its two keys; a value that is neither switches the captcha off
   */
  CAPTCHA_PROVIDER: z.optional(z.enum(["turnstile", "smartcaptcha"])),
  /** Yandex SmartCaptcha's client key (the widget's) and server key (the check's) */
  SMARTCAPTCHA_CLIENT_KEY: z.optional(z.string().check(z.regex(/^[\w-]{8,200}$/, "not a SmartCaptcha client key"))),
  SMARTCAPTCHA_SERVER_KEY: z.optional(z.string().check(z.regex(/^[\w-]{8,200}$/, "not a SmartCaptcha server key"))),
  /** where SmartCaptcha's tokens are checked; tests point it at the local fake */
  SMARTCAPTCHA_VERIFY_URL: z._default(z.url({ protocol: /^https?$/ }), "https://smartcaptcha.yandexcloud.net/validate"),
  /**
   * leads and orders an hour one address group may send without a captcha token, on the server's
   * evidence of a visit (a /48 four times that); 0: none, the captcha is required
   */
  UNVERIFIED_LEAD_RATE_LIMIT: int(10, 100_000),
  // --- end of the captcha's settings ---
  /**
   * The local runtime only: every read of the catalogue (and of the pages tier) from KV waits this long, as from an edge far
   * from KV (the first visit of a quiet edge, measured by `npm run bench`); ignored elsewhere
   */
  CATALOGUE_READ_DELAY_MS: int(0, 10_000),
  /**
   * "off" switches the pages tier off (decision 043): a fresh isolate renders its first page. `npm
   * run dev` sets it: its Worker reloads on every edit, under the same build id
   */
  PAGE_TIER: z._default(z.enum(["on", "off"]), "on"),
  /**
   * the origins of the mirror for Russian hosting (decision 042), comma-separated
   * ("https://mip.institute" when GeoDNS sends Russia to the mirror under the site's own name): the
   * Worker answers them CORS with credentials and takes their form posts; none by default
   */
  MIRROR_ORIGINS: z.optional(
    z.pipe(
      z.string().check(z.refine((value) => parseOrigins(value) !== null, "not origins separated by commas, such as https://ru.mip.institute,https://mip.institute")),
      z.transform((value: string) => parseOrigins(value) ?? []),
    ),
  ),
  /** the Yandex Metrika counter, loaded only after the visitor's consent; none means no analytics */
  YM_COUNTER_ID: z.optional(z.string().check(z.regex(/^\d{1,12}$/, "not a Metrika counter number"))),
};

type Shape = typeof shape;
/** Every setting the Worker reads (.dev.vars.example lists them). */
export const SETTING_NAMES = Object.keys(shape) as (keyof Shape)[];
export type Config = { [K in keyof Shape]: z.infer<Shape[K]> };
type SettingName = keyof Shape;

/** Settings whose values must never be logged or printed: set with `wrangler secret put`, never in a file. */
export const SECRET_SETTINGS: ReadonlySet<string> = new Set([
  "AMOCRM_CLIENT_ID",
  "AMOCRM_CLIENT_SECRET",
  "AMOCRM_REDIRECT_URI",
  "AMOCRM_WEBHOOK_SECRET",
  "OPS_TOKEN",
  "TURNSTILE_SECRET_KEY",
  "SMARTCAPTCHA_SERVER_KEY",
  "ROISTAT_KEY",
  "ADMITAD_POSTBACK_KEY",
  "SIGNING_SECRET",
]);

/**
 * The signing secret of the local runtime when `.dev.vars` gives none (`npm start` on a fresh
 * clone, the tests): known to everyone, so it is never used outside ENVIRONMENT "local".
 */
export const LOCAL_SIGNING_SECRET = "local-runtime-only-signing-secret-never-deployed";

/** What a deployment without SIGNING_SECRET goes without (decision 054). */
export const UNSIGNED_EFFECT =
  "the visit evidence (LEAD_MIN_FILL_MS), the fortune wheel and its gifts, and the per-phone, per-e-mail and per-address seat limits are off";

/** A setting that was given but cannot be used, or is missing beside one that needs it, and what the Worker does instead. */
export interface SettingProblem {
  setting: string;
  reason: string;
  /** what happens instead: the feature is off, or the default is used */
  effect: string;
  /** the setting is not set at all (the other half of a pair): a check that cannot see the secrets cannot tell */
  absent?: true;
}

/**
 * Settings that are useless without others: the endpoint is switched off when a half is missing,
 * rather than send a request with an empty key.
 */
const PAIRS: { endpoint: "ADMITAD_URL" | "ROISTAT_URL" | "AMOCRM_BASE_URL"; needs: SettingName[]; effect: string }[] = [
  { endpoint: "ADMITAD_URL", needs: ["ADMITAD_CAMPAIGN_CODE", "ADMITAD_POSTBACK_KEY"], effect: "the Admitad postback is off" },
  { endpoint: "ROISTAT_URL", needs: ["ROISTAT_KEY"], effect: "Roistat is off" },
  // the token's refresh sends both; without them the CRM's token dies within a day and every lead waits for ops
  { endpoint: "AMOCRM_BASE_URL", needs: ["AMOCRM_CLIENT_ID", "AMOCRM_CLIENT_SECRET"], effect: "amoCRM is off" },
];

/**
 * What a problem may show of the value it refused: a URL's scheme and host, never its path, query
 * or credentials (a key often travels in them); of any other setting nothing, since a secret put
 * under the wrong name is still a secret.
 */
function shownValue(raw: unknown): string {
  const text = String(raw);
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1];
  if (!scheme) return "";
  try {
    const { host } = new URL(text);
    return host ? ` (${scheme.toLowerCase()}://${host})` : ` (${scheme.toLowerCase()}://)`;
  } catch {
    return ` (${scheme.toLowerCase()}://)`;
  }
}

/** A problem and the value behind it: the same bad value is logged once per isolate, a new one again. */
const problemKeys = new WeakMap<SettingProblem, string>();

/** Empty strings mean "not set" (wrangler passes empty vars through). */
const given = (value: unknown) => value !== undefined && value !== null && value !== "";

/** Reads every setting on its own; a bad one falls back to "not set" and is named in `problems`. */
export function readSettings(env: Record<string, unknown>): { config: Config; problems: SettingProblem[] } {
  const out: Record<string, unknown> = {};
  const problems: SettingProblem[] = [];
  for (const [name, schema] of Object.entries(shape) as [SettingName, z.ZodMiniType][]) {
    const raw = given(env[name]) ? env[name] : undefined;
    const parsed = z.safeParse(schema, raw);
    if (parsed.success) {
      out[name] = parsed.data;
      continue;
    }
    const fallback = z.safeParse(schema, undefined);
    out[name] = fallback.success ? fallback.data : undefined;
    const reason = parsed.error.issues[0]?.message ?? "invalid";
    const effect = fallback.success && fallback.data !== undefined ? `the default ${JSON.stringify(fallback.data)} is used` : "the feature is off";
    const problem = { setting: name, reason: SECRET_SETTINGS.has(name) ? reason : `${reason}${shownValue(raw)}`, effect };
    problemKeys.set(problem, `${name}:${reason}:${String(raw)}`);
    problems.push(problem);
  }
  const config = out as Config;
  problems.push(...captchaProblems(env, config));
  for (const { endpoint, needs, effect } of PAIRS) {
    if (!config[endpoint]) continue;
    const missing = needs.filter((name) => !config[name]);
    if (missing.length === 0) continue;
    const needed = needs.join(" and ");
    for (const name of missing) {
      problems.push({ setting: name, reason: `${endpoint} needs ${needed}; ${needs.length > 1 ? "this one is" : "it is"} not set`, effect, absent: true });
    }
    config[endpoint] = undefined;
  }
  if (!config.SIGNING_SECRET && config.ENVIRONMENT !== "local") {
    problems.push({ setting: "SIGNING_SECRET", reason: `a deployed site signs with its own secret; it is not set in "${config.ENVIRONMENT}"`, effect: UNSIGNED_EFFECT, absent: true });
  }
  if (config.CATALOGUE_READ_DELAY_MS > 0 && config.ENVIRONMENT !== "local") {
    problems.push({ setting: "CATALOGUE_READ_DELAY_MS", reason: `honoured only in the local runtime, not in "${config.ENVIRONMENT}"`, effect: "no delay" });
    config.CATALOGUE_READ_DELAY_MS = 0;
  }
  return { config, problems };
}

const state = isolateSlot("settings", () => ({
  parsed: new WeakMap<object, Config>(),
  /** problems already logged by this isolate: each once, not once per request or per environment object */
  logged: new Set<string>(),
}));

/** Makes `copy` (an environment made from `original`, e.g. with slow reads) read as `original`: parsed once, not once more for the copy. */
export function sameSettings(copy: Env, original: Env): void {
  state().parsed.set(copy, config(original));
}

export function config(env: Env): Config {
  const { parsed: cache, logged } = state();
  let parsed = cache.get(env);
  if (!parsed) {
    const { config: read, problems } = readSettings(env as unknown as Record<string, unknown>);
    for (const problem of problems) {
      const key = problemKeys.get(problem) ?? `${problem.setting}:${problem.reason}`;
      if (logged.has(key)) continue;
      logged.add(key);
      log.error("config.invalid", { ...problem });
    }
    parsed = read;
    cache.set(env, parsed);
  }
  return parsed;
}

/**
 * Runs the settings' parse once and keeps nothing (decision 043): its first run, about 5 ms, is
 * the validators' code running for the first time. The isolate's start does it, so the first
 * request's own parse finds that code warm. Nothing is logged here: a problem is logged by the
 * request's parse, where the logs are collected.
 */
export function warmSettings(env: Env): void {
  readSettings(env as unknown as Record<string, unknown>);
}

/** What the browser may know of the settings: nothing secret, the same for every visitor. */
export type PublicSettings = SiteSettings;

/** The one list of settings that reach the page (Epic Stack habit): secrets never do. */
export function publicSettings(env: Env): PublicSettings {
  const settings = config(env);
  return {
    leadsDryRun: settings.LEADS_DRY_RUN === "1",
    ticketsPerOrder: settings.TICKETS_PER_ORDER,
    ...captchaPublic(settings),
    ...(settings.YM_COUNTER_ID ? { ymCounterId: settings.YM_COUNTER_ID } : {}),
  };
}

/** The secret the site signs with: SIGNING_SECRET, or in the local runtime alone its known default; null when a deployment has none. */
export function signingSecret(settings: Config): string | null {
  return settings.SIGNING_SECRET ?? (settings.ENVIRONMENT === "local" ? LOCAL_SIGNING_SECRET : null);
}

// --- the captcha (decisions 010 and 045) ---

/** The keys of each provider: the widget's (public) and the check's (a secret). */
const CAPTCHA_KEYS = {
  turnstile: { name: "Turnstile", siteKey: "TURNSTILE_SITE_KEY", secret: "TURNSTILE_SECRET_KEY", verifyUrl: "TURNSTILE_VERIFY_URL" },
  smartcaptcha: { name: "SmartCaptcha", siteKey: "SMARTCAPTCHA_CLIENT_KEY", secret: "SMARTCAPTCHA_SERVER_KEY", verifyUrl: "SMARTCAPTCHA_VERIFY_URL" },
} as const satisfies Record<CaptchaProvider, { name: string; siteKey: SettingName; secret: SettingName; verifyUrl: SettingName }>;

/** The captcha a deployment runs: its provider, its keys and where its tokens are checked. */
export interface CaptchaSettings {
  provider: CaptchaProvider;
  siteKey: string;
  secret: string;
  verifyUrl: string;
}

/** The chosen provider (Turnstile unless CAPTCHA_PROVIDER says otherwise), on only with both its keys; null: the captcha is off. */
export function captchaOf(settings: Config): CaptchaSettings | null {
  const provider = settings.CAPTCHA_PROVIDER ?? "turnstile";
  const keys = CAPTCHA_KEYS[provider];
  const siteKey = settings[keys.siteKey];
  const secret = settings[keys.secret];
  return siteKey && secret ? { provider, siteKey, secret, verifyUrl: settings[keys.verifyUrl] } : null;
}

/** What the page knows of the captcha: its provider and the widget's key. */
function captchaPublic(settings: Config): Pick<SiteSettings, "captcha" | "captchaSiteKey"> {
  const captcha = captchaOf(settings);
  return captcha ? { captcha: captcha.provider, captchaSiteKey: captcha.siteKey } : {};
}

/**
 * The captcha's settings that cannot work together: a key without its pair (the widget's tokens
 * nobody could check, or a check no widget feeds), a provider chosen without its keys, a provider
 * that is neither (every key is dropped: the captcha is off). Intake never depends on them.
 */
function captchaProblems(env: Record<string, unknown>, config: Config): SettingProblem[] {
  const problems: SettingProblem[] = [];
  if (given(env.CAPTCHA_PROVIDER) && config.CAPTCHA_PROVIDER === undefined) {
    // readSettings has named the value; with no provider known, no key is used
    for (const keys of Object.values(CAPTCHA_KEYS)) {
      config[keys.siteKey] = undefined;
      config[keys.secret] = undefined;
    }
    return problems;
  }
  for (const [provider, keys] of Object.entries(CAPTCHA_KEYS) as [CaptchaProvider, (typeof CAPTCHA_KEYS)[CaptchaProvider]][]) {
    const site = Boolean(config[keys.siteKey]);
    const secret = Boolean(config[keys.secret]);
    if (site !== secret) {
      const missing = site ? keys.secret : keys.siteKey;
      problems.push({ setting: missing, reason: `${keys.name} needs both keys; one is set without the other`, effect: `${keys.name} is off`, absent: true });
    } else if (!site && config.CAPTCHA_PROVIDER === provider) {
      for (const missing of [keys.siteKey, keys.secret]) {
        problems.push({ setting: missing, reason: `CAPTCHA_PROVIDER is ${provider}, which needs ${keys.siteKey} and ${keys.secret}; it is not set`, effect: "the captcha is off", absent: true });
      }
    }
  }
  return problems;
}
// --- end of the captcha ---
