/**
 * The server half of Cloudflare Turnstile: one siteverify call per lead. The answer is a value,
 * never a thrown error, so the caller decides what each outcome means (decision 010).
 */

;

/** How long a lead waits for siteverify before it is taken as unverified. */
const SITEVERIFY_TIMEOUT_MS = 5_000;

/** What a provider's check said of a token (Turnstile's here, SmartCaptcha's in smartcaptcha.server.ts). */
export type CaptchaCheck =
  /** the provider says a person solved this token */
  | { outcome: "passed" }
  /** the provider refused the token: no lead; `expired` when it was spent or too old rather than failed */
  | { outcome: "failed"; errorCodes: string[]; expired: boolean }
  /** no usable answer (network, 5xx, our own keys refused): the lead is kept and marked */
  | { outcome: "unavailable"; reason: string };

export type TurnstileCheck = CaptchaCheck;

/** Error codes that blame our configuration or Cloudflare, not the visitor's token. */
const NOT_THE_VISITORS_FAULT = new Set(["missing-input-secret", "invalid-input-secret", "internal-error"]);

export interface SiteverifyRequest {
  url: string;
  secret: string;
  token: string;
  remoteip?: string;
  timeoutMs?: number;
}

export async function verifyTurnstile({ url, secret, token, remoteip, timeoutMs = SITEVERIFY_TIMEOUT_MS }: SiteverifyRequest): Promise<TurnstileCheck> {
  // an empty or absurd token needs no round trip: Cloudflare's tokens are at most 2048 characters
  if (token === "" || token.length > 2048) return { outcome: "failed", errorCodes: ["missing-input-response"], expired: false };
  const form = new URLSearchParams({ secret, response: token });
  if (remoteip) form.set("remoteip", remoteip);
  let answer: { success?: unknown; "error-codes"?: unknown };
  try {
    const response = await fetch(url, { method: "POST", body: form, signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return { outcome: "unavailable", reason: `status ${response.status}` };
    answer = (await response.json()) as typeof answer;
  } catch (error) {
    return { outcome: "unavailable", reason: String(error) };
  }
  if (answer?.success === true) return { outcome: "passed" };
  const errorCodes = Array.isArray(answer?.["error-codes"]) ? answer["error-codes"].filter((code): code is string => typeof code === "string") : [];
  if (errorCodes.some((code) => NOT_THE_VISITORS_FAULT.has(code))) return { outcome: "unavailable", reason: errorCodes.join(",") };
  return { outcome: "failed", errorCodes, expired: errorCodes.includes("timeout-or-duplicate") };
}
