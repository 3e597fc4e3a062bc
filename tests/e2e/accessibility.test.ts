import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, DESKTOP, MOBILE } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { open } from "./helpers";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const catalogue = defaultCatalogue();
const program = catalogue.programs[0]!;
const seminar = catalogue.seminars.find((s) => s.tickets_quantity > 0)!;

/** One page of every route family of spec 2.1, and the site's own extra pages. */
const routes = [
  "/", "/programs", "/programs/psihoterapiya", "/professions", "/courses", "/shortTerm",
  `/professions/${program.studyFieldSlug}/${program.slug}`, "/bachelor", `/bachelor/${catalogue.bachelors[0]!.slug}`,
  "/practical-training", "/practical-training/supervision", "/practical-training/build-your-brand", "/lectorium",
  `/seminars/${seminar.studyFieldSlug}/${seminar.slug}`, "/live-courses", `/live-courses/${catalogue.liveCourses[0]!.slug}`,
  "/webinars", "/teachers", "/reviews", "/journal", `/journal/${catalogue.journal[0]!.slug}`, "/ourInstitute", "/contacts",
  "/incomers", "/vacancies", "/partners", "/legal", "/legal_edu", "/payment_edu_mip", "/rating", "/docs", "/docs/general",
  "/docs/ochu-vo-mip/general", "/sveden/common", "/sveden/employees", "/free-access", "/apply?cta=askQuestion", "/gratefull",
  "/net-takoj-stranicy",
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function violations(page: Page) {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  });
}

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
] as const)("axe-core (WCAG 2.1 A and AA) at %s width", (_name, viewport) => {
  it("finds no violation on any route", async () => {
    const context = await browser.newContext({ baseURL: inject("baseUrl"), viewport, bypassCSP: true, locale: "ru-RU" });
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    for (const route of routes) {
      await open(page, route);
      const list = await violations(page);
      // nothing may be wider than the screen: a phone would zoom the whole page out
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) list.push(`horizontal overflow: ${overflow}px`);
      if (list.length > 0) found[route] = list;
    }
    expect(found).toEqual({});
  }, 240_000);

  it("finds no violation with the menus and the lead popup open", async () => {
    const context = await browser.newContext({ baseURL: inject("baseUrl"), viewport, bypassCSP: true, locale: "ru-RU", hasTouch: viewport === MOBILE });
    const page = await context.newPage();
    await open(page, `/professions/${program.studyFieldSlug}/${program.slug}`);
    const found: Record<string, string[]> = {};
    if (viewport === DESKTOP) {
      await page.getByRole("button", { name: "Программы обучения" }).click();
      found.programMenu = await violations(page);
      await page.getByRole("button", { name: "Ещё" }).click();
      found.institutePopup = await violations(page);
      await page.keyboard.press("Escape");
    } else {
      await page.getByRole("button", { name: "Открыть меню" }).click();
      found.mobileMenu = await violations(page);
      await page.keyboard.press("Escape");
    }
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    await page.locator('[data-cta="askQuestion"], [data-cta="programQuestion"]').first().click();
    found.leadPopup = await violations(page);
    expect(Object.fromEntries(Object.entries(found).filter(([, list]) => list.length > 0))).toEqual({});
  });
});

describe("keyboard", () => {
  it("reaches the lead popup, keeps focus inside it and closes it on Escape", async () => {
    const context = await browser.newContext({ baseURL: inject("baseUrl"), viewport: DESKTOP });
    const page = await context.newPage();
    await open(page, "/practical-training/supervision");
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    await page.locator('[data-cta="takePart"]').first().focus();
    await page.keyboard.press("Enter");
    await page.locator("dialog.lead-popup[open]").waitFor();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      const inside = await page.evaluate(() => document.activeElement?.closest("dialog.lead-popup") !== null || document.activeElement === document.body);
      expect(inside).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(page.locator("dialog.lead-popup[open]").count()).resolves.toBe(0);
  });

  it("shows where the focus is", async () => {
    const context = await browser.newContext({ baseURL: inject("baseUrl"), viewport: DESKTOP });
    const page = await context.newPage();
    await open(page, "/");
    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Перейти к содержанию");
    await page.keyboard.press("Tab");
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe("none");
  });
});
