import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desktopContext, mobileContext } from "../support/browser";
import { open, pageTrouble, screenshot, sharedChromium, siteUrl } from "./helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ["desktop", desktopContext],
  ["mobile", mobileContext],
] as const)("the version for visually impaired visitors on %s", (name, makeContext) => {
  it("switches on from the header card, keeps its settings across pages without a flash, and switches back", async () => {
    const context = await makeContext(browser, siteUrl());
    const page = await context.newPage();
    const trouble = pageTrouble(page);
    await open(page, "/");
    await page.getByRole("button", { name: "Версия для слабовидящих и вход в личный кабинет" }).click();
    await page.getByTestId("account-dropdown").getByRole("button", { name: "Включить" }).click();
    // the page reloads in the mode: waited for in the new document itself, whatever navigation events come first
    await trouble.explain(page.waitForSelector('html.low-vision [data-island="layout/LowVisionPanel"][data-hydrated="true"]', { state: "attached" }));
    const panel = page.getByRole("region", { name: "Настройки версии для слабовидящих" });

    const fontSize = () => page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).fontSize));
    const before = await fontSize();
    await panel.getByRole("button", { name: "А размер 3" }).click();
    expect(await fontSize()).toBeGreaterThan(before);
    await panel.getByRole("button", { name: "Белым по чёрному" }).click();
    await expect(page.evaluate(() => getComputedStyle(document.body).backgroundColor)).resolves.toBe("rgb(0, 0, 0)");
    await panel.getByRole("button", { name: "Скрыты" }).click();
    await expect(page.locator(".program-card__cover").first().isVisible()).resolves.toBe(false);
    await panel.getByRole("button", { name: "Увеличенный" }).click();
    await expect(page.evaluate(() => getComputedStyle(document.body).letterSpacing)).resolves.not.toBe("normal");
    await screenshot(page, `${name}-low-vision`);

    // the next page is rendered in the mode by the server: the very first HTML already has the classes
    const response = await page.goto("/contacts");
    const html = await response!.text();
    expect(html).toMatch(/<html lang="ru" class="low-vision lv-size-3 lv-scheme-black lv-no-images lv-spacing-1"/);
    await expect(page.evaluate(() => getComputedStyle(document.body).backgroundColor)).resolves.toBe("rgb(0, 0, 0)");
    await page.reload();
    await expect(page.locator("html").getAttribute("class")).resolves.toContain("lv-scheme-black");

    await page.getByRole("button", { name: "Обычная версия" }).click();
    // the reload brings the ordinary page; its header wakes as on any page
    await trouble.explain(page.waitForSelector('html:not(.low-vision) [data-island="layout/Header"][data-hydrated="true"]', { state: "attached" }));
    await expect(page.getByRole("region", { name: "Настройки версии для слабовидящих" }).count()).resolves.toBe(0);
  });
});
