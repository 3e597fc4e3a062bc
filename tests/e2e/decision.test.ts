import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bachelorHref, programHref } from "../../src/services/catalogue/links";
import { encodeLowVision, LOW_VISION_COOKIE } from "../../src/services/low-vision";
import { widths } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { countLayoutShifts, fullStyleApplied, layoutShifts, open, reachPromoDock, pagesOfOneContext, screenshot, sharedChromium, siteUrl } from "./helpers";

/**
 * Issue 28: what an applicant needs to decide, at 1280 and 390 px: the price as people pay it,
 * a free first step, what happens next, the phone's layout. What only reads the server's HTML (the
 * prices' words, the free first step's links, the next steps' words, the 404 form's consent,
 * /contacts by country) is tests/worker/decision.test.ts, once.
 */
const catalogue = defaultCatalogue();
const withInstalment = catalogue.programs.find((p) => p.type === "Profession" && p.instalmentMonths !== undefined)!;
const monthly = /\d[\d\u00a0\u202f ]* ₽\/мес на \d+ месяц/;

let browser: Browser;
beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(widths)("on %s", (name, makeContext) => {
  const mobile = name === "mobile";
  // the tests that read a page share one context, its cache warm after the first page (the sample's size before it loads, the low-vision cookies: contexts of their own)
  const visit = pagesOfOneContext(() => makeContext(browser, siteUrl()));

  if (mobile) {
    it("on a phone, the bar at the price block shows the monthly payment and its term", async () => {
      const page = await visit(programHref(withInstalment));
      await page.locator("#price").scrollIntoViewIfNeeded();
      const bar = page.locator(".sticky-actions__monthly");
      await expect.poll(() => bar.isVisible()).toBe(true);
      await expect.poll(() => bar.textContent()).toMatch(monthly);
      await screenshot(page, "program-price-390");
    });

    it("/gratefull shows its next steps on a phone", async () => {
      const page = await visit("/gratefull?lead=x");
      await expect.poll(() => page.getByTestId("next-steps").isVisible()).toBe(true);
      await screenshot(page, "gratefull-390", true);
    });
  }

  it("the footer's e-mail field has a field's height", async () => {
    const page = await visit("/");
    const field = page.locator("#subscribe-email");
    await field.scrollIntoViewIfNeeded();
    const box = (await field.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeLessThanOrEqual(56);
    if (mobile) await screenshot(page, "footer-390", false);
  });

  it("the end of a program page has at most one promotion beside its action", async () => {
    const page = await visit(programHref(withInstalment));
    await reachPromoDock(page);
    await page.locator(".site-footer").scrollIntoViewIfNeeded();
    const promotions = await page.locator(".promo-dock .sticky-discount, .promo-dock .wheel-launcher").evaluateAll((all) => all.filter((el) => (el as HTMLElement).offsetParent !== null).length);
    expect(promotions).toBeLessThanOrEqual(mobile ? 1 : 2);
  });

  it("in the largest type the settings panel stays small, marks the chosen options, and words wrap whole", async () => {
    const context = await makeContext(browser, siteUrl());
    const url = new URL(siteUrl());
    await context.addCookies([{ name: LOW_VISION_COOKIE, value: encodeLowVision({ size: 3, scheme: "blue", images: true, spacing: 0 }), domain: url.hostname, path: "/" }]);
    const page = await context.newPage();
    await open(page, "/programs");
    await page.waitForSelector('[data-island="layout/LowVisionPanel"][data-hydrated="true"]', { state: "attached" });
    await fullStyleApplied(page);
    const panel = page.getByRole("region", { name: "Настройки версии для слабовидящих" });
    await expect.poll(() => panel.locator('button[aria-pressed="true"]').count()).toBeGreaterThanOrEqual(2);
    const box = (await panel.boundingBox())!;
    // in the page's flow above the content it changes (it covers none of it), and under a third of a phone's screen
    const main = (await page.locator("main").boundingBox())!;
    expect(main.y, "the content starts below the panel").toBeGreaterThanOrEqual(box.y + box.height - 1);
    if (mobile) expect(box.height, "the panel on a phone").toBeLessThanOrEqual(844 * 0.3);
    const marks = await panel.locator('button[aria-pressed="true"]').evaluateAll((all) => all.map((b) => getComputedStyle(b, "::before").content));
    expect(marks.length).toBeGreaterThanOrEqual(2);
    for (const mark of marks) expect(mark).toContain("✓");
    const body = await page.evaluate(() => ({ wrap: getComputedStyle(document.body).overflowWrap, hyphens: getComputedStyle(document.body).hyphens, lang: document.documentElement.lang }));
    expect(body).toEqual({ wrap: "break-word", hyphens: "auto", lang: "ru" });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it.each(["white", "black", "blue"] as const)("at the largest size and spacing in the %s scheme, the settings panel leaves the heading in view, marks each chosen option and keeps within the screen", async (scheme) => {
    const context = await makeContext(browser, siteUrl());
    await context.addCookies([{ name: LOW_VISION_COOKIE, value: encodeLowVision({ size: 3, scheme, images: false, spacing: 2 }), url: siteUrl() }]);
    const page = await context.newPage();
    await open(page, "/programs");
    await page.waitForSelector('[data-island="layout/LowVisionPanel"][data-hydrated="true"]', { state: "attached" });
    await fullStyleApplied(page);
    const panel = page.getByRole("region", { name: "Настройки версии для слабовидящих" });
    const screen = page.viewportSize()!;
    const box = (await panel.boundingBox())!;
    const main = (await page.locator("main").boundingBox())!;
    expect(main.y, "the page starts below the panel: it covers none of it").toBeGreaterThanOrEqual(box.y + box.height - 1);
    const heading = (await page.locator("main h1").boundingBox())!;
    expect(heading.y + heading.height, "the heading whole in the first screen, as the visitor chooses").toBeLessThanOrEqual(screen.height);
    if (mobile) expect(box.height, "a fifth of a phone's screen at most").toBeLessThanOrEqual(screen.height * 0.2);

    const parts = await panel.locator("legend, button").evaluateAll((all) =>
      all.map((el) => ({ text: el.textContent, left: el.getBoundingClientRect().left, right: el.getBoundingClientRect().right, cut: el.scrollWidth > el.clientWidth + 1 })),
    );
    expect(parts.filter((part) => part.left < 0 || part.right > screen.width || part.cut), "within the screen, no word cut").toEqual([]);

    const groups = await panel.locator("fieldset").evaluateAll((sets) =>
      sets.map((set) => ({
        legend: set.querySelector("legend")!.textContent,
        options: [...set.querySelectorAll("button")].map((button) => ({
          pressed: button.getAttribute("aria-pressed"),
          tick: getComputedStyle(button, "::before").content.includes("✓"),
          frame: getComputedStyle(button).outlineStyle !== "none" && Number.parseFloat(getComputedStyle(button).outlineWidth) > 0,
        })),
      })),
    );
    expect(groups.map((group) => group.legend)).toEqual(["Размер шрифта", "Цвета", "Интервал", "Изображения"]);
    for (const group of groups) {
      expect(group.options.filter((option) => option.pressed === "true"), `${group.legend}: one option chosen`).toHaveLength(1);
      for (const option of group.options) {
        expect(option.pressed === "true" || option.pressed === "false", `${group.legend}: a state for assistive tech`).toBe(true);
        expect({ tick: option.tick, frame: option.frame }, `${group.legend}: the chosen one marked, the others not`).toEqual({ tick: option.pressed === "true", frame: option.pressed === "true" });
      }
    }
    // each scheme's button in its own colours, whether it is the one chosen or not
    const swatches = await panel.locator(".lv-scheme-btn").evaluateAll((all) => all.map((button) => getComputedStyle(button).backgroundColor));
    expect(swatches).toEqual(["rgb(255, 255, 255)", "rgb(0, 0, 0)", "rgb(157, 209, 255)"]);
    if (mobile) await screenshot(page, `low-vision-panel-${scheme}-390`);
  });

  it("search rows start at one edge, and a query typed in the Latin layout stands in the field as the words searched", async () => {
    const page = await visit(`/search?q=${encodeURIComponent("gcb[jkjubz")}`);
    await expect.poll(() => page.locator("#search-page-q").inputValue()).toBe("психология");
    await expect.poll(() => page.locator(".search-switched").textContent()).toBe("Показаны результаты по запросу «психология»");
    const titles = await page.locator(".search-page .search-result__title").evaluateAll((all) => all.map((t) => Math.round(t.getBoundingClientRect().left)));
    expect(titles.length).toBeGreaterThan(1);
    expect(new Set(titles).size).toBe(1);
  });

  it.each([
    ["a program", () => programHref(withInstalment), "diploma-sample"],
    ["a bachelor's program", () => bachelorHref(catalogue.bachelors[0]!), "bachelor-diploma-sample"],
  ] as const)("%s shows its document's sample, sized before it loads, marked «образец», with the licence and the register", async (_what, path, shot) => {
    const context = await makeContext(browser, siteUrl());
    const page = await context.newPage();
    await countLayoutShifts(page);
    await open(page, path());
    const section = page.locator("#diploma");
    const image = section.locator("img.diploma__image");
    await expect.poll(() => image.getAttribute("loading")).toBe("lazy");
    await expect.poll(() => image.getAttribute("alt")).toMatch(/^Образец документа: /);
    // its box has the picture's shape before a byte of it arrives: nothing below moves when it does
    const before = (await image.boundingBox())!;
    expect(before.width).toBeGreaterThan(mobile ? 300 : 480);
    expect(Math.abs(before.height - (before.width * 848) / 1200)).toBeLessThan(1.5);
    await page.evaluate(() => {
      (window as unknown as { __shifts: number }).__shifts = 0;
    });
    await image.scrollIntoViewIfNeeded();
    await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await image.elementHandle());
    const loaded = await image.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, height: img.getBoundingClientRect().height }));
    expect(loaded.src).toMatch(/\/images\/gen\/diploma\/obrazec-[\w-]+-\d+\.webp$/);
    // the file chosen is at least as wide as the box (a phone's screen has 3 device pixels to a CSS pixel)
    expect(Number(/-(\d+)\.webp$/.exec(loaded.src)![1])).toBeGreaterThanOrEqual(before.width);
    expect(Math.abs(loaded.height - before.height)).toBeLessThan(1);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await layoutShifts(page), "shifts while the sample came").toBeLessThan(0.01);
    await expect.poll(() => image.isVisible()).toBe(true);
    await expect.poll(() => section.textContent()).toMatch(/Лицензия на осуществление образовательной деятельности № Л035-\S+ от \d\d\.\d\d\.\d{4}/);
    const register = section.locator("a.diploma__register");
    await expect.poll(() => register.getAttribute("href")).toBe("https://frdocheck.obrnadzor.gov.ru/");
    await expect.poll(() => register.isVisible()).toBe(true);
    await section.evaluate((el) => el.scrollIntoView({ block: "start" }));
    if (mobile) await image.evaluate((img) => img.scrollIntoView({ block: "center" }));
    await screenshot(page, `${shot}-${mobile ? 390 : 1280}`);
  });
});
