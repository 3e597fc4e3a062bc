/**
 * Decision 045: no form depends on the captcha's script. A lead or an order without a token is
 * taken only on the server's evidence of a visit, within UNVERIFIED_LEAD_RATE_LIMIT an hour per
 * address group, marked unverified for the CRM and logged; Yandex SmartCaptcha can stand in for
 * Turnstile, checked through the local fake of its validate.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { refusals } from "../../src/services/leads/messages";
import { UNVERIFIED_TAG } from "../../src/services/leads/sinks/amocrm.server";
import { log } from "../../src/services/log";
import { defaultCatalogue } from "../support/content";
import { SMARTCAPTCHA_TEST_KEYS as smart, TURNSTILE_TEST_KEYS as keys } from "../support/fake-third-parties";
import { failNext, fakes, newPhone, origin, outboxOf, received, seedCrmToken, settled, uniqueId, validLead, visitEvidence } from "./leads-helpers";
import { seedCatalogue } from "./seed";
import { fetchWith as call, settingsWith } from "./with-settings";
import { CLIENT_LOADER_HASH } from "../../src/services/client-loader";

const catalogue = defaultCatalogue("captcha-v1");

beforeAll(async () => {
  await seedCatalogue(catalogue);
  await seedCrmToken();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Turnstile on, siteverify at the fake; the minimum fill time off, so the captcha's own rule about the visit is what answers. */
const turnstileOn = (more: Record<string, string> = {}) =>
  settingsWith({
    CAPTCHA_PROVIDER: "turnstile",
    TURNSTILE_SITE_KEY: keys.siteKeyPasses,
    TURNSTILE_SECRET_KEY: keys.secretPasses,
    TURNSTILE_VERIFY_URL: `${fakes}/turnstile/v0/siteverify`,
    LEAD_MIN_FILL_MS: "0",
    ...more,
  });

const smartCaptchaOn = (serverKey: string = smart.serverKeyPasses, more: Record<string, string> = {}) =>
  settingsWith({
    CAPTCHA_PROVIDER: "smartcaptcha",
    SMARTCAPTCHA_CLIENT_KEY: smart.clientKey,
    SMARTCAPTCHA_SERVER_KEY: serverKey,
    SMARTCAPTCHA_VERIFY_URL: `${fakes}/smartcaptcha/validate`,
    ...more,
  });

/** A new IPv4 address of the documentation ranges, its own budget. */
let hosts = 0;
const newAddress = () => `198.51.${Math.floor(Math.random() * 250)}.${(hosts++ % 250) + 1}`;

async function post(settings: Env, path: string, body: Record<string, unknown>, { address = newAddress(), visited = true } = {}) {
  return call(settings, path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": address, ...(visited ? { Cookie: await visitEvidence() } : {}) },
    body: JSON.stringify(body),
  });
}

const futureSeminar = () => {
  const seminar = catalogue.seminars.find((s) => Date.parse(s.targetDate) > Date.now() && s.tickets_quantity > 5 && s.price > 0);
  if (!seminar) throw new Error("the default content has no future paid seminar with tickets");
  return seminar;
};

