import { env, SELF } from "cloudflare:test";
import type { Receipt } from "../support/fake-third-parties";
import { shardOf } from "../../src/services/leads/outbox";

export const origin = "https://mip.institute";
export const fakes = (env as unknown as { FAKE_BASE: string }).FAKE_BASE;
export const opsToken = "ops-token-for-tests-0123456789";

let counter = 0;
/** A lead id unique to this run, so fakes shared by every test file can be read by id. */
export const uniqueId = (label: string) => `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}`.replace(/[^A-Za-z0-9_-]/g, "");

export const validLead = (overrides: Record<string, unknown> = {}) => ({
  id: uniqueId("lead"),
  name: "Анна",
  phone: "+7 (912) 345-67-89",
  email: "anna@example.ru",
  cta: "signUpForProfession",
  blockForAmo: "Психолог-консультант",
  price: 90300,
  leadPage: "/professions/konsultirovanie/psiholog-konsultant",
  fillMs: 5000,
  ...overrides,
});

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": uniqueId("ip"), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
    redirect: "manual",
  });
}

export function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return SELF.fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "CF-Connecting-IP": uniqueId("ip"), ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** Gives this test file's CRM token object a token far from expiry, matching the fake amoCRM. */
export async function seedCrmToken(expiresInS = 86_400) {
  await env.CRM_TOKEN.get(env.CRM_TOKEN.idFromName("amo")).seed("access-0", "refresh-0", Math.floor(Date.now() / 1000) + expiresInS);
}

export const outboxOf = (id: string) => env.LEAD_OUTBOX.get(env.LEAD_OUTBOX.idFromName(shardOf(id)));

export async function received(sink: string, id: string): Promise<Receipt[]> {
  return (await fetch(`${fakes}/__received?sink=${sink}&id=${encodeURIComponent(id)}`)).json();
}

export async function failNext(sink: string, times: number, mode: "500" | "hang") {
  await fetch(`${fakes}/__fail`, { method: "POST", body: JSON.stringify({ sink, times, mode }) });
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
