import type { Context } from "hono";
import { type CaptchaProvider, captchaTokenOf } from "../../services/leads/captcha";
import { refusals } from "../../services/leads/messages";
import type { LeadRecord } from "../../services/leads/record";
import { verifySmartCaptcha } from "../../services/leads/smartcaptcha.server";
import { type CaptchaCheck, verifyTurnstile } from "../../services/leads/turnstile.server";
import { log } from "../../services/log";
import { config } from "../config.server";
import { verifyAltcha } from "./altcha.server";
import { type CaptchaSettings, captchaOf } from "./captcha.settings";
import type { AppEnv } from "../env";
import { type Refusal, withinBudgets } from "./intake";

/** The verdict a lead is stored with; the Turnstile field stays for the webhook's readers of decision 010. */
export type CaptchaVerdict = Pick<LeadRecord, "turnstile" | "captcha">;

/** A form the captcha refuses: 400 with its message under the widget, or 429 past the budget of leads without a token. */
export interface CaptchaRefusal {
  status: 400 | 429;
  message: string;
}

export type HumanCheck = CaptchaVerdict | { refused: CaptchaRefusal };

const verdict = (provider: CaptchaProvider, outcome: "passed" | "unverified", reason?: "no_token" | "check_unavailable"): CaptchaVerdict => ({
  ...(provider === "turnstile" ? { turnstile: outcome } : {}),
  captcha: { provider, verdict: outcome, ...(reason ? { reason } : {}) },
});

function check(env: Env, captcha: CaptchaSettings, token: string, address: string | undefined): Promise<CaptchaCheck> {
  if (captcha.provider === "altcha") return verifyAltcha(env, token);
  return captcha.provider === "smartcaptcha"
    ? verifySmartCaptcha({ url: captcha.verifyUrl, secret: captcha.secret, token, ip: address })
    : verifyTurnstile({ url: captcha.verifyUrl, secret: captcha.secret, token, remoteip: address });
}

/**
 * The captcha, when one is on (decisions 010 and 045). A token is checked with its provider: a
 * refused one is no lead (the visitor tries again, the form keeps its values), a check out of reach
 * is a lead marked unverified, never a lost one. No token (the provider's script could not load,
 * or had not answered yet): a lead only on the server's evidence of a visit, taken from the address
 * group's UNVERIFIED_LEAD_RATE_LIMIT an hour, marked unverified and logged.
 */
export async function humanCheck(c: Context<AppEnv>, body: Record<string, unknown>, kind: string): Promise<HumanCheck> {
  const settings = config(c.env);
  const captcha = captchaOf(settings);
  if (!captcha) return {};
  const requestId = c.get("requestId");
  const token = captchaTokenOf(captcha.provider, body);
  if (token === undefined) return withoutToken(c, captcha.provider, kind);
  const checked = await check(c.env, captcha, token, c.req.header("CF-Connecting-IP"));
  if (checked.outcome === "passed") return verdict(captcha.provider, "passed");
  if (checked.outcome === "unavailable") {
    log.error("captcha.unavailable", { requestId, provider: captcha.provider, reason: checked.reason });
    // the event decision 010 named, still logged for Turnstile's alerts
    if (captcha.provider === "turnstile") log.error("turnstile.unavailable", { requestId, reason: checked.reason });
    return verdict(captcha.provider, "unverified", "check_unavailable");
  }
  log.warn("captcha.failed", { requestId, provider: captcha.provider, errorCodes: checked.errorCodes });
  const own = captcha.provider === "altcha";
  const message = checked.expired ? (own ? refusals.altchaExpired : refusals.turnstileExpired) : own ? refusals.altchaFailed : refusals.turnstileFailed;
  return { refused: { status: 400, message } };
}

/** A form that came without a token: the visit's evidence and the tighter budget decide (decision 045). */
async function withoutToken(c: Context<AppEnv>, provider: CaptchaProvider, kind: string): Promise<HumanCheck> {
  const requestId = c.get("requestId");
  const limit = config(c.env).UNVERIFIED_LEAD_RATE_LIMIT;
  const visit = c.get("visit");
  const refused = (outcome: string, refusal: CaptchaRefusal): HumanCheck => {
    log.warn("captcha.no_token", { requestId, provider, kind, outcome });
    return { refused: refusal };
  };
  // the deployment asks for the captcha on every lead
  const missing = provider === "altcha" ? refusals.altchaMissing : refusals.turnstileMissing;
  if (limit === 0) return refused("required", { status: 400, message: missing });
  // no evidence could be checked (no signing secret): nothing vouches for the visit
  if (visit.kind === "unknown") return refused("unknown_visit", { status: 400, message: missing });
  if (visit.kind === "none") return refused("no_visit", { status: 400, message: refusals.noVisit });
  if (!(await withinBudgets(c, [{ name: "unverified", limit, windowMs: 3600_000, cost: 1 }]))) {
    return refused("over_budget", { status: 429, message: refusals.rateLimited });
  }
  log.warn("captcha.no_token", { requestId, provider, kind, outcome: "accepted" });
  return verdict(provider, "unverified", "no_token");
}

/** A captcha's refusal as the intake answers it: a 400's message under the widget (`errors.turnstile`, the forms' one field for it); a 429's alone. */
export function captchaRefusal(refusal: CaptchaRefusal, values: Record<string, unknown>): Refusal {
  return refusal.status === 429
    ? { status: 429, message: refusal.message, values }
    : { status: 400, message: refusal.message, errors: { turnstile: refusal.message }, values };
}
