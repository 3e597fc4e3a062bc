import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleHref } from "../../src/services/catalogue/links";
import { widths } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { countLayoutShifts, layoutShifts, pagesOfOneContext, screenshot, sharedChromium, siteUrl } from "./helpers";

/** Pages that looked broken (issue #16), each checked where a browser can see it, at both widths. */
const catalogue = defaultCatalogue();
let browser: Browser;

beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});


const box = async (page: Page, selector: string) => {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not on the page`);
  return found;
};

describe.each(widths)("on %s", (name, makeContext) => {
  // these tests read what a page shows: one context a width, its cache warm after the first page
  const visit = pagesOfOneContext(() => makeContext(browser, siteUrl()));

  it("/incomers numbers each step once and leaves no step alone on a row", async () => {
    const page = await visit("/incomers");
    const steps = page.locator("#steps ol > li");
    const count = await steps.count();
    expect(count).toBeGreaterThanOrEqual(3);
    // the badge is the number: no list marker beside it
    const markers = await steps.evaluateAll((items) => items.map((li) => getComputedStyle(li).display === "list-item" && getComputedStyle(li).listStyleType !== "none"));
    expect(markers.every((marker) => !marker)).toBe(true);
    const rows = new Map<number, number>();
    for (const top of await steps.evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)))) {
      rows.set(top, (rows.get(top) ?? 0) + 1);
    }
    const perRow = [...rows.values()];
    // one column, or every row shared
    expect(perRow.every((n) => n === 1) || perRow.every((n) => n > 1), `steps per row: ${perRow.join(", ")}`).toBe(true);
    await page.locator("#steps").screenshot({ path: `test-results/screenshots/${name}-incomers-steps.jpg`, quality: 85 });
  });

  it("a detail page's sticky section menu hides what scrolls under it", async () => {
    const page = await visit("/professions/konsultirovanie/psiholog-konsultant");
    await page.locator("#outcomes").scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    const nav = page.locator(".in-page-nav");
    await expect.poll(() => nav.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200);
    const background = await nav.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background, "an opaque colour").toMatch(/^rgb\(/);
    await screenshot(page, `${name}-sticky-section-menu`);
  });

  it("/gratefull has its h1 clear of the menu and a «Перейти в канал» button shaped like the others", async () => {
    const page = await visit("/gratefull");
    await expect.poll(() => page.locator("h1").allTextContents()).toEqual(["Спасибо за заявку!"]);
    const header = await box(page, ".site-header");
    const heading = await box(page, "h1");
    expect(heading.y - (header.y + header.height)).toBeGreaterThanOrEqual(32);
    const channel = await box(page, "a:has-text('Перейти в канал')");
    const gift = await box(page, "a:has-text('Получить подарок')");
    expect(channel.height).toBeLessThanOrEqual(gift.height + 1);
    expect(channel.width).toBeGreaterThan(channel.height * 2);
    await screenshot(page, `${name}-thanks`);
  });

  it.each([
    ["a journal article's «Программы по теме»", () => articleHref(catalogue.journal.find((a) => a.relatedProgramIds.length > 0)!.slug), ["#related-title"]],
    ["/webinars' «Скоро в эфире» and «Записи»", () => "/webinars", ["#upcoming-title", "#recorded-title"]],
  ])("%s starts at the page's edge, under the logo", async (_what, path, selectors) => {
    const page = await visit(path());
    const edge = await box(page, ".site-header .logo");
    for (const selector of selectors) expect(Math.round((await box(page, selector)).x), selector).toBe(Math.round(edge.x));
  });

  it("/contacts keeps «Алматы» clear of the text above it", async () => {
    const page = await visit("/contacts");
    // each office is a section of its own, in the visitor's order (decision 020): the text above is the previous one's end
    const gap = await page.getByRole("heading", { name: "Алматы", exact: true }).evaluate((h3) => {
      const section = h3.closest("section")!;
      const above = h3.previousElementSibling ?? section.previousElementSibling!;
      return h3.getBoundingClientRect().top - above.getBoundingClientRect().bottom;
    });
    expect(gap).toBeGreaterThanOrEqual(20);
    await page.getByRole("heading", { name: "Алматы", exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-contacts-almaty`);
  });

  it("the home page's figures break no word but at its hyphen, and the footer's e-mail field shows its whole placeholder", async () => {
    const page = await visit("/");
    const broken = await page.locator(".hero__stats dt").evaluateAll((labels) =>
      labels.flatMap((dt) => {
        // each text node of the label (React writes a number and its word as two), word by word
        const found: string[] = [];
        const walker = document.createTreeWalker(dt, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of (node.textContent ?? "").matchAll(/[А-Яа-яЁё\u00ad]+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index!);
            range.setEnd(node, word.index! + word[0].length);
            if (range.getClientRects().length > 1) found.push(word[0]);
          }
        }
        return found;
      }),
    );
    expect(broken).toEqual([]);
    await page.locator(".hero__stats").screenshot({ path: `test-results/screenshots/${name}-home-figures.jpg`, quality: 85 });

    const input = page.locator("#subscribe-email");
    await input.scrollIntoViewIfNeeded();
    const room = await input.evaluate((el: HTMLInputElement) => {
      const style = getComputedStyle(el);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const inner = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return inner - context.measureText(el.placeholder).width;
    });
    expect(room).toBeGreaterThanOrEqual(0);
    await page.locator(".subscribe-form").screenshot({ path: `test-results/screenshots/${name}-footer-subscribe.jpg`, quality: 85 });
  });

  it("bachelor pages: a card's call to action opens the application form, not the program's page", async () => {
    const page = await visit("/bachelor");
    await page.waitForSelector('[data-island="catalogue/CtaButton"]', { state: "attached" });
    await page.locator(".program-card").first().getByRole("link", { name: "Подать заявку" }).click();
    await page.locator("dialog.lead-popup[open]").waitFor();
    expect(new URL(page.url()).pathname).toBe("/bachelor");
    await screenshot(page, `${name}-bachelors-apply`);
  });

  it("bachelor pages: a program's hero has its picture beside the text, and the page its curriculum, reviews and a closing call to action", async () => {
    const bachelor = catalogue.bachelors[0]!;
    const page = await visit(`/bachelor/${bachelor.slug}`);
    const image = await box(page, ".detail-hero__image");
    const viewport = page.viewportSize()!;
    if (name === "desktop") {
      expect(image.x).toBeGreaterThan(viewport.width / 2);
      expect(image.width).toBeGreaterThan(300);
    } else {
      expect(image.width).toBeGreaterThan(viewport.width / 2);
    }
    await screenshot(page, `${name}-bachelor-hero`);
    for (const id of ["curriculum", "reviews", "price", "faq"]) await expect.poll(() => page.locator(`#${id}`).isVisible()).toBe(true);
    await page.locator("#curriculum summary").first().click();
    await expect.poll(() => page.locator("#curriculum .curriculum__topics li").first().textContent()).toBe(bachelor.curriculum[0]!.disciplines[0]);
    await page.locator("#faq .cta-band").scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-bachelor-closing`);
  });
});

describe("a slow network", () => {
  it.each(widths)("moves nothing when the fonts come late, on %s", async (name, makeContext) => {
    const context = await makeContext(browser, siteUrl());
    // the fonts take 1.5 s more than the page, its stylesheet and its scripts, as on a slow phone's network
    await context.route(/\.woff2$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const page = await context.newPage();
    await countLayoutShifts(page);
    for (const path of ["/contacts", "/"]) {
      await page.goto(path);
      // both weights are preloaded: once both have come, a font that would swap in has done so by the next frames
      await expect.poll(() => page.evaluate(() => performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith(".woff2")).length)).toBe(2);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await layoutShifts(page), `${path} at ${name}`).toBeLessThan(0.01);
    }
    await context.close();
  });
});
