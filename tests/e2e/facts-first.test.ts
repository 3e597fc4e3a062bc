import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bachelorHref } from "../../src/services/catalogue/links";
import { widths } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { fullStyleApplied, open, pagesOfOneContext, screenshot, sharedChromium, siteUrl } from "./helpers";

/** What an applicant looks for first (issue 42, point 6), at 1280 and 390 px. */
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

/** Whether the element is wholly inside the window as it is scrolled now. */
const inView = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((node) => {
    const box = node.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  });

describe.each(widths)("the catalogue on %s", (name) => {
  const visit = visitAt[name];

  it("shows a program with its title, price and next start on the first screen", async () => {
    const page = await visit("/programs");
    await screenshot(page, `facts-first-catalogue-${name}`);
    expect(await inView(page, ".program-card__title")).toBe(true);
    expect(await inView(page, ".program-card__price")).toBe(true);
    const start = page.locator(".program-card").first().locator('[data-fact="start"]');
    expect(await start.textContent()).toMatch(/^Старт \d{1,2} [а-я]+/);
    expect(await inView(page, '.program-card [data-fact="start"]')).toBe(true);
  });

  it("keeps a card in view after a filter is chosen, and the sorts say what they sort by", async () => {
    const page = await visit("/programs");
    const toggle = page.locator(".filters > summary");
    if (await toggle.isVisible()) await toggle.click();
    const sorts = await page.locator('.chips--sort a').allTextContents();
    expect(sorts).toEqual(["Сначала популярные", "Сначала дешевле", "Сначала дороже"]);
    await page.locator(".filters").getByRole("link", { name: "Повышение квалификации", exact: true }).click();
    await page.waitForURL((url) => url.search === "?type=course");
    await page.waitForFunction(() => document.querySelector(".program-card .tag")?.textContent === "Повышение квалификации");
    await screenshot(page, `facts-first-catalogue-filtered-${name}`);
    expect(await inView(page, ".program-card__title")).toBe(true);
    expect(await inView(page, ".program-card__price")).toBe(true);
  });
});

describe.each(widths)("a bachelor's page on %s", (name) => {
  const visit = visitAt[name];

  const bachelor = catalogue.bachelors[0]!;
  it("«Узнать требования к поступлению» scrolls to the dates and the minimum scores", async () => {
    const page = await visit(bachelorHref(bachelor));
    await screenshot(page, `facts-first-bachelor-hero-${name}`);
    await page.getByRole("link", { name: "Узнать требования к поступлению" }).click();
    await page.waitForURL((url) => url.hash === "#admission");
    await page.waitForFunction(() => Math.abs(document.getElementById("admission")!.getBoundingClientRect().top) < 200);
    await screenshot(page, `facts-first-bachelor-admission-${name}`);
    expect(await page.locator("#admission table").isVisible()).toBe(true);
    // no lead form opened
    expect(await page.locator("dialog[open]").count()).toBe(0);
  });
});

describe.each(widths)("a program's diploma sample on %s", (name) => {
  const visit = visitAt[name];

  const program = catalogue.programs.find((p) => p.type === "Profession")!;
  const path = `/professions/${program.studyFieldSlug}/${program.slug}`;

  it("opens over the page; Esc closes it and focus comes back; the back button closes it and stays on the page", async () => {
    const page = await visit(path);
    const sample = page.locator(".diploma__open");
    await sample.scrollIntoViewIfNeeded();
    await sample.click();
    const viewer = page.locator("dialog.viewer");
    await viewer.waitFor({ state: "visible" });
    await page.locator(".viewer__image").evaluate((img) => (img as HTMLImageElement).decode());
    await screenshot(page, `facts-first-diploma-viewer-${name}`);
    expect(new URL(page.url()).pathname).toBe(path);
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("diploma__open");
    // the history entry went with it: back leaves for where the visitor came from, not to the viewer
    await page.waitForFunction(() => !(history.state as { viewer?: string } | null)?.viewer);

    await sample.click();
    await viewer.waitFor({ state: "visible" });
    await page.goBack();
    await viewer.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe(path);
    await page.waitForFunction(() => !(history.state as { viewer?: string } | null)?.viewer);
    // «Закрыть» closes it too, with the keyboard
    await sample.focus();
    await page.keyboard.press("Enter");
    await viewer.waitFor({ state: "visible" });
    // open, with its history entry, and drawn by the full stylesheet (asked for after the first paint)
    await page.waitForFunction(() => (history.state as { viewer?: string } | null)?.viewer !== undefined && document.querySelector("dialog.viewer")?.hasAttribute("open"));
    await fullStyleApplied(page);
    await page.getByRole("button", { name: "Закрыть" }).and(page.locator(".viewer__close")).click();
    await viewer.waitFor({ state: "hidden" });
  });
});

describe.each(widths)("/contacts for a visitor from Kazakhstan on %s", (name, makeContext) => {
  it("puts the Almaty office first with its map, hours on Almaty's clock, messengers and a callback", async () => {
    const context = await makeContext(browser, siteUrl());
    await context.setExtraHTTPHeaders({ "CF-IPCountry": "KZ" });
    const page = await context.newPage();
    await open(page, "/contacts");
    const almaty = page.locator('section[aria-labelledby="office-almaty"]');
    await almaty.scrollIntoViewIfNeeded();
    await screenshot(page, `facts-first-contacts-kz-${name}`);
    expect(await almaty.getByRole("link", { name: "Открыть в 2ГИС" }).isVisible(), "2GIS").toBe(true);
    expect(await almaty.locator(".office__hours").textContent()).toMatch(/по времени Алматы/);
    expect(await almaty.getByRole("link", { name: "Написать в WhatsApp" }).isVisible(), "WhatsApp").toBe(true);
    expect(await almaty.getByRole("link", { name: "Перезвоните мне" }).isVisible(), "callback").toBe(true);
    // nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "wider than the screen by").toBeLessThanOrEqual(0);
  });
});

describe.each(widths)("the psychotherapy programs on %s", (name) => {
  const visit = visitAt[name];

  it("each have a cover of their own", async () => {
    const page = await visit("/programs/psihoterapiya");
    await screenshot(page, `facts-first-psychotherapy-covers-${name}`, true);
    const covers = await page.locator(".program-card__cover").evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src));
    expect(new Set(covers).size).toBe(covers.length);
  });
});
