import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { admissionsHoursText } from "../../src/services/admissions-hours";
import { bachelorHref, programHref } from "../../src/services/catalogue/links";
import { widths } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { open, sharedChromium, siteUrl } from "./helpers";

/**
 * Issue 28 point 4: a fact the site states on several pages comes from one place in the content
 * and reads the same everywhere. Each test reads the fact on every page that shows it, as the
 * visitor sees it, and fails on the first difference.
 */
const catalogue = defaultCatalogue();
const { site } = catalogue;
const programs = [catalogue.programs[0]!, catalogue.programs.find((p) => p.type === "Course")!, catalogue.programs.find((p) => p.type === "ShortTerm")!];

let browser: Browser;
beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The page's text as laid out (a line a block) with its spaces as one kind (Intl's narrow no-break spaces among them). */
const textOf = (page: Page) => page.evaluate(() => document.body.innerText).then((text) => text.replace(/[ \t\u00a0\u202f]+/g, " "));
const factsOn = (page: Page, fact: string) => page.locator(`[data-fact="${fact}"]`).allTextContents().then((all) => all.map((t) => t.replace(/[\s\u00a0\u202f]+/g, " ").trim()));

describe.each(widths)("on %s", (_name, makeContext) => {
  // one page a test: a test's contexts close when it ends
  let page: Page | undefined;
  beforeEach(() => {
    page = undefined;
  });
  const visit = async (path: string) => {
    page ??= await (await makeContext(browser, siteUrl())).newPage();
    await open(page, path);
    return page;
  };

  it("the admissions hours read the same in the header, the footer, /contacts and /sveden", async () => {
    const hours = admissionsHoursText(site.admissionsHours);
    const seen: [string, string][] = [];
    for (const path of ["/", "/contacts", programHref(programs[0]!), "/sveden/common"]) {
      const shown = await factsOn(await visit(path), "admissions-hours");
      expect(shown.length, `${path}: the hours in the footer`).toBeGreaterThan(0);
      for (const value of shown) seen.push([path, value]);
      // in content text too: every «Пн–…» with hours beside «приёмная комиссия» is the same
      const text = await textOf(page!);
      for (const [said] of text.matchAll(/приёмная комиссия — [^;.\n]+/gi)) seen.push([path, said.replace(/^приёмная комиссия — /i, "")]);
    }
    expect(seen.some(([path]) => path === "/sveden/common"), "/sveden says the hours").toBe(true);
    for (const [path, value] of seen) expect(value, path).toBe(hours);
  });

  it("every start a program page shows is an intake day /incomers announces", async () => {
    const incomers = await textOf(await visit("/incomers"));
    const days = /старт групп ([\d, и]+) числа/.exec(incomers);
    expect(days, "/incomers names the intake days").not.toBeNull();
    const announced = days![1]!.split(/,\s*|\s+и\s+/).map(Number);
    for (const program of programs) {
      const programPage = await visit(programHref(program));
      const starts = await programPage.locator("[data-fact=start]").evaluateAll((all) => all.map((el) => el.getAttribute("datetime") ?? ""));
      expect(starts.length, programHref(program)).toBeGreaterThan(0);
      for (const start of starts) expect(announced, `${programHref(program)}: starts on ${start}`).toContain(Number(start.slice(8, 10)));
    }
  });

  it("the discount is one figure wherever it shows, names what it covers, and shows nowhere it does not apply", async () => {
    const seen: [string, string][] = [];
    for (const path of ["/", "/programs", programHref(programs[0]!)]) {
      const shown = await factsOn(await visit(path), "discount");
      expect(shown.length, path).toBeGreaterThan(0);
      for (const value of shown) seen.push([path, value]);
    }
    for (const [path, value] of seen) expect(value, path).toBe(site.discount);
    await visit("/programs");
    const bar = page!.getByRole("complementary", { name: "Скидка" });
    await bar.waitFor();
    await expect(bar.textContent()).resolves.toContain(site.discountCovers.text);
    // a bachelor's price has no discount: no discount bar, no discount figure
    const bachelor = await visit(bachelorHref(catalogue.bachelors[0]!));
    await expect(bachelor.locator('[data-island="promo/StickyDiscount"]').count()).resolves.toBe(0);
    await expect(factsOn(bachelor, "discount")).resolves.toEqual([]);
    expect(await textOf(bachelor)).not.toMatch(/Скидка до/);
  });

  it("a count's label agrees with its figure on the home page («51 программа обучения»)", async () => {
    await visit("/");
    const stats = await page!.locator(".hero__stats div").evaluateAll((all) => all.map((div) => `${div.querySelector("dd")?.textContent} ${div.querySelector("dt")?.textContent}`));
    const programsStat = stats.find((s) => /программ/.test(s))!;
    const count = Number(programsStat.split(" ")[0]);
    const form = new Intl.PluralRules("ru-RU").select(count);
    expect(programsStat).toBe(`${count} ${form === "one" ? "программа" : form === "few" ? "программы" : "программ"} обучения`);
  });
});
