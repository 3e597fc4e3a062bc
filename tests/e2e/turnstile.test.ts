/**
 * Turnstile in a real browser (decision 010), against a second `wrangler dev` with Turnstile on and
 * siteverify pointed at the local fake. Cloudflare's script is replaced by a stand-in that behaves
 * like its explicit-render API with a test site key: it puts the dummy token in the form.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../scripts/lib/wrangler";
import { outcomes, refusals } from "../../src/services/leads/messages";
import { type FakeThirdParties, type Receipt, startFakeThirdParties, TURNSTILE_TEST_KEYS as keys } from "../support/fake-third-parties";
import { startOwnServer } from "./own-server";
import { sharedChromium } from "./helpers";

const STAND_IN = `window.turnstile = {
  render(container, options) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = options["response-field-name"];
    input.value = ${JSON.stringify(keys.dummyToken)};
    container.appendChild(input);
    window.__turnstile = { sitekey: options.sitekey, resets: 0 };
    return "widget-1";
  },
  reset() { window.__turnstile.resets += 1; },
};`;

let fakes: FakeThirdParties;
let server: DevServer;
let browser: Browser;

beforeAll(async () => {
  fakes = await startFakeThirdParties(0);
  server = await startOwnServer(18, {
    TURNSTILE_SITE_KEY: keys.siteKeyPasses,
    TURNSTILE_SECRET_KEY: keys.secretPasses,
    TURNSTILE_VERIFY_URL: `${fakes.url}/turnstile/v0/siteverify`,
  });
  browser = await sharedChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fakes?.close();
});

/** A visitor whose requests off this machine never leave it; Cloudflare's script is the stand-in. */
async function visitor(javaScriptEnabled = true): Promise<{ context: BrowserContext; page: Page; scripts: string[] }> {
  const context = await browser.newContext({ baseURL: server.url, locale: "ru-RU", javaScriptEnabled });
  const scripts: string[] = [];
  await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => {
    const url = route.request().url();
    scripts.push(url);
    if (url.startsWith("https://challenges.cloudflare.com/turnstile/v0/api.js")) {
      return route.fulfill({ status: 200, contentType: "application/javascript", body: STAND_IN });
    }
    return route.abort();
  });
  return { context, page: await context.newPage(), scripts };
}

const checks = async (): Promise<Receipt[]> => (await (await fetch(`${fakes.url}/__received?sink=siteverify`)).json()) as Receipt[];

describe("Turnstile on the lead forms", () => {
  it("renders the widget from our own code and sends its token with the lead", async () => {
    const { context, page, scripts } = await visitor();
    await page.goto("/apply?cta=askQuestion");
    await page.waitForSelector("[data-turnstile-widget] input[name='cf-turnstile-response']", { state: "attached" });
    expect(scripts).toEqual(["https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit"]);
    expect(await page.evaluate(() => (window as unknown as { __turnstile: { sitekey: string } }).__turnstile.sitekey)).toBe(keys.siteKeyPasses);
    await page.waitForSelector('[data-island="forms/LeadForm"][data-hydrated="true"]', { state: "attached" });
    // the widget Cloudflare's script drew survives hydration
    expect(await page.locator("[data-turnstile-widget] input").count()).toBe(1);

    const before = (await checks()).length;
    await page.getByLabel("Имя *").fill("Вера");
    await page.locator("#apply-phone").fill("+7 (912) 555-44-33");
    await page.getByRole("button", { name: outcomes.send }).click();
    await page.waitForURL((url) => url.pathname === "/gratefull");
    const after = await checks();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)?.body).toMatchObject({ secret: keys.secretPasses, response: keys.dummyToken });
    await context.close();
  });

  it("without JavaScript there is no token: the form comes back with its values and says why", async () => {
    const { context, page } = await visitor(false);
    await page.goto("/apply?cta=askQuestion");
    await page.getByLabel("Имя *").fill("Вера");
    await page.locator("#apply-phone").fill("+7 (912) 555-44-33");
    await page.getByRole("button", { name: outcomes.send }).click();
    await page.waitForURL((url) => url.pathname === "/api/leads");
    await expect(page.getByText(refusals.turnstileMissing).first().isVisible()).resolves.toBe(true);
    await expect(page.getByLabel("Имя *").inputValue()).resolves.toBe("Вера");
    await context.close();
  });
});
