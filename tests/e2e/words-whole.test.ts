/**
 * No word broken inside at a phone's width (issue 42: «Профессиональна/я переподготовка» on the
 * home page's card in Firefox and WebKit): every word of every card lies on one line. A word is
 * cut where the line boxes of its letters (Range.getClientRects) lie on more than one line; a
 * hyphenated compound («по-настоящему») may wrap after its hyphen.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mobileContext } from "../support/browser";
import { open, screenshot, sharedChromium, siteUrl } from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The words of the page's cards split across lines, each with the card it is in. */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const card of document.querySelectorAll<HTMLElement>('[class*="card"]')) {
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (const match of text.matchAll(/[^\s\-‐–—/]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom)));
          if (lines.size > 1) broken.push(`${card.className.split(" ")[0]}: «${match[0]}» on ${lines.size} lines`);
        }
      }
    }
    return broken;
  });
}

describe("at 390 px, every word of a card on one line", () => {
  it.each(["/", "/programs", "/bachelor", "/lectorium", "/teachers"])("%s", async (path) => {
    const page = await (await mobileContext(browser, siteUrl())).newPage();
    await open(page, path);
    await page.evaluate(() => document.fonts.ready);
    const broken = await brokenWords(page);
    if (broken.length > 0) await screenshot(page, `words-broken${path.replace(/\W+/g, "-")}`, true);
    expect(broken).toEqual([]);
  });
});
