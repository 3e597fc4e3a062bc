/** The width of every page a crawler reaches, on a phone. */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOBILE } from "../support/browser";
import { crawledPages, overflowOf, visitAll } from "./crawled-pages";
import { sharedChromium, siteUrl } from "./helpers";

let pages: string[];
let browser: Browser;

beforeAll(async () => {
  [{ pages }, browser] = await Promise.all([crawledPages(), sharedChromium()]);
});

afterAll(async () => {
  await browser?.close();
});

describe("every page a crawler reaches", () => {
  it("has nothing wider than a phone's screen at 390 px", async () => {
    // the layout is the stylesheet's alone (no script changes a page's width): the pages are read as they load
    // (the stylesheet applied, which DOMContentLoaded does not wait for), with their fonts, which is what a long
    // word or a wide table would overflow with
    const context = await browser.newContext({ baseURL: siteUrl(), locale: "ru-RU", viewport: MOBILE, javaScriptEnabled: false });
    const found = await visitAll(context, pages, { viewport: MOBILE }, async (page, path) => {
      await page.goto(path, { waitUntil: "load" });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const overflow = await overflowOf(page);
      return overflow > 0 ? [`horizontal overflow: ${overflow}px`] : [];
    });
    await context.close();
    expect(found).toEqual({});
    expect(pages.length).toBeGreaterThan(100);
  }, 300_000);
});
