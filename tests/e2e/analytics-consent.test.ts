/**
 * The analytics consent in a real browser (decision 011), against a second `wrangler dev` with a
 * Metrika counter configured. Metrika's host is never contacted: every request leaving 127.0.0.1 is
 * recorded and aborted, and the test asserts which of them were made, and when.
 */
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../scripts/lib/wrangler";
import { DESKTOP, MOBILE } from "../support/browser";
import { startOwnServer } from "./own-server";
import { countLayoutShifts, layoutShifts, sharedChromium } from "./helpers";

const COUNTER = "98765432";
const TAG = "https://mc.yandex.ru/metrika/tag.js";
const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

let server: DevServer;
let browser: Browser;

beforeAll(async () => {
  server = await startOwnServer(17, { YM_COUNTER_ID: COUNTER });
  browser = await sharedChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A browser context whose requests off this machine are written down and never sent. */
async function visitor(viewport = DESKTOP, bypassCSP = false): Promise<{ context: BrowserContext; page: Page; outside: string[] }> {
  const context = await browser.newContext({ baseURL: server.url, viewport, locale: "ru-RU", bypassCSP });
  const outside: string[] = [];
  await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => {
    outside.push(route.request().url());
    return route.abort();
  });
  return { context, page: await context.newPage(), outside };
}

const banner = (page: Page) => page.locator("section.cookie-consent");
const consentCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === "analytics_consent");

describe("analytics only after consent", () => {
  it("asks first and loads Metrika only after 'Принять', then remembers the answer for a year", async () => {
    const { context, page, outside } = await visitor();
    await page.goto("/");
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await expect.poll(() => banner(page).getByRole("link", { name: "согласие на обработку данных для аналитики" }).getAttribute("href")).toBe(
      "/docs/pdf/analytics-policy.pdf",
    );
    // the page has asked for everything it will ask for without an answer
    await page.waitForLoadState("networkidle");
    expect(outside.filter((url) => url.includes("yandex"))).toEqual([]);

    await banner(page).getByRole("button", { name: "Принять" }).click();
    await expect.poll(() => outside.includes(TAG)).toBe(true);
    await expect.poll(() => banner(page).count()).toBe(0);
    const cookie = await consentCookie(context);
    expect(cookie).toMatchObject({ value: "granted", sameSite: "Lax", path: "/" });
    const yearFromNow = Date.now() / 1000 + 365 * 24 * 3600;
    expect(Math.abs((cookie?.expires ?? 0) - yearFromNow)).toBeLessThan(120);
    expect(await page.evaluate(() => (window as unknown as { __YM_ID__?: number }).__YM_ID__)).toBe(Number(COUNTER));

    outside.length = 0;
    // the next page loads Metrika with no React: the answer is read without the banner's island
    const islandCode: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/chunks\/(react-runtime|\w+\.island)-/.test(request.url())) islandCode.push(request.url());
    });
    await page.goto("/contacts");
    await expect.poll(() => outside.includes(TAG)).toBe(true);
    expect(await banner(page).count()).toBe(0);
    expect(islandCode).toEqual([]);
    await context.close();
  });

  it("loads nothing after 'Отказаться', on this page or the next", async () => {
    const { context, page, outside } = await visitor(MOBILE);
    await page.goto("/programs");
    await banner(page).getByRole("button", { name: "Отказаться" }).click();
    expect((await consentCookie(context))?.value).toBe("denied");
    await page.goto("/");
    await page.waitForSelector("html.js", { state: "attached" });
    await page.waitForLoadState("networkidle");
    expect(await banner(page).count()).toBe(0);
    expect(outside.filter((url) => url.includes("yandex"))).toEqual([]);
    await context.close();
  });

  it("lets the visitor change the answer from the footer, with the keyboard alone", async () => {
    const { context, page, outside } = await visitor();
    await context.addCookies([{ name: "analytics_consent", value: "denied", url: server.url }]);
    await page.goto("/");
    // the banner's island sleeps for a visitor who has answered: the press wakes it and is replayed
    await page.waitForSelector("html.js", { state: "attached" });
    const settings = page.getByRole("button", { name: "Настройки cookie" });
    await settings.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    // the question takes the focus; Tab goes through its link to its buttons
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("cookie-consent");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Принять");
    await page.keyboard.press("Enter");
    await expect.poll(() => outside.includes(TAG)).toBe(true);
    expect((await consentCookie(context))?.value).toBe("granted");
    await context.close();
  });

  it("moves nothing on the page when it appears, and passes axe-core", async () => {
    // axe-core is injected as a script of its own: the page's CSP rightly refuses it, so it is bypassed here
    const { context, page } = await visitor(MOBILE, true);
    await countLayoutShifts(page);
    await page.goto("/contacts");
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    // its entrance played out: whatever it would move has moved
    await banner(page).evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    expect(await layoutShifts(page)).toBeLessThan(0.01);
    await page.addScriptTag({ path: axePath });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: string, options: object) => Promise<{ violations: { id: string }[] }> } }).axe;
      const result = await axe.run("section.cookie-consent", { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
      return result.violations.map((v) => v.id);
    });
    expect(violations).toEqual([]);
    await context.close();
  });
});
