/**
 * The one HMAC helper of the site (decision 054): every signature and keyed digest is HMAC-SHA-256
 * under a key of one purpose, derived from the one signing secret, so no signature made for one
 * use verifies for another. No Worker import here: the tests and scripts sign with it too.
 */
import { hex } from "./digest";

/** What a key of the site signs or counts. */
export type KeyPurpose = "visit" | "wheel" | "holder" | "altcha";

const encoder = new TextEncoder();
const HMAC = { name: "HMAC", hash: "SHA-256" } as const;

const base64url = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** An HMAC-SHA-256 key from raw bytes. */
export const hmacKey = (raw: BufferSource): Promise<CryptoKey> => crypto.subtle.importKey("raw", raw, HMAC, false, ["sign", "verify"]);

/** The raw key of one purpose: HMAC(secret, "mip-site:" + purpose), 32 bytes. */
export async function purposeKeyBytes(secret: string, purpose: KeyPurpose): Promise<Uint8Array<ArrayBuffer>> {
  const root = await hmacKey(encoder.encode(secret));
  return new Uint8Array(await crypto.subtle.sign("HMAC", root, encoder.encode(`mip-site:${purpose}`)));
}

/** The signature of a message, base64url without padding (43 characters). */
export async function signText(key: CryptoKey, message: string): Promise<string> {
  return base64url(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
}

/** Whether a signature (as `signText` writes it) is the key's for this message; constant-time. */
export async function verifyText(key: CryptoKey, message: string, signature: string): Promise<boolean> {
  const bytes = fromBase64url(signature);
  return bytes !== null && crypto.subtle.verify("HMAC", key, bytes, encoder.encode(message));
}

/** HMAC of a value as hex: how a phone number, an e-mail or an address is counted without being kept. */
export async function keyedDigest(key: CryptoKey, value: string): Promise<string> {
  return hex(await crypto.subtle.sign("HMAC", key, encoder.encode(value)));
}
