import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { refusals } from "../../src/services/leads/messages";
import { TURNSTILE_FIELD } from "../../src/services/leads/turnstile";
import { defaultCatalogue } from "../support/content";
import { TURNSTILE_TEST_KEYS as keys } from "../support/fake-third-parties";
import { failNext, fakes, origin, outboxOf, postJson, received, seedCrmToken, uniqueId, validLead, visitEvidence } from "./leads-helpers";
import { seedCatalogue } from "./seed";
import { fetchWith as call, settingsWith } from "./with-settings";
import { CLIENT_LOADER_HASH } from "../../src/services/client-loader";

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("turnstile-v1"));
  await seedCrmToken();
});

const SITEVERIFY = `${fakes}/turnstile/v0/siteverify`;

/** The Worker with Turnstile switched on (the default test settings have the captcha off). */
function withTurnstile(secret: string, verifyUrl = SITEVERIFY): Env {
  return settingsWith({ CAPTCHA_PROVIDER: "turnstile", TURNSTILE_SITE_KEY: keys.siteKeyPasses, TURNSTILE_SECRET_KEY: secret, TURNSTILE_VERIFY_URL: verifyUrl });
}

async function postLead(settings: Env, body: Record<string, unknown>, address = uniqueId("ip")) {
  return call(settings, "/api/leads", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": address, Cookie: await visitEvidence() },
    body: JSON.stringify(body),
  });
}

async function postLeadForm(settings: Env, fields: Record<string, string>) {
  return call(settings, "/api/leads", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "CF-Connecting-IP": uniqueId("ip"), Cookie: await visitEvidence() },
    body: new URLSearchParams(fields).toString(),
  });
}

const withToken = (overrides: Record<string, unknown> = {}) => validLead({ [TURNSTILE_FIELD]: keys.dummyToken, ...overrides });

describe("Turnstile switched off (no keys): today's behaviour", () => {
  it("shows no widget, allows no Cloudflare host, and takes a lead without a token", async () => {
    const page = await call(env, "/apply");
    expect(await page.text()).not.toContain("data-captcha-widget");
    expect(page.headers.get("content-security-policy")).not.toContain("challenges.cloudflare.com");
    const lead = validLead();
    expect((await postJson("/api/leads", lead)).status).toBe(200);
    expect(await outboxOf(lead.id).get(lead.id)).not.toHaveProperty("turnstile");
  });

  it("stays off with a site key but no secret: a widget nobody could check would only block people", async () => {
    const halfway = settingsWith({ CAPTCHA_PROVIDER: "turnstile", TURNSTILE_SITE_KEY: keys.siteKeyPasses });
    expect(await (await call(halfway, "/apply")).text()).not.toContain("data-captcha-widget");
    expect((await postLead(halfway, validLead())).status).toBe(200);
  });
});

