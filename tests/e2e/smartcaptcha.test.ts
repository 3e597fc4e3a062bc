/**
 * Yandex SmartCaptcha in a real browser (decision 045), against a `wrangler dev` of its own with
 * CAPTCHA_PROVIDER=smartcaptcha, validate and every sink at the local fakes. Yandex's script is
 * replaced by a stand-in of its advanced API (`?render=onload&onload=…`, then
 * `smartCaptcha.render`, which puts the token in `smart-token`), or never answers, as the script
 * of a throttled host would.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../scripts/lib/wrangler";
import { outcomes } from "../../src/services/leads/messages";
import { UNVERIFIED_TAG } from "../../src/services/leads/sinks/amocrm.server";
import { type FakeThirdParties, fakeSinkEnv, type Receipt, SMARTCAPTCHA_TEST_KEYS as keys, startFakeThirdParties } from "../support/fake-third-parties";
import { reachFor, sharedChromium } from "./helpers";
import { seedCrmToken, startOwnServer } from "./own-server";
import { E2E_VARS } from "./setup";

const SCRIPT = "https://smartcaptcha.yandexcloud.net/captcha.js";

/** Yandex's advanced mode: the API is announced through the callback the script's address names. */
const STAND_IN = `(() => {
  const callback = new URL(document.currentScript.src).searchParams.get("onload");
  window.smartCaptcha = {
    render(container, options) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = "smart-token";
      input.value = ${JSON.stringify(keys.dummyToken)};
      container.appendChild(input);
      window.__smartCaptcha = { sitekey: options.sitekey, hl: options.hl, resets: 0 };
      return 1;
    },
    reset() { window.__smartCaptcha.resets += 1; },
  };
  window[callback]();
})();`;

let fakes: FakeThirdParties;
let server: DevServer;
let browser: Browser;

beforeAll(async () => {
  // FAKE_PORT + 20 beside the own server's offset; any free port without it
  fakes = await startFakeThirdParties(process.env.FAKE_PORT ? Number(process.env.FAKE_PORT) + 20 : 0);
  server = await startOwnServer(20, {
    ...fakeSinkEnv(fakes.url),
    CAPTCHA_PROVIDER: "smartcaptcha",
    SMARTCAPTCHA_CLIENT_KEY: keys.clientKey,
    SMARTCAPTCHA_SERVER_KEY: keys.serverKeyPasses,
    SMARTCAPTCHA_VERIFY_URL: `${fakes.url}/smartcaptcha/validate`,
  });
  await seedCrmToken(server);
  browser = await sharedChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fakes?.close();
});

/** A visitor whose requests off this machine never leave it; Yandex's script is the stand-in, or hangs. */
async function visitor(hangs = false): Promise<{ context: BrowserContext; page: Page; scripts: string[] }> {
  const context = await browser.newContext({ baseURL: server.url, locale: "ru-RU" });
  const scripts: string[] = [];
  await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => {
    const url = route.request().url();
    scripts.push(url);
    if (url.startsWith(SCRIPT)) {
      if (hangs) return;
      return route.fulfill({ status: 200, contentType: "application/javascript", body: STAND_IN });
    }
    return route.abort();
  });
  return { context, page: await context.newPage(), scripts };
}

/** What the fake got for the lead of this name, once the outbox has delivered it. */
async function receivedFor(sink: string, name: string, timeoutMs = 20_000): Promise<Receipt> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [receipt] = (await (await fetch(`${fakes.url}/__received?sink=${sink}&id=${encodeURIComponent(name)}`)).json()) as Receipt[];
    if (receipt) return receipt;
    if (Date.now() > deadline) {
      // what the outbox says of its deliveries, to tell a lead never sent from one a sink refused
      const leads = await (await fetch(`${server.url}/ops/leads`, { headers: { Authorization: `Bearer ${E2E_VARS.OPS_TOKEN}` } })).text();
      throw new Error(`${sink} never got the lead of ${name}; the outbox: ${leads.slice(0, 2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function send(page: Page, name: string, phone: string): Promise<void> {
  await reachFor(page, "forms/LeadForm");
  await page.getByLabel("Имя *").fill(name);
  await page.locator("#apply-phone").fill(phone);
  await page.getByRole("button", { name: outcomes.send }).click();
  await page.waitForURL((url) => url.pathname === "/gratefull");
}

describe("SmartCaptcha on the lead forms", () => {
  it("renders the widget through the advanced API and sends its token, which validate passes", async () => {
    const { context, page, scripts } = await visitor();
    await page.goto("/apply?cta=askQuestion");
    await page.waitForSelector("[data-captcha-widget] input[name='smart-token']", { state: "attached" });
    expect(scripts).toEqual([`${SCRIPT}?render=onload&onload=__smartCaptchaReady`]);
    expect(await page.evaluate(() => (window as unknown as { __smartCaptcha: { sitekey: string; hl: string } }).__smartCaptcha)).toMatchObject({ sitekey: keys.clientKey, hl: "ru" });
    await send(page, "Вера Смарткапчева", "+7 (912) 555-44-35");
    const webhook = await receivedFor("genezis", "Вера Смарткапчева");
    expect(webhook.body).toMatchObject({ captcha: { provider: "smartcaptcha", verdict: "passed" } });
    const checks = (await (await fetch(`${fakes.url}/__received?sink=smartcaptcha`)).json()) as Receipt[];
    expect(checks.map((check) => check.body)).toContainEqual(expect.objectContaining({ secret: keys.serverKeyPasses, token: keys.dummyToken }));
    await context.close();
  });

  it("its script never answers: the lead still sends and reaches the CRM marked unverified", async () => {
    const { context, page } = await visitor(true);
    const asked = page.waitForRequest((request) => request.url().startsWith(SCRIPT));
    await page.goto("/apply?cta=askQuestion");
    await asked;
    await send(page, "Вера Несмартова", "+7 (912) 555-44-36");
    const amo = await receivedFor("amocrm", "Вера Несмартова");
    expect((amo.body as { _embedded: { tags: { name: string }[] } }[])[0]?._embedded.tags.map((tag) => tag.name)).toContain(UNVERIFIED_TAG);
    expect((await receivedFor("genezis", "Вера Несмартова")).body).toMatchObject({ captcha: { provider: "smartcaptcha", verdict: "unverified", reason: "no_token" } });
    await context.close();
  });
});
