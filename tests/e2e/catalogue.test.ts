import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { widths } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { pagesOfOneContext, screenshot, sharedChromium, siteUrl } from "./helpers";

const catalogue = defaultCatalogue();
let browser: Browser;

beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * One context a width for the tests that read what a page shows and keep nothing of a visit (a
 * filter, a sort, a module opened): its cache is warm after the first page (helpers.ts).
 */
const visitAt = Object.fromEntries(widths.map(([name, makeContext]) => [name, pagesOfOneContext(() => makeContext(browser, siteUrl()))])) as Record<
  (typeof widths)[number][0],
  (path: string) => Promise<Page>
>;

/** The price each card asks now (not the old one struck through, nor the monthly payment beside it). */
const prices = (page: Page) =>
  page.locator(".program-card__price .price-now").evaluateAll((nodes) => nodes.map((node) => Number((node.textContent ?? "").replace(/\D/g, ""))));

/** A filter's or sort's link; on a phone the filters are folded behind one button (issue 42), opened first. */
async function filterLink(page: Page, name: string) {
  const toggle = page.locator(".filters > summary");
  if ((await toggle.isVisible()) && !(await page.locator(".filters").evaluate((details) => (details as HTMLDetailsElement).open))) await toggle.click();
  return page.locator(".filters").getByRole("link", { name, exact: true });
}

describe.each(widths)("program lists on %s", (name) => {
  const visit = visitAt[name];

  it("filter by type in place, without a page load, and keep the URL shareable", async () => {
    const page = await visit("/programs");
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    await (await filterLink(page, "Повышение квалификации")).click();
    await page.waitForURL((url) => url.search === "?type=course");
    const courses = catalogue.programs.filter((p) => p.type === "Course").length;
    await page.waitForFunction((n) => document.querySelector(".program-list__count")?.textContent?.startsWith(`${n} `), courses);
    const tags = await page.locator(".program-card .tag").allTextContents();
    expect(tags.every((t) => t === "Повышение квалификации")).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await screenshot(page, `${name}-programs-courses`);
    await page.goBack();
    await page.waitForFunction((n) => document.querySelector(".program-list__count")?.textContent?.startsWith(`${n} `), catalogue.programs.length);
  });

  it("filter the short courses, the cards tagged «Курсы»", async () => {
    const page = await visit("/programs");
    await (await filterLink(page, "Краткосрочные курсы")).click();
    await page.waitForURL((url) => url.search === "?type=shortterm");
    const short = catalogue.programs.filter((p) => p.type === "ShortTerm").length;
    await page.waitForFunction((n) => document.querySelector(".program-list__count")?.textContent?.startsWith(`${n} `), short);
    const tags = await page.locator(".program-card .tag").allTextContents();
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.every((t) => t === "Курсы")).toBe(true);
    await screenshot(page, `${name}-programs-short-courses`);
  });

  it("sort by price both ways", async () => {
    const page = await visit("/courses");
    await (await filterLink(page, "Сначала дешевле")).click();
    await page.waitForURL((url) => url.search === "?sort=price");
    const ascending = await prices(page);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await (await filterLink(page, "Сначала дороже")).click();
    await page.waitForURL((url) => url.search === "?sort=price&dir=desc");
    const descending = await prices(page);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    expect(descending[0]).toBe(Math.max(...ascending, ...descending));
  });

  it("page through the list and filter by study field", async () => {
    const page = await visit("/programs");
    await page.locator(".pagination").getByRole("link", { name: "2", exact: true }).click();
    await page.waitForURL((url) => url.search === "?page=2");
    await expect.poll(() => page.locator('.pagination [aria-current="page"]').textContent()).toBe("2");
    await (await filterLink(page, "Клиническая психология")).click();
    await page.waitForURL((url) => url.pathname === "/programs/klinicheskaya-psihologiya");
    const count = catalogue.programs.filter((p) => p.studyFieldSlug === "klinicheskaya-psihologiya").length;
    await expect.poll(() => page.locator(".program-card").count()).toBe(count);
  });
});

describe.each(widths)("a program page on %s", (name) => {
  const visit = visitAt[name];

  it("opens and closes a curriculum module", async () => {
    const program = catalogue.programs[0]!;
    const page = await visit(`/professions/${program.studyFieldSlug}/${program.slug}`);
    const module = page.locator(".curriculum__module").first();
    const topic = module.locator(".curriculum__topics li").first();
    await expect.poll(() => topic.isVisible()).toBe(false);
    await module.locator("summary").click();
    await expect.poll(() => topic.isVisible()).toBe(true);
    await expect.poll(() => topic.textContent()).toBe(program.modules[0]!.topics[0]);
    await screenshot(page, `${name}-program-curriculum`);
    await module.locator("summary").click();
    await expect.poll(() => topic.isVisible()).toBe(false);
  });

  it("jumps to a section from the in-page navigation", async () => {
    const program = catalogue.programs[0]!;
    const page = await visit(`/professions/${program.studyFieldSlug}/${program.slug}`);
    await page.locator(".in-page-nav").getByRole("link", { name: "Стоимость" }).click();
    await page.waitForFunction(() => {
      const top = document.getElementById("price")?.getBoundingClientRect().top ?? 9999;
      return top >= 0 && top < 400;
    });
    await screenshot(page, `${name}-program-price`);
  });
});

describe.each(widths)("the home page carousels on %s", (name) => {
  const visit = visitAt[name];

  it("scroll by snapping without JavaScript help, and step with the arrows", async () => {
    const page = await visit("/");
    const track = page.locator("#teachers-track");
    await expect.poll(() => track.evaluate((el) => getComputedStyle(el).scrollSnapType)).toBe("x mandatory");
    await track.scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-island="ui/CarouselArrows"][data-hydrated="true"]', { state: "attached" });
    const next = page.locator(".carousel").first().getByRole("button", { name: "Стрелка вправо" });
    const previous = page.locator(".carousel").first().getByRole("button", { name: "Стрелка влево" });
    await expect.poll(() => previous.isDisabled()).toBe(true);
    await next.click();
    await page.waitForFunction(() => (document.getElementById("teachers-track")?.scrollLeft ?? 0) > 50);
    await expect.poll(() => previous.isEnabled()).toBe(true);
    await screenshot(page, `${name}-home-teachers-carousel`);
  });
});
