/**
 * The captcha of the lead forms, whichever provider a deployment chose (decisions 010 and 045):
 * what the browser and the server both need to know of it.
 */
import { TURNSTILE_FIELD } from "./turnstile";

export const captchaProviders = ["altcha", "turnstile", "smartcaptcha"] as const;
export type CaptchaProvider = (typeof captchaProviders)[number];

/** The form field each provider's widget puts its token in (their own default names; ALTCHA's widget's too). */
export const CAPTCHA_FIELDS = {
  /** the site's own proof of work (decision 092): the challenge and its solution, JSON in base64 */
  altcha: "altcha",
  turnstile: TURNSTILE_FIELD,
  smartcaptcha: "smart-token",
} as const satisfies Record<CaptchaProvider, string>;

/** The token a form sent for the provider, if any. */
export function captchaTokenOf(provider: CaptchaProvider, fields: Record<string, unknown>): string | undefined {
  const token = fields[CAPTCHA_FIELDS[provider]];
  return typeof token === "string" && token !== "" ? token : undefined;
}
