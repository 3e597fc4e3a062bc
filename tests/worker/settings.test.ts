/**
 * A bad setting switches its feature off and says so, once; it never takes pages or lead intake
 * down (DESIGN.md). Each setting in turn gets a value it cannot use.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { log } from "../../src/services/log";
import { SETTING_NAMES } from "../../src/server/config.server";
import { defaultCatalogue } from "../support/content";
import { opsToken, origin, seedCrmToken, uniqueId, validLead, visitEvidence } from "./leads-helpers";
import { seedCatalogue } from "./seed";
import { fetchWith, settingsWith } from "./with-settings";

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("settings-v1"));
  await seedCrmToken();
});

afterEach(() => vi.restoreAllMocks());

async function postLead(settings: Env) {
  const lead = validLead();
  return fetchWith(settings, "/api/leads", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": uniqueId("ip"), Cookie: await visitEvidence() },
    body: JSON.stringify(lead),
  });
}

describe("a bad setting", () => {
  it.each(SETTING_NAMES)("%s with a value it cannot use: pages answer 200 and a lead is still taken", async (name) => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const settings = settingsWith({ [name]: "~~bad value~~" });
    expect((await fetchWith(settings, "/")).status).toBe(200);
    expect((await fetchWith(settings, "/contacts")).status).toBe(200);
    expect((await postLead(settings)).status).toBe(200);
    // a free-text setting (an id, a key of a partner) has no wrong value to say; every other one is named
    const named = errors.mock.calls.some(([event, fields]) => event === "config.invalid" && (fields as { setting: string }).setting === name);
    const freeText = ["ADMITAD_CAMPAIGN_CODE", "ADMITAD_POSTBACK_KEY", "ROISTAT_KEY", "AMOCRM_CLIENT_ID", "AMOCRM_CLIENT_SECRET", "AMOCRM_REDIRECT_URI", "MAIL_FROM_NAME"];
    expect(named || freeText.includes(name), `config.invalid for ${name}`).toBe(true);
  });

  it("an OPS_TOKEN shorter than 16 characters closes ops, logged once naming it; pages and leads go on", async () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const short = "short-token";
    const settings = settingsWith({ OPS_TOKEN: short });
    expect((await fetchWith(settings, "/")).status).toBe(200);
    expect((await postLead(settings)).status).toBe(200);
    expect((await fetchWith(settings, "/ops/leads", { headers: { Authorization: `Bearer ${short}` } })).status).toBe(401);
    expect((await fetchWith(settingsWith({ OPS_TOKEN: short }), "/ops/leads", { headers: { Authorization: `Bearer ${short}` } })).status).toBe(401);
    const lines = errors.mock.calls.filter(([event]) => event === "config.invalid");
    expect(lines).toEqual([["config.invalid", { setting: "OPS_TOKEN", reason: "shorter than 16 characters", effect: "the feature is off" }]]);
    expect(JSON.stringify(lines)).not.toContain(short);
  });

  it("a missing or bad SITE_URL: the site's address is the one the request came to", async () => {
    vi.spyOn(log, "error").mockImplementation(() => undefined);
    const page = await fetchWith(settingsWith({ SITE_URL: "not a url" }), "/contacts");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<link rel="canonical" href="${origin}/contacts"/>`);
  });

  it("one Turnstile key without the other: Turnstile is off and the setting missing is named", async () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const settings = settingsWith({ TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA" });
    expect((await postLead(settings)).status).toBe(200);
    expect(errors).toHaveBeenCalledWith("config.invalid", expect.objectContaining({ setting: "TURNSTILE_SITE_KEY", effect: "Turnstile is off" }));
  });

  it.each([
    [{ ROISTAT_KEY: "" }, "ROISTAT_KEY", "Roistat is off"],
    [{ ADMITAD_CAMPAIGN_CODE: "" }, "ADMITAD_CAMPAIGN_CODE", "the Admitad postback is off"],
    [{ ADMITAD_POSTBACK_KEY: "" }, "ADMITAD_POSTBACK_KEY", "the Admitad postback is off"],
  ])("an endpoint without its other half (%j): the sink is off, the missing setting named once; leads go on", async (change, setting, effect) => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const settings = settingsWith(change);
    expect((await postLead(settings)).status).toBe(200);
    expect((await postLead(settings)).status).toBe(200);
    expect((await postLead(settingsWith(change))).status).toBe(200);
    const lines = errors.mock.calls.filter(([event, fields]) => event === "config.invalid" && (fields as { setting: string }).setting === setting);
    expect(lines).toHaveLength(1);
    expect(lines[0]![1]).toMatchObject({ setting, effect });
  });

  it("a bad URL is logged with its scheme and host alone, never its path, query or credentials (decision 053)", async () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const settings = settingsWith({ ROISTAT_URL: "gopher://user:hunter2@roistat.example/api?key=s3cr3t" });
    expect((await postLead(settings)).status).toBe(200);
    const lines = errors.mock.calls.filter(([event]) => event === "config.invalid");
    expect(lines).toHaveLength(1);
    expect((lines[0]![1] as { reason: string }).reason).toMatch(/\(gopher:\/\/roistat\.example\)$/);
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|s3cr3t|user|\/api/);
  });

  it("a deployment without SIGNING_SECRET: nothing signed, the features that need it off and said so once; pages and leads go on (decision 054)", async () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const settings = settingsWith({ ENVIRONMENT: "production" });
    const page = await fetchWith(settings, "/contacts");
    expect(page.status).toBe(200);
    await page.text();
    expect(page.headers.getSetCookie().some((line) => line.startsWith("first_visit="))).toBe(false);
    // no evidence can be checked, so the minimum fill time is not held against anyone
    const lead = await fetchWith(settings, "/api/leads", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": uniqueId("ip") },
      body: JSON.stringify(validLead()),
    });
    expect(lead.status).toBe(200);
    const spin = await fetchWith(settings, "/api/wheel/spin", {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json", Cookie: await visitEvidence() },
      body: JSON.stringify({ phone: "+7 (912) 555-66-77" }),
    });
    expect(spin.status).toBe(503);
    const lines = errors.mock.calls.filter(([event, fields]) => event === "config.invalid" && (fields as { setting: string }).setting === "SIGNING_SECRET");
    expect(lines).toHaveLength(1);
    expect(lines[0]![1]).toMatchObject({ effect: expect.stringContaining("the fortune wheel") });
  });

  it("ops still work with a good token", async () => {
    const response = await fetchWith(settingsWith({}), "/ops/leads", { headers: { Authorization: `Bearer ${opsToken}` } });
    expect(response.status).toBe(200);
  });
});
