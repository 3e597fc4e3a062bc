/**
 * The low-vision version on every element (GOST R 52872-2019, #16): each colour scheme passes
 * axe-core's contrast rule on one page of each template, with the promo layers, the header's
 * popups and the dialogs shown; the largest size scales every text by the sizes' ratio and cuts
 * nothing off, at 1280 and 390 px.
 */
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeLowVision, LOW_VISION_COOKIE, type LowVision, lowVisionClasses, type Scheme } from "../../src/services/low-vision";
import { DESKTOP, MOBILE } from "../support/browser";
import { PAGE_TYPES, PROGRAM_TYPE, pageOfEachType } from "../support/page-types";
import { E2E_VARS } from "./setup";
import { open, reachPromoDock, screenshot, sharedChromium, siteUrl } from "./helpers";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const CAMPAIGN = "e2e-low-vision";

/**
 * What axe leaves undecided and may stay so: text under an open popup or partly under a fixed
 * layer, text scrolled out of a carousel, star glyphs, an empty field. Everything else undecided (1:1, a gradient, an image or
 * a pseudo-element behind the text) counts as a failure: axe marks white on white «1:1» undecided.
 */
const UNDECIDED_AND_FINE = new Set(["elmPartiallyObscured", "elmPartiallyObscuring", "bgOverlap", "nonBmp", "emptyValue"]);

/** axe's contrast rule on the page as it is now: one line per element that fails or that axe could not decide. */
async function contrastProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: axePath });
  return page.evaluate(async (fine) => {
    type Node = { target: string[]; any: { message: string; data?: { messageKey?: string } | null }[] };
    type Result = { violations: { nodes: Node[] }[]; incomplete: { nodes: Node[] }[] };
    const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<Result> } }).axe;
    // the wheel's labels are SVG text on its sectors, which the stylesheet draws in the scheme; the svg is one image to axe
    const result = await axe.run({ exclude: [".wheel__svg"] }, { resultTypes: ["violations", "incomplete"], runOnly: { type: "rule", values: ["color-contrast"] } });
    const line = (node: Node) => `${node.target.join(" ")}: ${node.any[0]?.message ?? ""}`;
    return [
      ...result.violations.flatMap((rule) => rule.nodes.map(line)),
      ...result.incomplete.flatMap((rule) => rule.nodes.filter((node) => !fine.includes(node.any[0]?.data?.messageKey ?? "")).map((node) => `undecided ${line(node)}`)),
    ];
  }, [...UNDECIDED_AND_FINE]);
}

async function lowVisionContext(viewport: typeof DESKTOP, settings: LowVision): Promise<BrowserContext> {
  const baseURL = siteUrl();
  const context = await browser.newContext({ baseURL, viewport, bypassCSP: true, locale: "ru-RU", hasTouch: viewport === MOBILE });
  await context.addCookies([{ name: LOW_VISION_COOKIE, value: encodeLowVision(settings), url: baseURL }]);
  return context;
}

let browser: Browser;
let pages: string[];
let program: string;

beforeAll(async () => {
  const base = siteUrl();
  const put = await fetch(`${base}/ops/promos/${CAMPAIGN}`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${E2E_VARS.OPS_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ promo_code: "ZRENIE", redirect_url: "https://gift.mip.institute/course", is_active: true, show_sticky_bottom: true }),
  });
  expect(put.status).toBe(200);
  pages = await pageOfEachType(base);
  program = pages[PROGRAM_TYPE] as string;
  browser = await sharedChromium();
});

afterAll(async () => {
  await browser?.close();
});

const schemes: Scheme[] = ["white", "black", "blue"];

/** Switches the page to a scheme in place, as the settings bar does (the server renders the same classes). */
async function switchScheme(page: Page, scheme: Scheme): Promise<void> {
  const classes = lowVisionClasses({ size: 1, scheme, images: true, spacing: 0 });
  await page.evaluate((next) => {
    const root = document.documentElement;
    root.className = `${root.className.replace(/\b(low-vision|lv-[\w-]+)\b/g, "").trim()} ${next}`.trim();
  }, classes);
}

