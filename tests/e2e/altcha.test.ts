/**
 * The forms' own proof of work in a real browser (decision 092), on a phone's screen, against a
 * server of its own with ALTCHA on and every sink at the local fakes: nothing leaves this machine.
 * The visitor presses nothing for it: the form solves its challenge while they type, the lead
 * reaches the CRM marked passed, and a second lead from the same page solves a new one.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../scripts/lib/wrangler";
import { outcomes, refusals } from "../../src/services/leads/messages";
import { UNVERIFIED_TAG } from "../../src/services/leads/sinks/amocrm.server";
import { MOBILE } from "../support/browser";
import { type FakeThirdParties, fakeSinkEnv, type Receipt, startFakeThirdParties } from "../support/fake-third-parties";
import { reachFor, sharedChromium } from "./helpers";
import { seedCrmToken, startOwnServer } from "./own-server";

let fakes: FakeThirdParties;
let server: DevServer;
let browser: Browser;

beforeAll(async () => {
  // FAKE_PORT + 22 beside the own server's offset, so runs side by side keep their ports apart; any free port without it
  fakes = await startFakeThirdParties(process.env.FAKE_PORT ? Number(process.env.FAKE_PORT) + 22 : 0);
  server = await startOwnServer(22, { ...fakeSinkEnv(fakes.url), CAPTCHA_PROVIDER: "altcha" });
  await seedCrmToken(server);
  browser = await sharedChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fakes?.close();
});

/** The lead the fake webhook got for this name, once the outbox has delivered it. */
async function webhookLead(name: string): Promise<Record<string, unknown>> {
  let lead: Record<string, unknown> | undefined;
  await expect
    .poll(async () => {
      const [receipt] = (await (await fetch(`${fakes.url}/__received?sink=genezis&id=${encodeURIComponent(name)}`)).json()) as Receipt[];
      lead = receipt?.body as Record<string, unknown> | undefined;
      return lead !== undefined;
    })
    .toBe(true);
  return lead as Record<string, unknown>;
}

describe("ALTCHA on the lead forms", () => {
  it("solves while the visitor types, with no request off the site and nothing to press; the lead reaches the CRM as passed, and the next lead solves anew", async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: "ru-RU", viewport: MOBILE, isMobile: true, hasTouch: true });
    const offSite: string[] = [];
    await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => {
      offSite.push(route.request().url());
      return route.abort();
    });
    const page = await context.newPage();
    const challenges: number[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/captcha/challenge") challenges.push(Date.now());
    });
    await page.goto("/apply?cta=askQuestion");
    await reachFor(page, "forms/LeadForm");
    // nothing is asked for before the visitor reaches for the form
    expect(challenges).toEqual([]);
    const proof = page.locator("[data-captcha-widget='altcha'] input[name='altcha']");
    expect(await proof.count()).toBe(1);
    // the field is invisible: no box, no puzzle, no gap in the form
    expect(await page.locator(".field.altcha").evaluate((field) => getComputedStyle(field).display)).toBe("none");

    const started = Date.now();
    await page.getByLabel("Имя *").fill("Алия Алтча");
    await page.locator("#apply-phone").fill("+7 (701) 555-44-33");
    await expect.poll(() => proof.inputValue()).not.toBe("");
    console.log(`ALTCHA solved within ${Date.now() - started} ms of the first focus (a phone's screen, this machine)`);
    expect(challenges).toHaveLength(1);
    await page.getByRole("button", { name: outcomes.send }).click();
    await page.waitForURL((url) => url.pathname === "/gratefull");
    // a lead that went asks for nothing more
    expect(challenges).toHaveLength(1);
    expect(await webhookLead("Алия Алтча")).toMatchObject({ captcha: { provider: "altcha", verdict: "passed" } });

    // a second lead: a new challenge, solved again, passed again (a proof is spent once)
    await page.goto("/apply?cta=askQuestion");
    await reachFor(page, "forms/LeadForm");
    await page.getByLabel("Имя *").fill("Алия Вторая");
    await page.locator("#apply-phone").fill("+7 (701) 555-44-34");
    await expect.poll(() => proof.inputValue()).not.toBe("");
    await page.getByRole("button", { name: outcomes.send }).click();
    await page.waitForURL((url) => url.pathname === "/gratefull");
    expect(await webhookLead("Алия Вторая")).toMatchObject({ captcha: { provider: "altcha", verdict: "passed" } });
    expect(challenges).toHaveLength(2);
    expect(offSite).toEqual([]);
    await context.close();
  });

  it("after a refused send solves a new proof at once, untouched, so the next press sends a proof and the lead is passed", async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: "ru-RU", viewport: MOBILE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const challenges: number[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/captcha/challenge") challenges.push(Date.now());
    });
    // the first send is refused as the server refuses a proof it cannot take (a spent one); the next reaches the server
    let refused = false;
    await page.route("**/api/leads", (route) => {
      if (refused) return route.continue();
      refused = true;
      return route.fulfill({ status: 400, contentType: "application/json", body: JSON.stringify({ ok: false, message: refusals.altchaFailed }) });
    });
    await page.goto("/apply?cta=askQuestion");
    await reachFor(page, "forms/LeadForm");
    await page.getByLabel("Имя *").fill("Алия Повторная");
    await page.locator("#apply-phone").fill("+7 (701) 555-44-35");
    const proof = page.locator("input[name='altcha']");
    await expect.poll(() => proof.inputValue()).not.toBe("");
    await page.getByRole("button", { name: outcomes.send }).click();
    await page.getByText(refusals.altchaFailed).waitFor();
    // nothing touched since: the new challenge is asked and solved by itself
    await expect.poll(() => challenges.length).toBe(2);
    await expect.poll(() => proof.inputValue()).not.toBe("");
    await page.getByRole("button", { name: outcomes.send }).click();
    await page.waitForURL((url) => url.pathname === "/gratefull");
    expect(await webhookLead("Алия Повторная")).toMatchObject({ captcha: { provider: "altcha", verdict: "passed" } });
    await context.close();
  });

  it("without JavaScript there is no proof: the lead is taken on the visit's evidence and reaches the CRM marked unverified", async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: "ru-RU", javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/apply?cta=askQuestion");
    await page.getByLabel("Имя *").fill("Алия Безскриптова");
    await page.locator("#apply-phone").fill("+7 (701) 555-44-31");
    await page.getByRole("button", { name: outcomes.send }).click();
    await page.waitForURL((url) => url.pathname === "/gratefull");
    const lead = await webhookLead("Алия Безскриптова");
    expect(lead).toMatchObject({ captcha: { provider: "altcha", verdict: "unverified", reason: "no_token" } });
    // amoCRM's deal carries the mark too (decision 045's tag)
    await expect
      .poll(async () => {
        const [receipt] = (await (await fetch(`${fakes.url}/__received?sink=amocrm&id=${encodeURIComponent("Алия Безскриптова")}`)).json()) as Receipt[];
        return JSON.stringify(receipt?.body ?? null);
      })
      .toContain(UNVERIFIED_TAG);
    await context.close();
  });
});
