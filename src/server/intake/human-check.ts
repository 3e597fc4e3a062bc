import type { Context } from "hono";
import { refusals } from "../../services/leads/messages";
import { TURNSTILE_FIELD, verifyTurnstile } from "../../services/leads/turnstile.server";
import { log } from "../../services/log";
import { config, turnstileOn } from "../config.server";
import type { AppEnv } from "../env";

export type HumanCheck = { turnstile?: "passed" | "unverified" } | { refused: string };

/**
 * Cloudflare Turnstile, when it is on: a refused token is no lead (the visitor tries again, the
 * form keeps its values); siteverify out of reach is a lead marked "unverified", never a lost one.
 */
export async function humanCheck(c: Context<AppEnv>, body: Record<string, unknown>): Promise<HumanCheck> {
  const settings = config(c.env);
  if (!turnstileOn(settings)) return {};
  const token = body[TURNSTILE_FIELD];
  if (typeof token !== "string" || token === "") return { refused: refusals.turnstileMissing };
  const check = await verifyTurnstile({
    url: settings.TURNSTILE_VERIFY_URL,
    secret: settings.TURNSTILE_SECRET_KEY,
    token,
    remoteip: c.req.header("CF-Connecting-IP"),
  });
  if (check.outcome === "passed") return { turnstile: "passed" };
  if (check.outcome === "unavailable") {
    log.error("turnstile.unavailable", { requestId: c.get("requestId"), reason: check.reason });
    return { turnstile: "unverified" };
  }
  log.warn("turnstile.failed", { requestId: c.get("requestId"), errorCodes: check.errorCodes });
  return { refused: check.errorCodes.includes("timeout-or-duplicate") ? refusals.turnstileExpired : refusals.turnstileFailed };
}
