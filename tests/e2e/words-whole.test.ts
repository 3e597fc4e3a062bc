/**
 * No word broken inside at a phone's width (issue 42: «Профессиональна/я переподготовка» on the
 * home page's card in Firefox and WebKit): every word of every card lies on one line. A word is
 * cut where the line boxes of its letters (Range.getClientRects) lie on more than one line; a
 * hyphenated compound («по-настоящему») may wrap after its hyphen.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mobileContext } from "../support/browser";
import { brokenWords } from "../support/page-checks";
import { open, screenshot, sharedChromium, siteUrl } from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("at 390 px, every word of a card on one line", () => {
  it.each(["/", "/programs", "/bachelor", "/lectorium", "/teachers"])("%s", async (path) => {
    const page = await (await mobileContext(browser, siteUrl())).newPage();
    await open(page, path);
    await page.evaluate(() => document.fonts.ready);
    const broken = await page.evaluate(brokenWords);
    if (broken.length > 0) await screenshot(page, `words-broken${path.replace(/\W+/g, "-")}`, true);
    expect(broken).toEqual([]);
  });
});