describe("a lead without a captcha token (the provider's script never loaded)", () => {
  it("is taken on the visit's evidence, marked unverified for the CRM (amoCRM's tag, the webhook's field) and logged", async () => {
    const warnings = vi.spyOn(log, "warn");
    const lead = validLead();
    const response = await post(turnstileOn(), "/api/leads", lead);
    expect(response.status).toBe(200);
    expect(await outboxOf(lead.id).get(lead.id)).toMatchObject({
      id: lead.id,
      turnstile: "unverified",
      captcha: { provider: "turnstile", verdict: "unverified", reason: "no_token" },
    });
    expect(warnings).toHaveBeenCalledWith("captcha.no_token", expect.objectContaining({ provider: "turnstile", kind: "lead", outcome: "accepted" }));
    // the outbox delivers it with the default settings: the webhook and amoCRM at the fakes
    await settled(lead.id);
    const [webhook] = await received("genezis", lead.id);
    expect(webhook?.body).toMatchObject({ id: lead.id, captcha: { provider: "turnstile", verdict: "unverified", reason: "no_token" } });
    const [amo] = await received("amocrm", lead.id);
    if (!amo) throw new Error("amoCRM did not receive the lead");
    const [deal] = amo.body as { _embedded: { tags: { name: string }[] } }[];
    const tags = (deal?._embedded.tags ?? []).map((tag) => tag.name);
    expect(tags).toContain(UNVERIFIED_TAG);
  });

  it("is refused without the evidence of a visit: a 400 with the Russian message, nothing stored, no budget spent", async () => {
    const warnings = vi.spyOn(log, "warn");
    const lead = validLead();
    const response = await post(turnstileOn(), "/api/leads", lead, { visited: false });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, message: refusals.noVisit, errors: { turnstile: refusals.noVisit } });
    expect(await outboxOf(lead.id).get(lead.id)).toBeNull();
    expect(warnings).toHaveBeenCalledWith("captcha.no_token", expect.objectContaining({ outcome: "no_visit" }));
  });

  it("counts against UNVERIFIED_LEAD_RATE_LIMIT of the address group: past it, 429 with the rate message; a token still passes", async () => {
    const settings = turnstileOn({ UNVERIFIED_LEAD_RATE_LIMIT: "2" });
    // two addresses of one IPv6 /64 are one group
    const prefix = `2001:db8:${(Math.floor(Math.random() * 0xffff)).toString(16)}:${(hosts++ % 0xffff).toString(16)}`;
    const first = validLead();
    const second = validLead();
    expect((await post(settings, "/api/leads", first, { address: `${prefix}::1` })).status).toBe(200);
    expect((await post(settings, "/api/leads", second, { address: `${prefix}::2` })).status).toBe(200);
    const third = validLead();
    const refused = await post(settings, "/api/leads", third, { address: `${prefix}::3` });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ ok: false, message: refusals.rateLimited });
    expect(await outboxOf(third.id).get(third.id)).toBeNull();
    // the budget is the tokenless leads' alone: a solved captcha from the same group is taken
    const withToken = validLead({ "cf-turnstile-response": keys.dummyToken });
    expect((await post(settings, "/api/leads", withToken, { address: `${prefix}::4` })).status).toBe(200);
    expect(await outboxOf(withToken.id).get(withToken.id)).toMatchObject({ captcha: { provider: "turnstile", verdict: "passed" } });
    // another address group has its own budget
    expect((await post(settings, "/api/leads", validLead())).status).toBe(200);
  });

  it("is refused when UNVERIFIED_LEAD_RATE_LIMIT is 0 (the captcha required), with the message to wait for the check", async () => {
    const lead = validLead();
    const response = await post(turnstileOn({ UNVERIFIED_LEAD_RATE_LIMIT: "0" }), "/api/leads", lead);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, message: refusals.turnstileMissing, errors: { turnstile: refusals.turnstileMissing } });
  });

  it("a ticket order follows the same rule: taken unverified within the budget; past it 429 and no seat taken", async () => {
    const settings = turnstileOn({ UNVERIFIED_LEAD_RATE_LIMIT: "1" });
    const seminar = futureSeminar();
    const address = newAddress();
    const order = () => validLead({ id: uniqueId("order"), phone: newPhone(), seminar_id: seminar.id, tickets: 1 });
    const first = order();
    const taken = await post(settings, "/api/tickets", first, { address });
    expect(taken.status).toBe(200);
    const { tickets_quantity: left } = (await taken.json()) as { tickets_quantity: number };
    expect(await outboxOf(first.id).get(first.id)).toMatchObject({ kind: "ticket", captcha: { verdict: "unverified", reason: "no_token" } });
    const refused = await post(settings, "/api/tickets", order(), { address });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ ok: false, message: refusals.rateLimited });
    const now = (await (await call(settings, `/api/seminars/${seminar.id}/tickets`)).json()) as { tickets_quantity: number };
    expect(now.tickets_quantity).toBe(left);
  });

  it("without a signing secret nothing vouches for a visit: refused as before, the message to wait for the check", async () => {
    const lead = validLead();
    const response = await post(turnstileOn({ ENVIRONMENT: "dev", SIGNING_SECRET: "" }), "/api/leads", lead);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: refusals.turnstileMissing });
  });

  it("with no captcha on, nothing changes: no mark, no budget", async () => {
    const lead = validLead();
    expect((await post(settingsWith({ UNVERIFIED_LEAD_RATE_LIMIT: "0" }), "/api/leads", lead)).status).toBe(200);
    const stored = await outboxOf(lead.id).get(lead.id);
    expect(stored).not.toHaveProperty("captcha");
    expect(stored).not.toHaveProperty("turnstile");
  });
});

