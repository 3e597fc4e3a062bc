import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Catalogue } from "../../src/services/catalogue/build";
import { bachelorHref, liveCourseHref, practicalTrainingHref, programHref, seminarHref } from "../../src/services/catalogue/links";
import { upcomingSeminars } from "../../src/services/catalogue/queries";
import type { ProgramType } from "../../src/services/catalogue/schemas";
import { widths } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { open, screenshot, sharedChromium, siteUrl } from "./helpers";

/**
 * Issue 26 point 2: each detail page shows its title, its key facts and its main action (the one
 * `[data-main-action]`) in the first screen, at 390×844 and at 1280×800. The page of each kind is
 * the one with the longest title, the hardest to fit.
 */
const catalogue = defaultCatalogue();
const longest = <T extends { title: string }>(items: readonly T[]): T => [...items].sort((a, b) => b.title.length - a.title.length)[0] as T;
const program = (type: ProgramType) => longest(catalogue.programs.filter((p) => p.type === type));

const kinds: [kind: string, path: string, facts: string[]][] = [
  ["a profession", programHref(program("Profession")), ["Старт", "Стоимость"]],
  ["a course", programHref(program("Course")), ["Старт", "Стоимость"]],
  ["a short program", programHref(program("ShortTerm")), ["Старт", "Стоимость"]],
  ["a bachelor", bachelorHref(longest(catalogue.bachelors)), ["Стоимость", "Срок обучения"]],
  ["a seminar", seminarHref(longest(upcomingSeminars(catalogue as Catalogue, Date.now()))), ["Когда", "Стоимость"]],
  ["a practical training", practicalTrainingHref(longest(catalogue.practicalTrainings)), ["Стоимость"]],
  ["a live course", liveCourseHref(longest(catalogue.liveCourses).slug), ["Старт", "Стоимость"]],
];

let browser: Browser;
beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The bottom edge of an element, in CSS pixels from the top of the page as it opens. */
const bottomOf = async (page: Page, selector: string) => {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not laid out`);
  return box.y + box.height;
};

describe.each(widths)("the first screen on %s", (name, makeContext) => {
  it.each(kinds)("of %s (%s) holds the title, the key facts and the main action", async (kind, path, facts) => {
    const context = await makeContext(browser, siteUrl());
    const page = await context.newPage();
    await open(page, path);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const screen = page.viewportSize()!.height;
    await expect(page.locator("[data-main-action]").count(), `${path}: one main action`).resolves.toBe(1);
    await expect.poll(() => page.locator("[data-main-action]").isVisible()).toBe(true);
    expect(await bottomOf(page, "h1"), `${path}: the h1`).toBeLessThanOrEqual(screen);
    for (const fact of facts) {
      const value = `.detail-hero .facts div:has(> dt:text-is("${fact}")) > dd`;
      expect(await bottomOf(page, value), `${path}: «${fact}»`).toBeLessThanOrEqual(screen);
    }
    expect(await bottomOf(page, "[data-main-action]"), `${path}: the main action`).toBeLessThanOrEqual(screen);
    if (name === "mobile" && (kind === "a profession" || kind === "a seminar")) await screenshot(page, `first-screen-${kind.split(" ").at(-1)}-390`);
  });
});
