import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPage } from "../../src/components/layout/SiteShell";
import { programHref, seminarHref } from "../../src/services/catalogue/links";
import { desktopContext, MOBILE, mobileContext } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { open, reachPromoDock, pagesOfOneContext, screenshot, sharedChromium, siteUrl } from "./helpers";

/** Promo layers that never cover content, and the phone's bar after a detail page's hero (issue #16, decision 026). */
const catalogue = defaultCatalogue();
const course = catalogue.programs.find((p) => p.type === "Course")!;
const profession = catalogue.programs.find((p) => p.type === "Profession")!;
const seminar = catalogue.seminars.find((s) => Date.parse(s.targetDate) > Date.now() && s.tickets_quantity > 0)!;

let browser: Browser;
beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

const narrowContext = (b: Browser, baseURL: string): Promise<BrowserContext> =>
  b.newContext({ baseURL, viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true, locale: "ru-RU" });

const widths = [
  ["1280x800", desktopContext],
  ["390x844", mobileContext],
  ["320x640", narrowContext],
] as const;

const pages = ["/", "/programs", programHref(course), programHref(profession), seminarHref(seminar), "/teachers"];

interface Overlap {
  layer: string;
  content: string;
}

/** Each promo layer that lies over a text, a link or a button of the main content, in the viewport as it is now. */
function overlaps(page: Page): Promise<Overlap[]> {
  return page.evaluate(() => {
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return style.visibility !== "hidden" && style.display !== "none" && box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight;
    };
    const layers = [...document.querySelectorAll(".sticky-discount, .wheel-launcher, .promo-banner")].filter(shown);
    const content = [...document.querySelectorAll("main :is(h1, h2, h3, p, li, dt, dd, a, button)")].filter(shown);
    const found: { layer: string; content: string }[] = [];
    for (const layer of layers) {
      const a = layer.getBoundingClientRect();
      for (const item of content) {
        const b = item.getBoundingClientRect();
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
          found.push({ layer: layer.className, content: `${item.tagName.toLowerCase()} «${(item.textContent ?? "").trim().slice(0, 40)}»` });
        }
      }
    }
    return found;
  });
}

/** Waits until the promo islands have come (the bar waits for the promo lookup), so a test sees them where they rest. */
async function promoSettled(page: Page, path: string) {
  await open(page, path);
  await reachPromoDock(page);
  // the discount bar shows only on the pages its discount covers (decision 056)
  if (catalogue.site.discountCovers.pages.some((prefix) => onPage(path, prefix))) await page.locator(".sticky-discount").waitFor();
}

describe.each(widths)("promo layers at %s", (size, makeContext) => {
  // the pages of a width are one visitor's, one after another, as a visitor meets the layers: one context, its cache warm after the first
  const visit = pagesOfOneContext(() => makeContext(browser, siteUrl()), promoSettled);

  it.each(pages)("lie over no text, link or button of %s, at the start, in the middle and at the end", async (path) => {
    const page = await visit(path);
    await expect.poll(() => overlaps(page)).toEqual([]);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (const y of [height / 3, height / 2, height]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await expect.poll(() => overlaps(page)).toEqual([]);
    }
    if (path === programHref(course)) await screenshot(page, `promo-layers-${size}-course-end`);
  });
});

describe("what a visitor closes stays closed", () => {
  it("the discount bar, on the next page, after a reload and in a new tab", async () => {
    const context = await mobileContext(browser, siteUrl());
    const page = await context.newPage();
    await promoSettled(page, "/");
    await page.locator(".sticky-discount").getByRole("button", { name: "Закрыть" }).click();
    await expect.poll(() => page.locator(".sticky-discount").count()).toBe(0);
    for (const path of ["/programs", "/programs"]) {
      await open(page, path);
      await reachPromoDock(page);
      await expect.poll(() => page.locator(".sticky-discount").count()).toBe(0);
    }
    const tab = await context.newPage();
    await open(tab, programHref(course));
    await reachPromoDock(tab);
    await expect.poll(() => tab.locator(".sticky-discount").count()).toBe(0);
    await context.close();
  });
});

describe("the bar after the hero on a phone", () => {
  const detailPages = [
    ["a course", programHref(course), "Цена и запись"],
    ["a profession", programHref(profession), "Цена и запись"],
    ["a seminar", seminarHref(seminar), "Цена и билеты"],
  ] as const;

  it.each(detailPages)("on %s: absent while the hero shows, at hand after it, and its button opens the hero's form", async (_, path, label) => {
    const context = await mobileContext(browser, siteUrl());
    const page = await context.newPage();
    await open(page, path);
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    const bar = page.getByRole("complementary", { name: label });
    const inView = () =>
      bar.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top < innerHeight && box.bottom > 0;
      });
    await expect.poll(() => inView()).toBe(false);
    // a seminar's buttons wake with React, on the visitor's first interaction or a changed count (a CTA replays a click that comes before)
    const awake = (scope: string) =>
      page.waitForSelector(`${scope} [data-island="catalogue/SeminarActions"][data-hydrated="true"]`, { state: "attached", timeout: path.includes("seminars") ? 20_000 : 1 }).catch((error) => {
        if (path.includes("seminars")) throw error;
      });
    // the form the hero's main button opens
    const heroAction = page.locator(".detail-hero__actions .btn").first();
    await heroAction.scrollIntoViewIfNeeded();
    await awake(".detail-hero__actions");
    await heroAction.click();
    const popup = page.locator("dialog.lead-popup[open]");
    const title = await popup.locator(".modal__title").textContent();
    await page.keyboard.press("Escape");
    await expect.poll(() => popup.count()).toBe(0);

    const heroBottom = await page.locator(".detail-hero").evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
    await page.evaluate((y) => window.scrollTo(0, y), heroBottom);
    await expect.poll(inView).toBe(true);
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(MOBILE.height);
    expect(box.height).toBeLessThan(MOBILE.height * 0.12);
    await expect.poll(() => bar.textContent()).toMatch(/\d[\d\u00a0\u202f ]* ₽/);
    await screenshot(page, `mobile-bar-after-hero-${path.split("/").pop()}`);

    await awake(".sticky-actions");
    await bar.locator(".btn").click();
    await expect.poll(() => popup.locator(".modal__title").textContent()).toBe(title);
    await page.keyboard.press("Escape");

    // at the end it rests after the content, over none of it
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = page.locator(".after-hero > :not(.sticky-actions)").last();
    await expect.poll(async () => (await last.boundingBox())!.y + (await last.boundingBox())!.height <= (await bar.boundingBox())!.y + 1).toBe(true);
    await context.close();
  });

  it("is not there at 1280px, where the hero's buttons and the section menu are", async () => {
    const page = await (await desktopContext(browser, siteUrl())).newPage();
    await open(page, programHref(course));
    await expect.poll(() => page.getByRole("complementary", { name: "Цена и запись" }).isVisible()).toBe(false);
    await page.context().close();
  });
});