describe("Turnstile switched on", () => {
  const on = withTurnstile(keys.secretPasses);

  it("puts the widget with the site key in the lead forms and allows only challenges.cloudflare.com", async () => {
    const page = await call(on, "/apply");
    const html = await page.text();
    expect(html).toContain(`data-captcha="turnstile" data-captcha-site-key="${keys.siteKeyPasses}"`);
    expect(html).toContain(`<div class="turnstile__widget" data-captcha-widget="turnstile" data-sitekey="${keys.siteKeyPasses}"></div>`);
    expect(html).not.toContain(keys.secretPasses);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`script-src 'self' ${CLIENT_LOADER_HASH} https://challenges.cloudflare.com;`);
    expect(csp).toContain("frame-src 'self' https://challenges.cloudflare.com;");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain("smartcaptcha");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    const search = await (await call(on, "/search?q=zzzqqqxxx")).text();
    expect(search).toContain("data-captcha-widget");
  });

  it("checks the token with siteverify (secret, response, remoteip) and stores the lead as passed", async () => {
    const lead = withToken();
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const response = await postLead(on, lead, address);
    expect(response.status).toBe(200);
    expect(await outboxOf(lead.id).get(lead.id)).toMatchObject({ id: lead.id, turnstile: "passed", captcha: { provider: "turnstile", verdict: "passed" } });
    const checks = (await received("siteverify", address)).map((receipt) => receipt.body);
    expect(checks).toContainEqual({ secret: keys.secretPasses, response: keys.dummyToken, remoteip: address });
  });

  it("takes a lead without a token on the visit's evidence, unverified, without asking Cloudflare (decision 045)", async () => {
    const lead = validLead();
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const response = await postLead(on, lead, address);
    expect(response.status).toBe(200);
    expect(await outboxOf(lead.id).get(lead.id)).toMatchObject({ turnstile: "unverified", captcha: { provider: "turnstile", verdict: "unverified", reason: "no_token" } });
    expect((await received("siteverify", lead.id)).length).toBe(0);
  });

  it("refuses a lead without a token when UNVERIFIED_LEAD_RATE_LIMIT is 0, with a Russian message, without asking Cloudflare", async () => {
    const lead = validLead();
    const response = await postLead(settingsWith({ CAPTCHA_PROVIDER: "turnstile", TURNSTILE_SITE_KEY: keys.siteKeyPasses, TURNSTILE_SECRET_KEY: keys.secretPasses, TURNSTILE_VERIFY_URL: SITEVERIFY, UNVERIFIED_LEAD_RATE_LIMIT: "0" }), lead);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, message: refusals.turnstileMissing, errors: { turnstile: refusals.turnstileMissing } });
    expect(await outboxOf(lead.id).get(lead.id)).toBeNull();
  });

  it("refuses a token Cloudflare fails, and one already spent, storing nothing", async () => {
    for (const [secret, message] of [
      [keys.secretFails, refusals.turnstileFailed],
      [keys.secretSpent, refusals.turnstileExpired],
    ] as const) {
      const lead = withToken();
      const response = await postLead(withTurnstile(secret), lead);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ ok: false, message, errors: { turnstile: message } });
      expect(await outboxOf(lead.id).get(lead.id)).toBeNull();
    }
  });

  it("answers a failed form post without JavaScript with the form again: its values and the message", async () => {
    const lead = validLead({ name: "Анна Иванова" });
    const fields = { ...Object.fromEntries(Object.entries(lead).map(([key, value]) => [key, String(value)])), [TURNSTILE_FIELD]: "" };
    const response = await postLeadForm(withTurnstile(keys.secretFails), { ...fields, [TURNSTILE_FIELD]: keys.dummyToken });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(refusals.turnstileFailed);
    expect(html).toContain('value="Анна Иванова"');
    expect(html).toContain('value="anna@example.ru"');
    expect(html).toContain("data-captcha-widget");
    expect(await outboxOf(lead.id).get(lead.id)).toBeNull();

    const passed = await postLeadForm(on, { ...fields, id: uniqueId("form"), [TURNSTILE_FIELD]: keys.dummyToken });
    expect(passed.status).toBe(303);
    expect(passed.headers.get("location")).toMatch(/^\/gratefull\?lead=/);
  });

  it("keeps the lead, marked unverified, when siteverify cannot be reached or fails itself", async () => {
    const unreachable = withTurnstile(keys.secretPasses, "http://127.0.0.1:9/turnstile/v0/siteverify");
    const lead = withToken();
    expect((await postLead(unreachable, lead)).status).toBe(200);
    expect(await outboxOf(lead.id).get(lead.id)).toMatchObject({ id: lead.id, turnstile: "unverified" });

    // a token of its own, so the failure is this request's alone (the fake is shared with other files)
    const token = `XXXX.DUMMY.${uniqueId("token")}`;
    await failNext("siteverify", 1, "500", token);
    const during500 = withToken({ [TURNSTILE_FIELD]: token });
    expect((await postLead(on, during500)).status).toBe(200);
    expect(await outboxOf(during500.id).get(during500.id)).toMatchObject({ turnstile: "unverified" });

    // our own secret refused is our fault, not the visitor's
    const misconfigured = withToken();
    expect((await postLead(withTurnstile("not-a-secret"), misconfigured)).status).toBe(200);
    expect(await outboxOf(misconfigured.id).get(misconfigured.id)).toMatchObject({ turnstile: "unverified" });
  });

  it("takes no seminar tickets for a refused token", async () => {
    const seminar = defaultCatalogue("turnstile-v1").seminars.find((s) => Date.parse(s.targetDate) > Date.now() && s.tickets_quantity > 0);
    if (!seminar) throw new Error("the default content has no future seminar with tickets");
    const before = (await (await call(on, `/api/seminars/${seminar.id}/tickets`)).json()) as { tickets_quantity: number };
    const order = withToken({ seminar_id: seminar.id, tickets: 1 });
    const refused = await call(withTurnstile(keys.secretFails), "/api/tickets", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": uniqueId("ip"), Cookie: await visitEvidence() },
      body: JSON.stringify(order),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errors: { turnstile: refusals.turnstileFailed } });
    const after = (await (await call(on, `/api/seminars/${seminar.id}/tickets`)).json()) as { tickets_quantity: number };
    expect(after.tickets_quantity).toBe(before.tickets_quantity);
  });
});
