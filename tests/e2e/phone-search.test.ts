import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mobileContext } from "../support/browser";
import { open, screenshot, sharedChromium, siteUrl } from "./helpers";

/** The phone header's own search (issue #16): no need to open the menu to look for a program. */
let browser: Browser;
beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("search in the phone header at 390px", () => {
  it("opens from its labelled icon by keyboard, finds a program as the visitor types, and picking it opens the page", async () => {
    const page = await (await mobileContext(browser, siteUrl())).newPage();
    await open(page, "/");
    const icon = page.locator(".site-header__bar").getByRole("button", { name: "Открыть поиск" });
    await expect.poll(() => icon.isVisible()).toBe(true);
    // keyboard: the icon takes focus and Enter opens the field, which takes the focus in turn
    await icon.focus();
    await page.keyboard.press("Enter");
    const input = page.locator("#header-search");
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => page.getByLabel("Поиск по программам, семинарам и статьям").first().isVisible()).toBe(true);
    // the field lies across the header bar, within the screen
    const field = (await page.locator(".site-header__bar .header-search.is-open").boundingBox())!;
    expect(field.x).toBeGreaterThanOrEqual(0);
    expect(field.x + field.width).toBeLessThanOrEqual(390);
    expect(field.width).toBeGreaterThan(300);
    await page.keyboard.type("медиа");
    const result = page.locator(".site-header__bar .search-panel .search-result", { hasText: "Медиатор" }).first();
    await result.waitFor();
    await screenshot(page, "mobile-header-search");
    await Promise.all([page.waitForURL((url) => url.pathname === "/professions/organizacionnaya-psihologiya/mediator"), result.click()]);
  });

  it("shows a query typed in the Latin layout as the words searched, with the note, in rows that line up", async () => {
    const page = await (await mobileContext(browser, siteUrl())).newPage();
    await open(page, "/");
    await page.locator(".site-header__bar").getByRole("button", { name: "Открыть поиск" }).click();
    const input = page.locator("#header-search");
    await input.pressSequentially("gcb[jkjubz");
    await expect.poll(() => input.inputValue()).toBe("психология");
    const panel = page.locator(".site-header__bar .search-panel");
    await expect.poll(() => panel.locator(".search-switched").textContent()).toBe("Показаны результаты по запросу «психология»");
    await panel.locator(".search-result").first().waitFor();
    const rows = await panel.locator(".search-result").evaluateAll((all) =>
      all.map((row) => {
        const edge = (selector: string) => row.querySelector(selector)?.getBoundingClientRect().left ?? null;
        return { tag: edge(".search-result__tag"), title: edge(".search-result__title"), right: row.getBoundingClientRect().right };
      }),
    );
    expect(rows.length).toBeGreaterThan(1);
    expect(new Set(rows.map((row) => Math.round(row.tag!))).size, "tags at one edge").toBe(1);
    expect(new Set(rows.map((row) => Math.round(row.title!))).size, "titles at one edge").toBe(1);
    expect(rows.every((row) => row.right <= 390)).toBe(true);
    await screenshot(page, "mobile-header-search-layout-switched");
  });

  it("keeps every control of the header on a 320px screen", async () => {
    const context = await browser.newContext({ baseURL: siteUrl(), viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true, locale: "ru-RU" });
    const page = await context.newPage();
    await open(page, "/");
    for (const name of ["Открыть поиск", "Открыть меню"]) {
      const box = (await page.locator(".site-header__bar").getByRole("button", { name }).boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(320);
    }
    await expect.poll(() => page.getByRole("link", { name: /Московский институт психологии/ }).first().isVisible()).toBe(true);
    await context.close();
  });
});
