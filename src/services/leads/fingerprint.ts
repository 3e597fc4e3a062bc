import { sha256Hex } from "../digest";

/**
 * What makes two requests with one id the same request (as an idempotency key does at Stripe):
 * the kind and what the visitor asked for, normalised. The same id with the same fingerprint is a
 * retry; with another fingerprint it is refused (409), never merged.
 */
export async function requestFingerprint(kind: string, fields: Record<string, unknown>): Promise<string> {
  const canonical = JSON.stringify([kind, sortedEntries(fields)]);
  return sha256Hex(canonical);
}

function sortedEntries(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedEntries);
  if (value === null || typeof value !== "object") return value;
  return Object.entries(value)
    .filter(([, v]) => v !== undefined && v !== "")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => [k, sortedEntries(v)]);
}

/** Fields a form sends that are not part of the request itself: ids, guards and tokens. */
const NOT_THE_REQUEST = ["id", "website", "giftToken", "cf-turnstile-response", "smart-token", "altcha", "fillMs", "startedAt"] as const;

export function requestFields(data: Record<string, unknown>): Record<string, unknown> {
  const fields = { ...data };
  for (const key of NOT_THE_REQUEST) delete fields[key];
  return fields;
}
