/**
 * The forms' own human check (decision 092): an ALTCHA proof of work, made and checked by the
 * Worker with `altcha-lib`, no third party. The page's script asks for a challenge when a visitor
 * reaches for a form, solves it in the background while they type (PBKDF2 in the browser's
 * WebCrypto), and the form sends the solution in its `altcha` field.
 *
 * The challenge is deterministic (altcha-lib's counter mode): the server picks the counter, so a
 * solution costs a browser a known number of key derivations and the server one HMAC to check. It
 * is signed with a key derived from SIGNING_SECRET, lasts `ALTCHA_LIFETIME_S`, and is spent once:
 * its signature is taken from a RateLimiter object as a budget of one until it expires, so one
 * solution sent from a thousand addresses, with any lead ids, buys one form.
 */
import { createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import type { Challenge } from "altcha-lib/types";
import * as z from "zod/mini";
import { log } from "../../services/log";
import type { CaptchaCheck } from "../../services/leads/turnstile.server";
import { signingKeyBytes } from "../keys.server";
import { rateLimiter } from "../objects";

/**
 * The work of one form: PBKDF2-SHA-256 at `cost` iterations, tried `counter` times. Measured in
 * Chromium on the test machine: the proof ready about 0.3 s after the visitor's first focus
 * (decision 092); a script pays the same native derivations for every form.
 */
export const ALTCHA_WORK = { algorithm: "PBKDF2/SHA-256", cost: 1000, counter: [100, 300] } as const;

/** How long a challenge can be answered: a visitor who fills a form slowly still sends within it. */
export const ALTCHA_LIFETIME_S = 30 * 60;

/** Objects the spent solutions are spread over, by the first hex digit of their signature. */
const SPENT_SHARDS = 16;

async function secrets(env: Env): Promise<{ signature: string; key: string } | null> {
  const bytes = await signingKeyBytes(env, "altcha");
  if (!bytes) return null;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return { signature: hex, key: `${hex}:derived-key` };
}

/** A new challenge for a form; null when the deployment has no signing secret (the check is off then). */
export async function altchaChallenge(env: Env, now = Date.now()): Promise<Challenge | null> {
  const secret = await secrets(env);
  if (!secret) return null;
  return createChallenge({
    algorithm: ALTCHA_WORK.algorithm,
    cost: ALTCHA_WORK.cost,
    counter: randomInt(ALTCHA_WORK.counter[1], ALTCHA_WORK.counter[0]),
    deriveKey,
    expiresAt: Math.floor(now / 1000) + ALTCHA_LIFETIME_S,
    hmacSignatureSecret: secret.signature,
    hmacKeySignatureSecret: secret.key,
  });
}

const hex = z.string().check(z.regex(/^[0-9a-f]{2,256}$/));
/** What a form sends in its `altcha` field: the challenge as it was given and the solution found, as JSON in base64. */
const proofSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal(ALTCHA_WORK.algorithm),
      nonce: hex,
      salt: hex,
      cost: z.number().check(z.int(), z.positive()),
      keyLength: z.number().check(z.int(), z.positive(), z.maximum(64)),
      keyPrefix: hex,
      keySignature: z.optional(hex),
      expiresAt: z.optional(z.number()),
    }),
    signature: hex,
  }),
  solution: z.object({ counter: z.number().check(z.int(), z.nonnegative()), derivedKey: hex, time: z.optional(z.number()) }),
});

/** A form's `altcha` field read back (services/leads/altcha-proof.ts writes it); null for anything else. */
function decodeProof(token: string): z.infer<typeof proofSchema> | null {
  if (token.length > 4000) return null;
  try {
    const parsed = proofSchema.safeParse(JSON.parse(atob(token)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Checks a form's proof: signed by this site, not expired, solved, and never spent before, by any
 * request (the same lead sent again after a lost answer is refused too: the form's next send goes
 * without the proof, and the intake's idempotence answers it as the first, decision 016). A proof
 * that fails is the visitor's to redo (`failed`, `expired` when it is old or spent); a spent-proof
 * store out of reach keeps the form as unverified (`unavailable`), as a provider out of reach does.
 */
export async function verifyAltcha(env: Env, token: string, now = Date.now()): Promise<CaptchaCheck> {
  const secret = await secrets(env);
  if (!secret) return { outcome: "unavailable", reason: "no signing secret" };
  const proof = decodeProof(token);
  if (!proof) return { outcome: "failed", errorCodes: ["malformed"], expired: false };
  const result = await verifySolution({
    challenge: proof.challenge,
    solution: proof.solution,
    deriveKey,
    hmacSignatureSecret: secret.signature,
    hmacKeySignatureSecret: secret.key,
  });
  if (result.expired) return { outcome: "failed", errorCodes: ["expired"], expired: true };
  if (!result.verified) return { outcome: "failed", errorCodes: [result.invalidSignature ? "invalid_signature" : "invalid_solution"], expired: false };
  const signature = proof.challenge.signature;
  const left = (proof.challenge.parameters.expiresAt ?? now / 1000 + ALTCHA_LIFETIME_S) * 1000 - now;
  try {
    const shard = (Number.parseInt(signature.charAt(0), 16) % SPENT_SHARDS).toString(16);
    const taken = await rateLimiter(env, `altcha-spent:${shard}`).take([{ name: `altcha:${signature}`, limit: 1, windowMs: Math.max(1000, Math.ceil(left)), cost: 1 }], now);
    return taken.ok ? { outcome: "passed" } : { outcome: "failed", errorCodes: ["spent"], expired: true };
  } catch (error) {
    log.warn("altcha.spent_store_unavailable", { error: String(error) });
    return { outcome: "unavailable", reason: "spent store unavailable" };
  }
}
