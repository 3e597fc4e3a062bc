/**
 * The captcha (decisions 010 and 045): which provider the forms show, its keys, where its tokens
 * are checked, and how many leads an address group may send without a token.
 */
import * as z from "zod/mini";
import type { CaptchaProvider, SiteSettings } from "../../services/site-settings";
import { type Environment, int, type Parsed, type SettingProblem, settingsGroup } from "../../services/settings-schema";
import { signingSecret } from "../signing.settings";

const shape = {
  /** Cloudflare Turnstile on the lead forms: on only when both keys are set (decision 010) */
  TURNSTILE_SITE_KEY: z.optional(z.string().check(z.regex(/^[\w-]{8,200}$/, "not a Turnstile site key"))),
  TURNSTILE_SECRET_KEY: z.optional(z.string().check(z.regex(/^[\w-]{8,200}$/, "not a Turnstile secret key"))),
  /** where tokens are checked; tests point it at the local fake */
  TURNSTILE_VERIFY_URL: z._default(z.url({ protocol: /^https?$/ }), "https://challenges.cloudflare.com/turnstile/v0/siteverify"),
  /**
   * which human check the forms have (decision 092): `altcha`, the site's own proof of work (the
   * default: on with the signing secret, no third party), Cloudflare Turnstile (the default too
   * when both its keys are set, as before ALTCHA) or Yandex SmartCaptcha, each on only with its
   * two keys; `off` for none; any other value switches the captcha off and says so
   */
  CAPTCHA_PROVIDER: z.optional(z.enum(["altcha", "turnstile", "smartcaptcha", "off"])),
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
};

type CaptchaConfig = Parsed<typeof shape>;

/** The keys of each third party's provider: the widget's (public) and the check's (a secret). */
const CAPTCHA_KEYS = {
  turnstile: { name: "Turnstile", siteKey: "TURNSTILE_SITE_KEY", secret: "TURNSTILE_SECRET_KEY", verifyUrl: "TURNSTILE_VERIFY_URL" },
  smartcaptcha: { name: "SmartCaptcha", siteKey: "SMARTCAPTCHA_CLIENT_KEY", secret: "SMARTCAPTCHA_SERVER_KEY", verifyUrl: "SMARTCAPTCHA_VERIFY_URL" },
} as const satisfies Record<Exclude<CaptchaProvider, "altcha">, { name: string; siteKey: keyof CaptchaConfig; secret: keyof CaptchaConfig; verifyUrl: keyof CaptchaConfig }>;

/** The captcha a deployment runs: a third party's with its keys and where its tokens are checked, or the site's own. */
export type CaptchaSettings =
  | { provider: Exclude<CaptchaProvider, "altcha">; siteKey: string; secret: string; verifyUrl: string }
  /** ALTCHA: its challenges are signed with a key of the signing secret (altcha.server.ts) */
  | { provider: "altcha" };

/** What the choice reads besides the captcha's own settings: the signing secret ALTCHA needs. */
type Settings = CaptchaConfig & { SIGNING_SECRET?: string; ENVIRONMENT: Environment };

/**
 * The chosen provider: CAPTCHA_PROVIDER, else Turnstile when both its keys are set, else ALTCHA.
 * A third party is on only with both its keys, ALTCHA only with the signing secret; null: off.
 */
export function captchaOf(settings: Settings): CaptchaSettings | null {
  const chosen = settings.CAPTCHA_PROVIDER ?? (settings.TURNSTILE_SITE_KEY && settings.TURNSTILE_SECRET_KEY ? "turnstile" : "altcha");
  if (chosen === "off") return null;
  if (chosen === "altcha") return signingSecret(settings) ? { provider: "altcha" } : null;
  const keys = CAPTCHA_KEYS[chosen];
  const siteKey = settings[keys.siteKey];
  const secret = settings[keys.secret];
  return siteKey && secret ? { provider: chosen, siteKey, secret, verifyUrl: settings[keys.verifyUrl] } : null;
}

/** What the page knows of the captcha: its provider and the widget's key (ALTCHA has none). */
export function captchaPublic(settings: Settings): Pick<SiteSettings, "captcha" | "captchaSiteKey"> {
  const captcha = captchaOf(settings);
  if (!captcha) return {};
  return captcha.provider === "altcha" ? { captcha: "altcha" } : { captcha: captcha.provider, captchaSiteKey: captcha.siteKey };
}

/**
 * The captcha's settings that cannot work together: a key without its pair (the widget's tokens
 * nobody could check, or a check no widget feeds), a provider chosen without its keys, a provider
 * that is neither (every key is dropped: the captcha is off). Intake never depends on them.
 */
function captchaProblems(config: CaptchaConfig, env: Readonly<Record<string, unknown>>): SettingProblem[] {
  const problems: SettingProblem[] = [];
  const providerGiven = env.CAPTCHA_PROVIDER !== undefined && env.CAPTCHA_PROVIDER !== null && env.CAPTCHA_PROVIDER !== "";
  if (providerGiven && config.CAPTCHA_PROVIDER === undefined) {
    // the parse has named the value; with no provider known, none is on: not ALTCHA, and no key is used
    config.CAPTCHA_PROVIDER = "off";
    for (const keys of Object.values(CAPTCHA_KEYS)) {
      config[keys.siteKey] = undefined;
      config[keys.secret] = undefined;
    }
    return problems;
  }
  for (const [provider, keys] of Object.entries(CAPTCHA_KEYS) as [keyof typeof CAPTCHA_KEYS, (typeof CAPTCHA_KEYS)[keyof typeof CAPTCHA_KEYS]][]) {
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

export const captchaSettings = settingsGroup({
  shape,
  secrets: ["TURNSTILE_SECRET_KEY", "SMARTCAPTCHA_SERVER_KEY"],
  check: captchaProblems,
});
