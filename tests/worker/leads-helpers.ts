import { env, SELF } from "cloudflare:test";
import { expect, vi } from "vitest";
import type { Receipt } from "../support/fake-third-parties";
import { shardOf } from "../../src/services/leads/outbox";
import { serializeSigned } from "hono/utils/cookie";
import { LOCAL_SIGNING_SECRET } from "../../src/server/signing.settings";
import { crmToken, outboxShard } from "../../src/server/objects";
import { purposeKeyBytes } from "../../src/services/signing";
import { newVisitId, VISIT_COOKIE, visitValue } from "../../src/services/visit-evidence";

export const origin = "https://mip.institute";
export const fakes = (env as unknown as { FAKE_BASE: string }).FAKE_BASE;
export const opsToken = "ops-token-for-tests-0123456789";

let counter = 0;
/** A lead id unique to this run, so fakes shared by every test file can be read by id. */
export const uniqueId = (label: string) => `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}`.replace(/[^A-Za-z0-9_-]/g, "");

let phones = 0;
/** A different Russian mobile number each time (seats per phone are limited, so each buyer has their own). */
export const newPhone = () => {
  const n = phones++;
  return `+7 (915) ${String(n % 1000).padStart(3, "0")}-${String(Math.floor(n / 1000) % 100).padStart(2, "0")}-${String(Date.now() % 100).padStart(2, "0")}`;
};

export const validLead = (overrides: Record<string, unknown> = {}) => ({
  id: uniqueId("lead"),
  name: "Анна",
  phone: "+7 (912) 345-67-89",
  email: "anna@example.ru",
  cta: "signUpForProfession",
  blockForAmo: "Психолог-консультант",
  price: 90300,
  leadPage: "/professions/konsultirovanie/psiholog-konsultant",
  ...overrides,
});

/** The site's own evidence of a visit that began `ageMs` ago (a new visit, or the one named), signed as a page signs it (the local runtime's secret). */
export async function visitEvidence(ageMs = 60_000, id = newVisitId()): Promise<string> {
  return (await serializeSigned(VISIT_COOKIE, visitValue(Date.now() - ageMs, id), await purposeKeyBytes(LOCAL_SIGNING_SECRET, "visit"))).split(";")[0]!;
}

/** A visitor who opened a page a minute ago: their cookies, with the evidence of that visit added. */
export async function visitorCookies(cookie?: string): Promise<string> {
  return [cookie, await visitEvidence()].filter(Boolean).join("; ");
}

export interface PostOptions {
  /** false: a request that never opened a page (a script) */
  visited?: boolean;
}

async function post(path: string, type: string, body: string, headers: Record<string, string>, { visited = true }: PostOptions) {
  const cookie = visited ? await visitorCookies(headers.Cookie) : headers.Cookie;
  return SELF.fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": type, Origin: origin, "CF-Connecting-IP": uniqueId("ip"), ...headers, ...(cookie ? { Cookie: cookie } : {}) },
    body,
    redirect: "manual",
  });
}

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}, options: PostOptions = {}) {
  return post(path, "application/json", typeof body === "string" ? body : JSON.stringify(body), headers, options);
}

export function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}, options: PostOptions = {}) {
  return post(path, "application/x-www-form-urlencoded", new URLSearchParams(fields).toString(), headers, options);
}

/** Gives this test file's CRM token object a token far from expiry, matching the fake amoCRM. */
export async function seedCrmToken(expiresInS = 86_400) {
  await crmToken(env).seed("access-0", "refresh-0", Math.floor(Date.now() / 1000) + expiresInS);
}

export const outboxOf = (id: string) => outboxShard(env, shardOf(id));

export async function received(sink: string, id: string): Promise<Receipt[]> {
  return (await fetch(`${fakes}/__received?sink=${sink}&id=${encodeURIComponent(id)}`)).json();
}

/**
 * What a sink keeps of lead `id`: each Idempotency-Key once (a request that outlives SINK_TIMEOUT_MS
 * on a busy machine is sent again under the same key, and such a sink drops the repeat), and every
 * request of a sink that takes none.
 */
export async function kept(sink: string, id: string): Promise<string[]> {
  const receipts = await received(sink, id);
  return [...new Set(receipts.map((r) => r.headers["idempotency-key"] ?? `${r.method} ${r.path} ${r.at}`))];
}

/** A webhook event as the fake CRM receives it: a lead (no `event`) or an order's event. */
export interface WebhookEvent {
  id: string;
  event?: string;
  ticket?: { seminar_id?: string; tickets?: number; refundedTickets?: number };
}

/**
 * The events the CRM's webhook keeps of lead or order `id`, in the order each first came: each
 * Idempotency-Key once, as the webhook's contract drops a repeat (a request that outlived
 * SINK_TIMEOUT_MS on a busy machine is sent again under its key: two fresh clones at once saw one
 * expiry arrive three times, 2026-11-29).
 */
export async function webhookEvents(id: string): Promise<WebhookEvent[]> {
  const byKey = new Map<string, WebhookEvent>();
  for (const receipt of await received("genezis", id)) {
    const key = receipt.headers["idempotency-key"] ?? `${receipt.method} ${receipt.path} ${receipt.at}`;
    if (!byKey.has(key)) byKey.set(key, receipt.body as WebhookEvent);
  }
  return [...byKey.values()];
}

/** The sink's next `times` requests for lead `id` fail (only that lead's: other files' leads reach the same fake). */
export async function failNext(sink: string, times: number, mode: "500" | "hang" | "slow", id: string) {
  const response = await fetch(`${fakes}/__fail`, { method: "POST", body: JSON.stringify({ sink, times, mode, id }) });
  if (!response.ok) throw new Error(`the fake refused the failure: ${response.status}`);
}

/** Waits until the last of the failures failNext asked for has reached the fake (a slow one is then still out). */
export async function failuresArrived(sink: string, id: string) {
  await vi.waitFor(
    async () => {
      const { remaining } = (await (await fetch(`${fakes}/__fail?sink=${sink}&id=${encodeURIComponent(id)}`)).json()) as { remaining: number };
      expect(remaining).toBe(0);
    },
    { timeout: 20_000, interval: 50 },
  );
}

/** Waits until every delivery of the lead is final (the outbox alarm runs by itself). */
export async function settled(id: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [view] = (await outboxOf(id).list()).filter((lead) => lead.id === id);
    if (view?.deliveries.every((d) => d.status !== "pending")) return view;
    if (Date.now() > deadline) throw new Error(`lead ${id} not settled: ${JSON.stringify(view)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
