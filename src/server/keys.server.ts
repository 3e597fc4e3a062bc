/**
 * The one source of the site's keys (decision 054): SIGNING_SECRET, a Worker secret (the local
 * runtime has a known default), each purpose's key derived from it once per isolate. A deployment
 * without it has no keys: what needs one is off, and config() has said so.
 */
import { isolateSlot } from "../services/isolate";
import { type KeyPurpose, hmacKey, keyedDigest, purposeKeyBytes } from "../services/signing";
import { config } from "./config.server";
import { signingSecret } from "./signing.settings";

interface Derived {
  bytes: Uint8Array<ArrayBuffer>;
  key: CryptoKey;
}

const state = isolateSlot("signing-keys", () => ({
  /** per secret and purpose: a secret changed by a deploy is a new isolate, but the tests switch settings within one */
  derived: new Map<string, Promise<Derived>>(),
}));

function derived(env: Env, purpose: KeyPurpose): Promise<Derived> | null {
  const secret = signingSecret(config(env));
  if (!secret) return null;
  const cache = state().derived;
  const name = `${purpose}:${secret}`;
  let entry = cache.get(name);
  if (!entry) {
    entry = purposeKeyBytes(secret, purpose).then(async (bytes) => ({ bytes, key: await hmacKey(bytes) }));
    cache.set(name, entry);
  }
  return entry;
}

/** The key of a purpose; null when the deployment has no signing secret. */
export async function signingKey(env: Env, purpose: KeyPurpose): Promise<CryptoKey | null> {
  return (await derived(env, purpose))?.key ?? null;
}

/** The raw bytes of a purpose's key, for Hono's signed cookies; null when the deployment has no signing secret. */
export async function signingKeyBytes(env: Env, purpose: KeyPurpose): Promise<Uint8Array<ArrayBuffer> | null> {
  return (await derived(env, purpose))?.bytes ?? null;
}

/**
 * A holder (a phone number, an e-mail, an address group) as a keyed digest, so what one holds is
 * counted without the value being kept; null when the deployment has no signing secret.
 */
export async function holderDigest(env: Env, value: string): Promise<string | null> {
  const key = await signingKey(env, "holder");
  return key ? keyedDigest(key, value) : null;
}

/** A paid order's e-ticket code: its id and a keyed digest of it, shown on its page (and its QR code) and sent in its mail; null without a key. */
export async function ticketCode(env: Env, orderId: string): Promise<string | null> {
  const digest = await holderDigest(env, `ticket:${orderId}`);
  return digest ? `${orderId}.${digest.slice(0, 16)}` : null;
}

/**
 * The key in a free registration's confirmation link (decision 093): a keyed digest of the order's
 * id, so only whoever reads the letter sent to the e-mail given can confirm it; null without a key.
 */
export async function confirmKey(env: Env, orderId: string): Promise<string | null> {
  const digest = await holderDigest(env, `confirm:${orderId}`);
  return digest ? digest.slice(0, 32) : null;
}

/** Whether a secret given (a bearer token, a webhook's) is the one expected, in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  const subtle = crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean };
  return a.byteLength === b.byteLength && subtle.timingSafeEqual(a, b);
}