describe("every colour scheme («Чёрным по белому», «Белым по чёрному», «Тёмно-синим по голубому»)", () => {
  it("passes axe's contrast rule with the promo layers, the header's popups and the dialogs shown", { timeout: 120_000 }, async () => {
    const context = await lowVisionContext(DESKTOP, { size: 1, scheme: "white", images: true, spacing: 0 });
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    const check = async (name: string) => {
      for (const scheme of schemes) {
        await switchScheme(page, scheme);
        const problems = await contrastProblems(page);
        if (problems.length > 0) found[`${scheme}: ${name}`] = problems;
      }
    };
    // the layers every page shares: the campaign's banner, the discount bar, the wheel's launcher
    await open(page, `/?utm_campaign=${CAMPAIGN}`);
    await reachPromoDock(page);
    await page.getByRole("complementary", { name: "Акция" }).waitFor();
    await page.getByRole("complementary", { name: "Скидка" }).waitFor();
    await page.getByRole("button", { name: "Колесо фортуны" }).waitFor();
    await check("promo layers");
    await page.getByRole("button", { name: "Программы обучения" }).click();
    await page.locator(".program-menu__list:not([hidden])").waitFor();
    await check("program menu");
    await page.getByRole("button", { name: "Ещё" }).click();
    await page.locator(".institute-popup").waitFor();
    await check("institute popup");
    await page.getByRole("button", { name: "Версия для слабовидящих и вход в личный кабинет" }).click();
    await page.getByTestId("account-dropdown").waitFor();
    await check("account dropdown");
    await page.keyboard.press("Escape");
    await page.waitForSelector('[data-island="promo/FortuneWheel"][data-hydrated="true"]', { state: "attached" });
    await page.getByRole("button", { name: "Колесо фортуны" }).click();
    await page.locator("dialog.wheel[open]").waitFor();
    await check("wheel dialog");
    await screenshot(page, "low-vision-black-wheel");
    await page.keyboard.press("Escape");
    await page.locator("dialog.wheel[open]").waitFor({ state: "detached" });
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    await page.locator('[data-cta="chooseProgram"]').first().click();
    await page.locator("dialog.lead-popup[open] label").first().waitFor();
    await check("lead dialog");
    await switchScheme(page, "black");
    await screenshot(page, "low-vision-black-lead-dialog");
    await page.keyboard.press("Escape");
    await page.locator(".sticky-discount").scrollIntoViewIfNeeded();
    await screenshot(page, "low-vision-black-promo-layers");
    expect(found).toEqual({});
    await context.close();
  });

  // one test a page type, each with its own time: all of them in one test outran any fixed limit on a busy machine; the
  // types share one context, so a page after the first comes with the stylesheet, fonts and icons cached (a quarter of a page's CPU)
  // (opened before the tests: a context a test opens is closed when it ends, helpers.ts)
  let typesContext: BrowserContext;
  beforeAll(async () => {
    typesContext = await lowVisionContext(DESKTOP, { size: 1, scheme: "white", images: true, spacing: 0 });
  });
  it.each(PAGE_TYPES.map((type, index) => [String(type), index] as const))("passes axe's contrast rule on %s", async (_type, index) => {
    const page = await typesContext.newPage();
    const path = pages[index]!;
    const found: Record<string, string[]> = {};
    await page.goto(path, { waitUntil: "domcontentloaded" });
    for (const scheme of schemes) {
      await switchScheme(page, scheme);
      const problems = await contrastProblems(page);
      if (problems.length > 0) found[`${scheme}: ${path}`] = problems;
    }
    await page.close();
    expect(found).toEqual({});
  });
});

