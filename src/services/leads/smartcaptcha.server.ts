/**
 * The server half of Yandex SmartCaptcha (decision 045): one call of its `validate` per lead, with
 * the server key, the token and the visitor's address, as Yandex Cloud's "Verifying a CAPTCHA
 * response" documents it. The answer is a value, never a thrown error, like Turnstile's check.
 */
import type { CaptchaCheck } from "./turnstile.server";

/** How long a lead waits for SmartCaptcha's answer before it is taken as unverified. */
const VALIDATE_TIMEOUT_MS = 5_000;

export interface ValidateRequest {
  url: string;
  secret: string;
  token: string;
  ip?: string;
  timeoutMs?: number;
}

/**
 * `{"status":"ok"}`: a person. `{"status":"failed","message":…}`: a robot, or a token invalid,
 * expired or spent (a token lives five minutes and is checked once); a message about the secret
 * ("Authentication failed…") blames our key, not the visitor. Anything but a 200 with JSON, or no
 * answer in time: unavailable (Yandex's own advice is to let such a request through).
 */
export async function verifySmartCaptcha({ url, secret, token, ip, timeoutMs = VALIDATE_TIMEOUT_MS }: ValidateRequest): Promise<CaptchaCheck> {
  if (token === "" || token.length > 4096) return { outcome: "failed", errorCodes: ["missing-token"], expired: false };
  const form = new URLSearchParams({ secret, token });
  if (ip) form.set("ip", ip);
  let answer: { status?: unknown; message?: unknown };
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status !== 200) return { outcome: "unavailable", reason: `status ${response.status}` };
    answer = (await response.json()) as typeof answer;
  } catch (error) {
    return { outcome: "unavailable", reason: String(error) };
  }
  if (answer?.status === "ok") return { outcome: "passed" };
  const message = typeof answer?.message === "string" ? answer.message.slice(0, 200) : "";
  if (answer?.status !== "failed") return { outcome: "unavailable", reason: `unexpected answer ${JSON.stringify(answer).slice(0, 200)}` };
  if (/secret|authentication/i.test(message)) return { outcome: "unavailable", reason: message };
  return { outcome: "failed", errorCodes: [message || "failed"], expired: /expired/i.test(message) };
}
