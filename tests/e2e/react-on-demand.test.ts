/**
 * Nothing runs before it is needed (issue 41): a page whose first screen has no island that must
 * be awake loads neither React nor any island's code until the visitor reaches for one. The
 * header, the calls to action and the lead popup wake on the first hover,
 * focus or touch (a click before is held and replayed: act-before-hydration.test.ts), and with
 * them the others that answer them; the promo dock at the page's end wakes a screen before the
 * visitor scrolls to it; a form (the application's, the 404 page's) on the visitor's first touch of
 * it, what was typed meanwhile kept (typing-before-hydration.test.ts); a seminar's seat count when
 * its live count, read without React, differs from the page's (the page may come from the edge
 * cache), and with it the ticket buttons.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { widths } from "../support/browser";
import { firstScreenSamples } from "../support/first-screen";
import manifest from "../../build/manifest.json";
import { fullStyleApplied, sharedChromium, siteUrl, wakeIslands } from "./helpers";

/** Every island's code. */
const ISLAND_CODE = /\/assets\/chunks\/([\w]+\.island)-[^/]*\.js$/;

/** React's chunks (its runtime, its core) but those the entry imports on every page (the bundler's helpers). */
let reactChunks: Set<string>;

/** The templates whose first screen holds no island that must be awake, and the 404 page. */
const RESTFUL = ["home", "program", "bachelor", "list", "article", "info", "form", "not found"];

let browser: Browser;
let samples: [string, string][];

beforeAll(async () => {
  browser = await sharedChromium();
  const entry = await (await fetch(new URL(manifest.entry, siteUrl()))).text();
  const withEntry = new Set([...entry.matchAll(/(?:from|import)\s*"(\/assets\/chunks\/[^"]+\.js)"/g)].map((match) => match[1]));
  reactChunks = new Set(manifest.react.filter((chunk) => !withEntry.has(chunk)));
  expect(reactChunks.size).toBeGreaterThan(1);
  samples = [...(await firstScreenSamples(siteUrl())), ["not found", "/net-takoj-stranicy"] as [string, string]].filter(([template]) => RESTFUL.includes(template));
});
afterAll(async () => {
  await browser?.close();
});

/** React's code and the islands' a page asks for, from the moment it is opened ("react-runtime", "react" for its core). */
function islandRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (reactChunks.has(path)) asked.push(path.includes("/react-runtime-") ? "react-runtime" : `react (${path})`);
    const match = ISLAND_CODE.exec(path);
    if (match) asked.push(match[1]!);
  });
  return asked;
}

/** The first seminar of the sitemap that is still to come (its page shows a count and ticket buttons). */
async function seminarSample(): Promise<string> {
  const sitemap = await (await fetch(new URL("/sitemap.xml", siteUrl()))).text();
  for (const [, path] of sitemap.matchAll(/<loc>[^<]*?(\/seminars\/[^<]+)<\/loc>/g)) {
    const html = await (await fetch(new URL(path!, siteUrl()))).text();
    if (html.includes('data-testid="tickets-left"')) return path!;
  }
  throw new Error("no seminar to come in the sitemap");
}

/** The page has loaded, its client has run, its stylesheet applies and the browser has been idle twice: what would wake at once has. */
async function settled(page: Page): Promise<void> {
  await page.waitForSelector("html.js", { state: "attached" });
  await fullStyleApplied(page);
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => requestIdleCallback(done, { timeout: 2000 }), { timeout: 2000 })));
}

