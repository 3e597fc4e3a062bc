/**
 * axe-core in Chromium on one page of each template and on every page outside the sitemap, at both
 * widths (the W3C checker reads every page: validators.test.ts). Pages of one template share their
 * markup and differ in content only.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchChromium, MOBILE } from "../support/browser";
import { axeViolations, WCAG_TAGS } from "./axe";
import { crawledPages, overflowOf, visitAll } from "./crawled-pages";
import { open } from "./helpers";

/** Pages as they load are held to WCAG 2.2 too (target size) and to axe's best practices (one h1, named landmarks). */
const AXE_TAGS = [...WCAG_TAGS, "wcag22aa", "best-practice"];

let samples: string[];
let browser: Browser;

beforeAll(async () => {
  [{ samples }, browser] = await Promise.all([crawledPages(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
});

describe("one page of each template, and every page outside the sitemap", () => {
  it("has no axe-core violation (WCAG 2.0-2.2 A and AA, best practice) at 1280 px and at 390 px", async () => {
    const axeAt = (viewport: typeof DESKTOP) =>
      visitAll(browser, samples, { viewport, javaScriptEnabled: true }, async (page, path) => {
        await open(page, path);
        const overflow = await overflowOf(page);
        return [...(await axeViolations(page, AXE_TAGS)), ...(overflow > 0 ? [`horizontal overflow: ${overflow}px`] : [])];
      });
    expect({ ...(await axeAt(DESKTOP)), ...(await axeAt(MOBILE)) }).toEqual({});
    expect(samples.length).toBeGreaterThan(20);
  }, 300_000);
});