/** An element of each component, and where it is on a program page (the section menu and the modules are there). */
const samples = {
  "top menu": ".main-nav__list a",
  "mobile menu": ".mobile-menu__singles a",
  "section menu": ".in-page-nav a",
  "module label": ".curriculum__number",
  "hero title": ".detail-hero h1",
  "hero text": ".detail-hero__lead, .detail-hero p",
  button: ".detail-hero .btn",
  "header phone": ".header-phone__number",
  logo: ".logo__name",
  footer: ".footer-nav__list a, .footer-nav__toggle",
  "footer contacts": ".contact-card__title",
  "promo banner": ".promo-banner__text",
  "discount bar": ".sticky-discount__text",
  "discount bar button": ".sticky-discount__info",
  "lead dialog title": "dialog.lead-popup h2",
  "lead dialog field": "dialog.lead-popup label",
} as const;

type Sizes = Record<string, number>;

/** The computed font size of the first element of each sample named (NaN where there is none). */
async function fontSizes(page: Page, names: (keyof typeof samples)[]): Promise<Sizes> {
  const wanted: [string, string][] = names.map((name) => [name, samples[name]]);
  return page.evaluate(
    (list) =>
      Object.fromEntries(
        list.map(([name, selector]) => {
          const element = document.querySelector<HTMLElement>(selector);
          return [name, element ? Number.parseFloat(getComputedStyle(element).fontSize) : Number.NaN];
        }),
      ),
    wanted,
  );
}

/** Menus and bars whose content must wrap or scroll visibly, never be cut off: those wider than their box. */
async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const boxes = [".site-header__bar", ".main-nav__list", ".in-page-nav ul", ".lv-panel__inner", ".promo-banner__inner", ".sticky-discount__inner", ".mobile-menu__panel"];
    const cut: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) cut.push(`the page: ${root.scrollWidth} > ${root.clientWidth}`);
    for (const selector of boxes) {
      for (const element of document.querySelectorAll<HTMLElement>(selector)) {
        if (element.offsetParent === null && getComputedStyle(element).position !== "fixed") continue;
        if (element.scrollWidth > element.clientWidth + 1) cut.push(`${selector}: ${element.scrollWidth} > ${element.clientWidth}`);
      }
    }
    return cut;
  });
}

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
] as const)("the largest size on %s", (name, viewport) => {
  it("scales every text by the sizes' ratio and cuts nothing off", { timeout: 120_000 }, async () => {
    const measure = async (size: LowVision["size"]) => {
      const context = await lowVisionContext(viewport, { size, scheme: "white", images: true, spacing: 0 });
      const page = await context.newPage();
      await open(page, `${program}?utm_campaign=${CAMPAIGN}`);
      await reachPromoDock(page);
      await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
      await page.getByRole("complementary", { name: "Акция" }).waitFor();
      await page.getByRole("complementary", { name: "Скидка" }).waitFor();
      let sizes: Sizes = {};
      if (name === "mobile") {
        await page.getByRole("button", { name: "Открыть меню" }).click();
        await page.locator(".mobile-menu[open] .mobile-menu__singles a").first().waitFor();
        sizes = await fontSizes(page, ["mobile menu"]);
      }
      const cut = await cutOff(page);
      if (name === "mobile") await page.keyboard.press("Escape");
      await page.locator('[data-cta="programQuestion"]').first().click();
      await page.locator("dialog.lead-popup[open] label").first().waitFor();
      const shared = (Object.keys(samples) as (keyof typeof samples)[]).filter((sample) => sample !== "mobile menu" && (name === "desktop" || sample !== "top menu"));
      sizes = { ...sizes, ...(await fontSizes(page, shared)) };
      await page.keyboard.press("Escape");
      const root = await page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).fontSize));
      if (size === 3) await screenshot(page, `${name}-low-vision-largest`);
      await context.close();
      return { sizes, root, cut };
    };
    const normal = await measure(1);
    const largest = await measure(3);
    const ratio = largest.root / normal.root;
    expect(ratio).toBeGreaterThanOrEqual(1.5);
    const notScaled = Object.entries(normal.sizes)
      .filter(([sample, px]) => !(largest.sizes[sample]! >= px * ratio - 0.05))
      .map(([sample, px]) => `${sample}: ${px}px -> ${largest.sizes[sample]}px`);
    expect(notScaled).toEqual([]);
    expect(largest.cut).toEqual([]);
  });
});
