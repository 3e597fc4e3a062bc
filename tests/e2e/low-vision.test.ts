import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desktopContext, mobileContext } from "../support/browser";
import { open, pageTrouble, screenshot, sharedChromium, siteUrl, wakeIslands } from "./helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A page of `context` on the home page, switched to the low-vision version from the header card:
 * resolved once the page has reloaded in the mode (waited for in the new document itself, whatever
 * navigation events come first), with `trouble` watching it since it opened.
 */
async function switchedOn(context: BrowserContext): Promise<{ page: Page; trouble: ReturnType<typeof pageTrouble> }> {
  const page = await context.newPage();
  const trouble = pageTrouble(page);
  await open(page, "/");
  await page.getByRole("button", { name: "Версия для слабовидящих и вход в личный кабинет" }).click();
  await page.getByTestId("account-dropdown").getByRole("button", { name: "Включить" }).click();
  await trouble.explain(page.waitForSelector('html.low-vision [data-island="layout/LowVisionPanel"][data-hydrated="true"]', { state: "attached" }));
  return { page, trouble };
}

/** «Обычная версия» clicked: resolved once the page has reloaded as the ordinary one, its header awake. */
async function switchedOff(page: Page, trouble: ReturnType<typeof pageTrouble>): Promise<void> {
  await page.getByRole("region", { name: "Настройки версии для слабовидящих" }).getByRole("button", { name: "Обычная версия" }).click();
  await trouble.explain(page.waitForSelector("html.js:not(.low-vision)", { state: "attached" }));
  await trouble.explain(wakeIslands(page));
}

describe.each([
  ["desktop", desktopContext],
  ["mobile", mobileContext],
] as const)("the version for visually impaired visitors on %s", (name, makeContext) => {
  it("switches on from the header card, keeps its settings across pages without a flash, and switches back", async () => {
    const { page, trouble } = await switchedOn(await makeContext(browser, siteUrl()));
    const panel = page.getByRole("region", { name: "Настройки версии для слабовидящих" });

    const fontSize = () => page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).fontSize));
    const before = await fontSize();
    await panel.getByRole("button", { name: "А размер 3" }).click();
    expect(await fontSize()).toBeGreaterThan(before);
    await panel.getByRole("button", { name: "Белым по чёрному" }).click();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(0, 0, 0)");
    await panel.getByRole("button", { name: "Скрыты" }).click();
    await expect.poll(() => page.locator(".program-card__cover").first().isVisible()).toBe(false);
    await panel.getByRole("button", { name: "Увеличенный" }).click();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).letterSpacing)).not.toBe("normal");
    await screenshot(page, `${name}-low-vision`);

    // the next page is rendered in the mode by the server: the very first HTML already has the classes
    const response = await page.goto("/contacts");
    const html = await response!.text();
    expect(html).toMatch(/<html lang="ru" class="low-vision lv-size-3 lv-scheme-black lv-no-images lv-spacing-1"/);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(0, 0, 0)");
    await page.reload();
    await expect.poll(() => page.locator("html").getAttribute("class")).toContain("lv-scheme-black");

    // the reload brings the ordinary page; its header wakes as on any page
    await switchedOff(page, trouble);
    await expect.poll(() => page.getByRole("region", { name: "Настройки версии для слабовидящих" }).count()).toBe(0);
  });
});

/**
 * Chromium hands a `document.cookie` write to its cookie store on one channel and a navigation on
 * another: a reload started right after the write was now and then sent with the old cookie (2 in
 * 300 with the CPU busy) and came back in the mode just left. Here the store takes 300 ms to
 * take each write, as a busy one may; the switch reloads only once it has.
 */
describe("the switch with a slow cookie store", () => {
  it("reloads in the mode asked for, on and off", async () => {
    const context = await desktopContext(browser, siteUrl());
    await context.addInitScript(() => {
      const later = <T,>(run: () => T) => new Promise<T>((resolve) => setTimeout(() => resolve(run()), 300));
      const cookie = Object.getOwnPropertyDescriptor(Document.prototype, "cookie");
      Object.defineProperty(Document.prototype, "cookie", {
        configurable: true,
        get() {
          return cookie?.get?.call(this);
        },
        set(value: string) {
          void later(() => cookie?.set?.call(this, value));
        },
      });
      const store = (window as { cookieStore?: CookieStore }).cookieStore;
      if (store) {
        const set = store.set.bind(store);
        const remove = store.delete.bind(store);
        Object.assign(store, {
          set: (options: CookieInit) => later(() => set(options)),
          delete: (options: CookieStoreDeleteOptions) => later(() => remove(options)),
        });
      }
    });
    const { page, trouble } = await switchedOn(context);
    await switchedOff(page, trouble);
    await context.close();
  });
});

/**
 * WebKit's cookie store resolves `set` and `delete` and keeps nothing (issue 42): the switch there
 * did nothing. Played here by a store whose answers are empty promises; the switch writes the
 * cookie the page reads instead, on and off.
 */
describe("the switch with a cookie store that keeps nothing", () => {
  it("switches on and back off all the same", async () => {
    const context = await mobileContext(browser, siteUrl());
    await context.addInitScript(() => {
      const store = (window as { cookieStore?: CookieStore }).cookieStore;
      if (store) Object.assign(store, { set: () => Promise.resolve(), delete: () => Promise.resolve() });
    });
    const { page, trouble } = await switchedOn(context);
    await switchedOff(page, trouble);
    await context.close();
  });
});
