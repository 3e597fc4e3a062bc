import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { axeViolations } from "./axe";
import { open, sharedChromium, siteUrl } from "./helpers";

const catalogue = defaultCatalogue();
const program = catalogue.programs[0]!;

let browser: Browser;
beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

const violations = (page: Page) => axeViolations(page);

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
] as const)("axe-core (WCAG 2.1 A and AA) at %s width (every page a crawler reaches: validators*.test.ts)", (_name, viewport) => {
  it("finds no violation with the menus and the lead popup open", async () => {
    const context = await browser.newContext({ baseURL: siteUrl(), viewport, bypassCSP: true, locale: "ru-RU", hasTouch: viewport === MOBILE });
    const page = await context.newPage();
    await open(page, `/professions/${program.studyFieldSlug}/${program.slug}`);
    const found: Record<string, string[]> = {};
    if (viewport === DESKTOP) {
      await page.getByRole("button", { name: "Программы обучения" }).click();
      found.programMenu = await violations(page);
      await page.getByRole("button", { name: "Ещё" }).click();
      found.institutePopup = await violations(page);
      await page.keyboard.press("Escape");
    } else {
      await page.getByRole("button", { name: "Открыть меню" }).click();
      found.mobileMenu = await violations(page);
      await page.keyboard.press("Escape");
    }
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    await page.locator('[data-cta="askQuestion"], [data-cta="programQuestion"]').first().click();
    found.leadPopup = await violations(page);
    expect(Object.fromEntries(Object.entries(found).filter(([, list]) => list.length > 0))).toEqual({});
  });
});

describe("keyboard", () => {
  it("reaches the lead popup, keeps focus inside it and closes it on Escape", async () => {
    const context = await browser.newContext({ baseURL: siteUrl(), viewport: DESKTOP });
    const page = await context.newPage();
    await open(page, "/practical-training/supervision");
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    await page.locator('[data-cta="takePart"]').first().focus();
    await page.keyboard.press("Enter");
    await page.locator("dialog.lead-popup[open]").waitFor();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      const inside = await page.evaluate(() => document.activeElement?.closest("dialog.lead-popup") !== null || document.activeElement === document.body);
      expect(inside).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("dialog.lead-popup[open]").count()).toBe(0);
  });

  it("shows where the focus is", async () => {
    const context = await browser.newContext({ baseURL: siteUrl(), viewport: DESKTOP });
    const page = await context.newPage();
    await open(page, "/");
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Перейти к содержанию");
    await page.keyboard.press("Tab");
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe("none");
  });
});
