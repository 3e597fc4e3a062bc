/**
 * The low-vision version at its largest size on a phone (issue 42): nothing wider than the screen
 * on any template, in any colour scheme, and the lead popup inside the screen with its country
 * selector read whole (the program page was 456 px wide on a 390 px screen, the popup shifted
 * right and the selector's text was cut in half; on a desktop it read «Росси…»).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeLowVision, LOW_VISION_COOKIE, lowVisionClasses, type Scheme } from "../../src/services/low-vision";
import { DESKTOP, MOBILE } from "../support/browser";
import { overflowing } from "../support/page-checks";
import { PROGRAM_TYPE, pageOfEachType } from "../support/page-types";
import { open, screenshot, sharedChromium, siteUrl } from "./helpers";

let browser: Browser;
let pages: string[];
let program: string;
const schemes: Scheme[] = ["white", "black", "blue"];

beforeAll(async () => {
  pages = await pageOfEachType(siteUrl());
  program = pages[PROGRAM_TYPE] as string;
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function largestSize(viewport: typeof MOBILE): Promise<Page> {
  const baseURL = siteUrl();
  const context = await browser.newContext({ baseURL, viewport, locale: "ru-RU", hasTouch: viewport === MOBILE });
  await context.addCookies([{ name: LOW_VISION_COOKIE, value: encodeLowVision({ size: 3, scheme: "white", images: true, spacing: 0 }), url: baseURL }]);
  return context.newPage();
}

/** Switches the scheme in place, as the settings bar does (the server renders the same classes). */
function switchScheme(page: Page, scheme: Scheme): Promise<void> {
  const classes = lowVisionClasses({ size: 3, scheme, images: true, spacing: 0 });
  return page.evaluate((next) => {
    const root = document.documentElement;
    root.className = `${root.className.replace(/\b(low-vision|lv-[\w-]+)\b/g, "").trim()} ${next}`.trim();
  }, classes);
}

/** How much wider than the screen the page is, and the outermost elements that stick out. */
const overflow = (page: Page): Promise<string[]> => page.evaluate(overflowing);

/** The country selector's chosen name is not cut: its text fits the box, across and down. */
function selectorCut(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("dialog[open] .phone-input select")].flatMap((element) => {
      const select = element as unknown as { clientWidth: number; clientHeight: number; selectedOptions: { textContent: string | null }[] };
      const style = getComputedStyle(element);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = style.font;
      const text = select.selectedOptions[0]?.textContent ?? "";
      const room = select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      // the letters' own height: a line of the font, its leading aside
      const letters = Number.parseFloat(style.fontSize) * 1.15;
      const height = select.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
      const cut: string[] = [];
      if (context.measureText(text).width > room + 1) cut.push(`«${text}» is ${Math.round(context.measureText(text).width)} px in ${Math.round(room)} px`);
      if (height + 1 < letters) cut.push(`«${text}» is cut: ${Math.round(height)} px high for ${style.fontSize} letters`);
      return cut;
    }),
  );
}

describe("the largest size at 390 px", () => {
  it("no template is wider than the screen, in any colour scheme", { timeout: 300_000 }, async () => {
    const page = await largestSize(MOBILE);
    const wide: string[] = [];
    for (const path of pages) {
      await open(page, path);
      for (const scheme of schemes) {
        await switchScheme(page, scheme);
        wide.push(...(await overflow(page)).map((line) => `${path} (${scheme}): ${line}`));
      }
    }
    expect(wide).toEqual([]);
  });

  it("the lead popup stays inside the screen and reads its country whole, in every colour scheme", { timeout: 120_000 }, async () => {
    const page = await largestSize(MOBILE);
    await open(page, program);
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    await page.locator('[data-cta="programQuestion"]').first().click();
    const dialog = page.locator("dialog.lead-popup[open]");
    await dialog.locator(".phone-input select").waitFor();
    const problems: string[] = [];
    for (const scheme of schemes) {
      await switchScheme(page, scheme);
      const box = await dialog.boundingBox();
      if (!box || box.x < 0 || box.x + box.width > MOBILE.width + 1) problems.push(`${scheme}: the popup spans ${box?.x} to ${box ? box.x + box.width : "?"} px`);
      problems.push(...(await overflow(page)).map((line) => `${scheme}: ${line}`));
      problems.push(...(await selectorCut(page)).map((line) => `${scheme}: ${line}`));
    }
    await dialog.locator(".phone-input select").scrollIntoViewIfNeeded();
    await screenshot(page, "low-vision-largest-popup-390");
    expect(problems).toEqual([]);
  });
});

describe("the largest size at 1280 px", () => {
  it("the popup's country selector reads its country whole", async () => {
    const page = await largestSize(DESKTOP);
    await open(page, program);
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    await page.locator('[data-cta="programQuestion"]').first().click();
    await page.locator("dialog.lead-popup[open] .phone-input select").waitFor();
    await screenshot(page, "low-vision-largest-popup-1280");
    expect(await selectorCut(page)).toEqual([]);
  });
});