describe("Yandex SmartCaptcha (CAPTCHA_PROVIDER=smartcaptcha)", () => {
  it("puts its widget in the forms and allows its host alone in script-src, frame-src and connect-src", async () => {
    const page = await call(smartCaptchaOn(), "/apply");
    const html = await page.text();
    expect(html).toContain('data-captcha="smartcaptcha"');
    expect(html).toContain(`<div class="turnstile__widget" data-captcha-widget="smartcaptcha" data-sitekey="${smart.clientKey}"></div>`);
    expect(html).not.toContain(smart.serverKeyPasses);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`script-src 'self' ${CLIENT_LOADER_HASH} https://smartcaptcha.yandexcloud.net;`);
    expect(csp).toContain("frame-src 'self' https://smartcaptcha.yandexcloud.net;");
    expect(csp).toContain("connect-src 'self' https://smartcaptcha.yandexcloud.net;");
    expect(csp).not.toContain("challenges.cloudflare.com");
  });

  it("checks the token with validate (secret, token, ip) and stores the lead as passed", async () => {
    const lead = validLead({ "smart-token": smart.dummyToken });
    const address = newAddress();
    const response = await post(smartCaptchaOn(), "/api/leads", lead, { address });
    expect(response.status).toBe(200);
    const stored = await outboxOf(lead.id).get(lead.id);
    expect(stored).toMatchObject({ captcha: { provider: "smartcaptcha", verdict: "passed" } });
    expect(stored).not.toHaveProperty("turnstile");
    const checks = (await received("smartcaptcha", address)).map((receipt) => receipt.body);
    expect(checks).toContainEqual({ secret: smart.serverKeyPasses, token: smart.dummyToken, ip: address });
  });

  it("refuses a token SmartCaptcha fails, and one expired or spent, storing nothing", async () => {
    for (const [serverKey, message] of [
      [smart.serverKeyFails, refusals.turnstileFailed],
      [smart.serverKeySpent, refusals.turnstileExpired],
    ] as const) {
      const lead = validLead({ "smart-token": smart.dummyToken });
      const response = await post(smartCaptchaOn(serverKey), "/api/leads", lead);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ ok: false, message, errors: { turnstile: message } });
      expect(await outboxOf(lead.id).get(lead.id)).toBeNull();
    }
  });

  it("keeps the lead, marked unverified, when validate is out of reach, fails with 500, or refuses our key", async () => {
    const errors = vi.spyOn(log, "error");
    const unreachable = validLead({ "smart-token": smart.dummyToken });
    expect((await post(smartCaptchaOn(smart.serverKeyPasses, { SMARTCAPTCHA_VERIFY_URL: "http://127.0.0.1:9/validate" }), "/api/leads", unreachable)).status).toBe(200);
    expect(await outboxOf(unreachable.id).get(unreachable.id)).toMatchObject({ captcha: { provider: "smartcaptcha", verdict: "unverified", reason: "check_unavailable" } });
    expect(errors).toHaveBeenCalledWith("captcha.unavailable", expect.objectContaining({ provider: "smartcaptcha" }));

    const token = `${smart.dummyToken}.${uniqueId("token")}`;
    await failNext("smartcaptcha", 1, "500", token);
    const during500 = validLead({ "smart-token": token });
    expect((await post(smartCaptchaOn(), "/api/leads", during500)).status).toBe(200);
    expect(await outboxOf(during500.id).get(during500.id)).toMatchObject({ captcha: { verdict: "unverified", reason: "check_unavailable" } });

    const misconfigured = validLead({ "smart-token": smart.dummyToken });
    expect((await post(smartCaptchaOn("ysc2_not-our-server-key"), "/api/leads", misconfigured)).status).toBe(200);
    expect(await outboxOf(misconfigured.id).get(misconfigured.id)).toMatchObject({ captcha: { verdict: "unverified", reason: "check_unavailable" } });
  });

  it("takes a lead without a token on the visit's evidence as Turnstile does, unverified", async () => {
    const lead = validLead();
    expect((await post(smartCaptchaOn(smart.serverKeyPasses, { LEAD_MIN_FILL_MS: "0" }), "/api/leads", lead)).status).toBe(200);
    expect(await outboxOf(lead.id).get(lead.id)).toMatchObject({ captcha: { provider: "smartcaptcha", verdict: "unverified", reason: "no_token" } });
    const ignored = validLead({ "cf-turnstile-response": keys.dummyToken });
    // Turnstile's field means nothing to SmartCaptcha: it is a lead without a token
    expect((await post(smartCaptchaOn(), "/api/leads", ignored)).status).toBe(200);
    expect(await outboxOf(ignored.id).get(ignored.id)).toMatchObject({ captcha: { reason: "no_token" } });
  });
});

describe("the captcha's settings", () => {
  it("a bad CAPTCHA_PROVIDER switches the captcha off and says so; leads go on", async () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const settings = smartCaptchaOn(smart.serverKeyPasses, { CAPTCHA_PROVIDER: "recaptcha" });
    const page = await call(settings, "/apply");
    expect(await page.text()).not.toContain("data-captcha-widget");
    expect(page.headers.get("content-security-policy")).not.toMatch(/smartcaptcha|challenges/);
    expect((await post(settings, "/api/leads", validLead())).status).toBe(200);
    expect(errors).toHaveBeenCalledWith("config.invalid", expect.objectContaining({ setting: "CAPTCHA_PROVIDER", effect: "the feature is off" }));
  });

  it("SmartCaptcha chosen without its keys: the captcha is off, each missing key named; leads go on", async () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const settings = settingsWith({ CAPTCHA_PROVIDER: "smartcaptcha", TURNSTILE_SITE_KEY: keys.siteKeyPasses, TURNSTILE_SECRET_KEY: keys.secretPasses });
    expect(await (await call(settings, "/apply")).text()).not.toContain("data-captcha-widget");
    expect((await post(settings, "/api/leads", validLead())).status).toBe(200);
    for (const setting of ["SMARTCAPTCHA_CLIENT_KEY", "SMARTCAPTCHA_SERVER_KEY"]) {
      expect(errors).toHaveBeenCalledWith("config.invalid", expect.objectContaining({ setting, effect: "the captcha is off" }));
    }
  });
});
