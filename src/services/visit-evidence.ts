/**
 * The server's own evidence of when a visitor first opened the site: the time, signed with a key
 * only the Worker knows, in an HttpOnly cookie set by the first page (cached pages too). The
 * minimum fill time of a form is measured from it, so nothing the client claims is trusted.
 */
export const VISIT_COOKIE = "first_visit";

/** What a key of the site signs; one key per purpose, so no signature can be replayed for another use. */
export type KeyPurpose = "visit" | "phone";
/** The cookie lives a year: a visitor who comes back months later is still a person who visited. */
export const VISIT_MAX_AGE_S = 365 * 24 * 3600;

const FORMAT = /^(\d{13})\.([0-9a-f]{64})$/;
const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

export function hmacKey(hexKey: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(hexKey), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

export async function signVisit(key: CryptoKey, issuedAt: number): Promise<string> {
  const at = String(Math.floor(issuedAt)).padStart(13, "0");
  return `${at}.${hex(await crypto.subtle.sign("HMAC", key, encoder.encode(`visit:${at}`)))}`;
}

/** Whether a cookie value has the shape of the evidence (checked without the key, on every page). */
export const looksLikeVisit = (value: string | undefined): value is string => value !== undefined && FORMAT.test(value);

/** When the visit began, if the value is evidence this site signed; null otherwise. */
export async function visitIssuedAt(key: CryptoKey, value: string | undefined): Promise<number | null> {
  const match = value ? FORMAT.exec(value) : null;
  if (!match) return null;
  const [, at, signature] = match as unknown as [string, string, string];
  const bytes = new Uint8Array(signature.match(/../g)!.map((pair) => Number.parseInt(pair, 16)));
  return (await crypto.subtle.verify("HMAC", key, bytes, encoder.encode(`visit:${at}`))) ? Number(at) : null;
}

/** HMAC of a value under a key, as hex: how a phone number is counted without being kept. */
export async function keyedDigest(key: CryptoKey, value: string): Promise<string> {
  return hex(await crypto.subtle.sign("HMAC", key, encoder.encode(value)));
}
