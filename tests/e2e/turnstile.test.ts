/**
 * Turnstile in a real browser (decisions 010 and 045), against a second `wrangler dev` with
 * Turnstile on, siteverify and every sink pointed at the local fakes. Cloudflare's script is
 * replaced by a stand-in that behaves like its explicit-render API with a test site key (it puts
 * the dummy token in the form), or never answers, or is refused, as a throttled network does.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../scripts/lib/wrangler";
import { outcomes } from "../../src/services/leads/messages";
import { UNVERIFIED_TAG } from "../../src/services/leads/sinks/amocrm.server";
import { type FakeThirdParties, fakeSinkEnv, type Receipt, startFakeThirdParties, TURNSTILE_TEST_KEYS as keys } from "../support/fake-third-parties";
import { seedCrmToken, startOwnServer } from "./own-server";
import { reachFor, sharedChromium } from "./helpers";

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
  // FAKE_PORT + 18 beside the own server's offset, so runs side by side keep their ports apart; any free port without it
  fakes = await startFakeThirdParties(process.env.FAKE_PORT ? Number(process.env.FAKE_PORT) + 18 : 0);
  server = await startOwnServer(18, {
    ...fakeSinkEnv(fakes.url),
    CAPTCHA_PROVIDER: "turnstile",
    TURNSTILE_SITE_KEY: keys.siteKeyPasses,
    TURNSTILE_SECRET_KEY: keys.secretPasses,
    TURNSTILE_VERIFY_URL: `${fakes.url}/turnstile/v0/siteverify`,
  });
  await seedCrmToken(server);
  browser = await sharedChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fakes?.close();
});

/** What Cloudflare's host does for this visitor: answers with the stand-in, never answers (the wall), or refuses. */
type CaptchaHost = "answers" | "hangs" | "refuses";

/** A visitor whose requests off this machine never leave it; Cloudflare's script is the stand-in, or hangs, or is refused. */
async function visitor(javaScriptEnabled = true, host: CaptchaHost = "answers"): Promise<{ context: BrowserContext; page: Page; scripts: string[] }> {
  const context = await browser.newContext({ baseURL: server.url, locale: "ru-RU", javaScriptEnabled });
  const scripts: string[] = [];
  await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => {
    const url = route.request().url();
    scripts.push(url);
    if (url.startsWith("https://challenges.cloudflare.com/turnstile/v0/api.js")) {
      // a request left unanswered stays pending, as a connection the wall stopped
      if (host === "hangs") return;
      if (host === "refuses") return route.abort("connectionreset");
      return route.fulfill({ status: 200, contentType: "application/javascript", body: STAND_IN });
    }
    return route.abort();
  });
  return { context, page: await context.newPage(), scripts };
}

/** The deal the fake amoCRM got for the lead of this name, once the outbox has delivered it. */
async function amoDeal(name: string, timeoutMs = 20_000): Promise<{ name: string; _embedded: { tags: { name: string }[] } }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [receipt] = (await (await fetch(`${fakes.url}/__received?sink=amocrm&id=${encodeURIComponent(name)}`)).json()) as Receipt[];
    if (receipt) return (receipt.body as { name: string; _embedded: { tags: { name: string }[] } }[])[0]!;
    if (Date.now() > deadline) throw new Error(`amoCRM never got the lead of ${name}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The lead the fake webhook got for this name. */
async function webhookLead(name: string): Promise<Record<string, unknown> | undefined> {
  const [receipt] = (await (await fetch(`${fakes.url}/__received?sink=genezis&id=${encodeURIComponent(name)}`)).json()) as Receipt[];
  return receipt?.body as Record<string, unknown> | undefined;
}

const checks = async (): Promise<Receipt[]> => (await (await fetch(`${fakes.url}/__received?sink=siteverify`)).json()) as Receipt[];

describe("Turnstile on the lead forms", () => {
  it("renders the widget from our own code and sends its token with the lead", async () => {
    const { context, page, scripts } = await visitor();
    await page.goto("/apply?cta=askQuestion");
    await page.waitForSelector("[data-captcha-widget] input[name='cf-turnstile-response']", { state: "attached" });
    expect(scripts).toEqual(["https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit"]);
    expect(await page.evaluate(() => (window as unknown as { __turnstile: { sitekey: string } }).__turnstile.sitekey)).toBe(keys.siteKeyPasses);
    await reachFor(page, "forms/LeadForm");
    // the widget Cloudflare's script drew survives hydration
    expect(await page.locator("[data-captcha-widget] input").count()).toBe(1);

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

  it("without JavaScript there is no token: the lead is taken on the visit's evidence and reaches the CRM marked unverified", async () => {
    const { context, page } = await visitor(false);
    await page.goto("/apply?cta=askQuestion");
    await page.getByLabel("Имя *").fill("Вера Безскриптова");
    await page.locator("#apply-phone").fill("+7 (912) 555-44-31");
    await page.getByRole("button", { name: outcomes.send }).click();
    await page.waitForURL((url) => url.pathname === "/gratefull");
    expect((await amoDeal("Вера Безскриптова"))._embedded.tags.map((tag) => tag.name)).toContain(UNVERIFIED_TAG);
    await context.close();
  });
});

describe("Turnstile's host out of reach (decision 045): the form never waits for it", () => {
  for (const [host, name, phone] of [
    ["hangs", "Вера Ожидаева", "+7 (912) 555-44-32"],
    ["refuses", "Вера Отказова", "+7 (912) 555-44-34"],
  ] as const) {
    it(`the script ${host === "hangs" ? "never answers" : "is refused"}: the page loads, the lead sends and reaches the CRM marked unverified`, async () => {
      const { context, page } = await visitor(true, host);
      const settled: string[] = [];
      page.on("requestfinished", (request) => settled.push(request.url()));
      page.on("requestfailed", (request) => settled.push(request.url()));
      const asked = page.waitForRequest((request) => request.url().startsWith("https://challenges.cloudflare.com/"));
      // goto waits for the load event: the captcha's script, asked for after it, cannot hold it
      await page.goto("/apply?cta=askQuestion");
      await asked;
      await reachFor(page, "forms/LeadForm");
      await page.getByLabel("Имя *").fill(name);
      await page.locator("#apply-phone").fill(phone);
      // what of the captcha's host had settled when the lead's answer came, noted as it comes: the page
      // leaves for /gratefull at once, and leaving cancels the script, so a look after the await may see that
      let settledWhenAnswered: string[] | undefined;
      page.on("response", (response) => {
        if (new URL(response.url()).pathname === "/api/leads") settledWhenAnswered ??= settled.filter((url) => url.startsWith("https://challenges.cloudflare.com/"));
      });
      const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/leads");
      await page.getByRole("button", { name: outcomes.send }).click();
      expect((await answered).status()).toBe(200);
      // the lead was answered while the script was still on its way
      if (host === "hangs") expect(settledWhenAnswered).toEqual([]);
      await page.waitForURL((url) => url.pathname === "/gratefull");
      const deal = await amoDeal(name);
      expect(deal._embedded.tags.map((tag) => tag.name)).toContain(UNVERIFIED_TAG);
      expect(await webhookLead(name)).toMatchObject({ turnstile: "unverified", captcha: { provider: "turnstile", verdict: "unverified", reason: "no_token" } });
      await context.close();
    });
  }
});
