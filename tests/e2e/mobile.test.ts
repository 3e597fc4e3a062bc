import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mobileContext } from "../support/browser";
import { open, screenshot, sharedChromium, siteUrl } from "./helpers";

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  const context = await mobileContext(browser, siteUrl());
  page = await context.newPage();
  await open(page, "/");
});

const burger = () => page.getByRole("button", { name: "Открыть меню" });
const menu = () => page.getByTestId("mobile-menu");
const isLocked = () => page.evaluate(() => document.documentElement.classList.contains("scroll-locked") && getComputedStyle(document.body).overflow === "hidden");

/** A horizontal swipe on the menu panel, as a finger would make it. */
async function swipe(dx: number) {
  await page.evaluate((distance) => {
    const panel = document.querySelector<HTMLElement>(".mobile-menu__panel")!;
    const touch = (x: number) => new Touch({ identifier: 1, target: panel, clientX: x, clientY: 400 });
    panel.dispatchEvent(new TouchEvent("touchstart", { bubbles: true, touches: [touch(150)], changedTouches: [touch(150)] }));
    panel.dispatchEvent(new TouchEvent("touchend", { bubbles: true, touches: [], changedTouches: [touch(150 + distance)] }));
  }, dx);
}

describe("the header at 390px", () => {
  it("shows the burger instead of the desktop controls", async () => {
    await expect(burger().isVisible()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Программы обучения" }).isVisible()).resolves.toBe(false);
    await expect(page.getByRole("navigation", { name: "Основная навигация" }).isVisible()).resolves.toBe(false);
    await screenshot(page, "mobile-home", true);
  });

  it("opens the mobile menu with its search box, programs link, sections, account link and contacts, and locks scrolling", async () => {
    await burger().click();
    await expect(menu().isVisible()).resolves.toBe(true);
    await expect(menu().locator("#mobile-search").isVisible()).resolves.toBe(true);
    await expect(menu().getByRole("link", { name: "Программы обучения" }).getAttribute("href")).resolves.toBe("/programs");
    await expect(menu().getByRole("link", { name: "Личный кабинет" }).getAttribute("target")).resolves.toBe("_blank");
    await expect(menu().getByRole("link", { name: /\+7 \(495\)/ }).count()).resolves.toBeGreaterThan(0);
    await expect(isLocked()).resolves.toBe(true);
    await page.mouse.wheel(0, 600);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    await screenshot(page, "mobile-menu");
  });

  it("keeps one accordion section open at a time", async () => {
    await burger().click();
    const about = menu().getByRole("button", { name: "Об институте" });
    const partners = menu().getByRole("button", { name: "Сотрудничество" });
    await about.click();
    await expect(menu().getByRole("link", { name: "О нас" }).isVisible()).resolves.toBe(true);
    await partners.click();
    await expect(menu().getByRole("link", { name: "О нас" }).isVisible()).resolves.toBe(false);
    await expect(menu().getByRole("link", { name: "Наши партнеры" }).isVisible()).resolves.toBe(true);
    await partners.click();
    await expect(menu().getByRole("link", { name: "Наши партнеры" }).isVisible()).resolves.toBe(false);
  });

  it("closes on a swipe to the right, and not on a short or leftward one", async () => {
    await burger().click();
    await swipe(20);
    await swipe(-120);
    await expect(menu().isVisible()).resolves.toBe(true);
    await swipe(120);
    await expect(menu().isVisible()).resolves.toBe(false);
    await expect(isLocked()).resolves.toBe(false);
  });

  it("closes on a press outside it, but a press on the burger toggles it instead", async () => {
    await burger().click();
    await page.mouse.click(5, 400);
    await expect(menu().isVisible()).resolves.toBe(false);
    await burger().click();
    await expect(menu().isVisible()).resolves.toBe(true);
    await menu().getByRole("button", { name: "Закрыть", exact: true }).click();
    await expect(menu().isVisible()).resolves.toBe(false);
  });
});