describe.each(widths)("on %s", (_name, makeContext) => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await makeContext(browser, siteUrl());
  });
  afterAll(async () => {
    await context?.close();
  });

  it("a page whose first screen needs no island asks for no React and no island's code until the visitor reaches for one", async () => {
    expect(samples.map(([template]) => template)).toEqual(RESTFUL);
    const asked: Record<string, string[]> = {};
    for (const [template, path] of samples) {
      const page = await context.newPage();
      const requests = islandRequests(page);
      await page.goto(path);
      await settled(page);
      const hydrated = await page.locator("[data-hydrated]").count();
      if (requests.length > 0 || hydrated > 0) asked[`${template} ${path}`] = [...requests, `${hydrated} islands hydrated`];
      await page.close();
    }
    expect(asked).toEqual({});
  });

  it("the visitor's pointer over the header brings React, and the islands that answer one another wake with it", async () => {
    const page = await context.newPage();
    const requests = islandRequests(page);
    await page.goto("/");
    await settled(page);
    expect(requests).toEqual([]);
    await wakeIslands(page);
    expect(requests).toContain("react-runtime");
    // the lead popup a call to action opens
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    await page.close();
  });

  it("the application form wakes as the visitor's focus comes into it", async () => {
    const page = await context.newPage();
    const requests = islandRequests(page);
    await page.goto("/apply?cta=askQuestion");
    await settled(page);
    expect(requests).toEqual([]);
    await page.getByLabel("Имя *").focus();
    await page.waitForSelector('[data-island="forms/LeadForm"][data-hydrated="true"]', { state: "attached" });
    expect(requests).toContain("react-runtime");
    await page.close();
  });

  it("a seminar whose page shows the live count asks for no React; one whose seats changed since wakes its count and buttons", async () => {
    const seminar = await seminarSample();
    for (const [change, expected] of [
      [(shown: number) => ({ left: shown, held: 0 }), "asleep"],
      [() => ({ left: 0, held: 0 }), "sold out"],
      [(shown: number) => ({ left: shown, held: 2 }), "held"],
    ] as const) {
      const page = await context.newPage();
      const requests = islandRequests(page);
      // the live count's answer, as the server would give it after orders since the page was rendered
      await page.route("**/api/seminars/*/tickets", async (route) => {
        const answer = (await (await route.fetch()).json()) as { tickets_quantity: number; held: number };
        const shown = Number(await page.locator("[data-testid=tickets-left]").getAttribute("data-left"));
        const { left, held } = change(shown);
        await route.fulfill({ json: { ...answer, tickets_quantity: left, held } });
      });
      const answered = page.waitForResponse((response) => /\/api\/seminars\/[^/]+\/tickets$/.test(new URL(response.url()).pathname));
      await page.goto(seminar);
      await answered;
      await settled(page);
      const count = page.locator("[data-testid=tickets-left]");
      if (expected === "asleep") {
        expect(requests).toEqual([]);
        expect(await page.locator("[data-hydrated]").count()).toBe(0);
      } else if (expected === "sold out") {
        await expect.poll(() => count.getAttribute("data-left")).toBe("0");
        expect(await count.textContent()).toMatch(/^(Все билеты проданы|Мест нет)$/);
        // the hero's button (and the phone's bar's) now offer the waiting list
        await expect.poll(() => page.locator("[data-main-action]").textContent()).toBe("Записаться в лист ожидания");
      } else {
        await expect.poll(() => count.getAttribute("data-held")).toBe("2");
        expect(await count.textContent()).toContain("2 места забронированы");
      }
      await page.close();
    }
  });

  it("the discount bar at the page's end is there before the visitor scrolls to it", async () => {
    const page = await context.newPage();
    await page.goto("/programs");
    await settled(page);
    expect(await page.locator(".sticky-discount").count()).toBe(0);
    // scrolled until the dock is half a screen below the screen's bottom edge
    await page.evaluate(() => {
      const dock = document.querySelector(".promo-dock")!;
      window.scrollBy(0, dock.getBoundingClientRect().top - window.innerHeight * 1.5);
    });
    await page.locator(".sticky-discount").waitFor();
    const below = await page.evaluate(() => document.querySelector(".promo-dock")!.getBoundingClientRect().top - window.innerHeight);
    expect(below).toBeGreaterThan(0);
    await page.close();
  });
});
