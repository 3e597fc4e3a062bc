/**
 * axe-core in Chromium on every page a crawler reaches (the sitemap and the pages beyond it) and on
 * every page a form posted without JavaScript comes back as, at 1280 px, each page then narrowed to
 * 390 px for its width; and on one page of each template, every page beyond the sitemap and the
 * posted forms at 390 px, with JavaScript. (The W3C checker reads every page too, without a browser: tests/http/validators.test.ts.)
 *
 * The crawl is kept cheap, since it reads some 150 pages on two shared cores: one context adds axe
 * to every page it opens (`addInitScript`, with `bypassCSP`); its tabs block the site's scripts, so
 * a page is read as the server sends it (what a crawler fetches and a visitor sees before the
 * islands wake, with nothing changing under axe) once it and its stylesheet have loaded; and the
 * header and footer, the same bytes on every page of a content version (RenderedOnce), are read
 * on the home page at 1280 px and left out of the other pages there: they took two thirds of axe's
 * time on a page; the contrast rule reads one page of a template (CONTRAST). At 390 px every sample is read whole, so what a template puts beside the shell
 * (a landmark named as one of the header's, an id it repeats) is met once per template.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE } from "../support/browser";
import { axeSource, axeViolations, WCAG_TAGS } from "./axe";
import { type CrawledPages, crawledPages, overflowOf, statusOf, visitAll } from "./crawled-pages";
import { eachPost, type FormPost, formPosts, openPosted } from "./form-posts";
import { sharedChromium, siteUrl, wakeIslands } from "./helpers";

/** Pages as they load are held to WCAG 2.2 too (target size) and to axe's best practices (one h1, named landmarks). */
const AXE_TAGS = [...WCAG_TAGS, "wcag22aa", "best-practice"];

/** The shell every page shares, read at 1280 px on the home page only. */
const SHELL = [".rendered-once", ".site-footer"];

/** Tabs reading pages side by side: three kept two cores busiest in a measured run (the server renders while axe reads). */
const CRAWL_TABS = 3;

/** The ticket orders of this file are this buyer's (the Nu checker's are another's). */
const BUYER_PHONE = "+7 (912) 555-01-18";

let crawl: CrawledPages;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  [crawl, browser] = await Promise.all([crawledPages(), sharedChromium()]);
  context = await browser.newContext({ baseURL: siteUrl(), bypassCSP: true, locale: "ru-RU" });
  await context.addInitScript({ content: axeSource });
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Colours are a template's, from the stylesheet, never a page's content: the contrast rule, about
 * two fifths of axe's time on a page, reads one page of each template, every page beyond the
 * sitemap and every posted form, at 1280 px and again at 390 px with the islands awake, and each
 * page type in every low-vision scheme (low-vision-every-element.test.ts); the other pages of a
 * template skip it.
 */
const CONTRAST = "color-contrast";

/** What is wrong with the page a tab shows: another status than expected, axe's violations, a width beyond the screen. */
async function findings(page: Page, status: number | undefined, expected: number, exclude: string[] = [], skip: string[] = []): Promise<string[]> {
  const overflow = await overflowOf(page);
  return [
    ...(status === expected ? [] : [`status ${status}, expected ${expected}`]),
    ...(await axeViolations(page, AXE_TAGS, exclude, skip)),
    ...(overflow > 0 ? [`horizontal overflow: ${overflow}px`] : []),
  ];
}

/** Each posted form's page, read by `read` in one tab, one after another (they order tickets). */
async function postedPages(viewport: typeof DESKTOP, prepare: (page: Page) => Promise<unknown>, read: (page: Page, post: FormPost) => Promise<string[]>) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  await prepare(page);
  const found: Record<string, string[]> = {};
  await eachPost(crawl.seminarId, formPosts(crawl.seminarId, BUYER_PHONE), async (post) => {
    const list = await read(page, post);
    if (list.length > 0) found[`${viewport.width}px POST ${post.path} (${post.label})`] = list;
  });
  await page.close();
  return found;
}

const blockScripts = (page: Page) => page.route(/\/assets\/.*\.js$/, (route) => route.abort());

/**
 * What is wider than a phone's screen on the page a tab shows, laid out again at 390 px: the layout
 * is the stylesheet's alone (no script changes a page's width), so the same page narrowed is the page
 * a phone loads, with its fonts, which a long word or a wide table would overflow with; then back.
 */
async function phoneOverflow(page: Page): Promise<string[]> {
  await page.setViewportSize(MOBILE);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const overflow = await overflowOf(page);
  await page.setViewportSize(DESKTOP);
  return overflow > 0 ? [`at ${MOBILE.width} px: horizontal overflow: ${overflow}px`] : [];
}

describe("every page a crawler reaches, and every page a form without JavaScript comes back as", () => {
  it("has no axe-core violation (WCAG 2.0-2.2 A and AA, best practice) at 1280 px, as the server sends it, and nothing wider than a phone's screen at 390 px", async () => {
    const found = await visitAll(context, crawl.pages, { viewport: DESKTOP, tabs: CRAWL_TABS, prepare: blockScripts }, async (page, path) => {
      const response = await page.goto(path, { waitUntil: "load" });
      const skip = crawl.samples.includes(path) ? [] : [CONTRAST];
      return [...(await findings(page, response?.status(), statusOf(path), path === "/" ? [] : SHELL, skip)), ...(await phoneOverflow(page))];
    });
    const posted = await postedPages(DESKTOP, blockScripts, async (page, post) => findings(page, await openPosted(page, post), post.status, SHELL));
    expect({ ...found, ...posted }).toEqual({});
    expect(crawl.pages.length).toBeGreaterThan(100);
  }, 300_000);
});

describe("one page of each template, every page beyond the sitemap and the posted forms, with JavaScript", () => {
  it("has no axe-core violation at 390 px once the islands are awake", async () => {
    const awake = wakeIslands;
    const found = await visitAll(context, crawl.samples, { viewport: MOBILE }, async (page, path) => {
      const response = await page.goto(path);
      await awake(page);
      return findings(page, response?.status(), statusOf(path));
    });
    const posted = await postedPages(
      MOBILE,
      async () => undefined,
      async (page, post) => {
        const status = await openPosted(page, post);
        await awake(page);
        return findings(page, status, post.status);
      },
    );
    expect({ ...found, ...posted }).toEqual({});
    expect(crawl.samples.length).toBeGreaterThan(20);
  }, 300_000);
});
