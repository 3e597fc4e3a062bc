/**
 * The first screen through the wall (issue 26, decision 041): the Russian ISPs let a page load
 * carry about its first 13 KB from Cloudflare, then drop the rest. Through the local model of that
 * wall (tests/support/wall-model.ts, 13,000 bytes per page load, all connections together), each
 * template's page must paint its first screen, styled, with its h1 and its main action (what shows at all came in those bytes: the rest never comes),
 * at a phone's width and a desktop's. And where the rest does arrive, the full stylesheet moves
 * nothing the first screen showed.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { widths } from "../support/browser";
import { firstScreenSamples, OWN_ACTION } from "../support/first-screen";
import { startTrickle, type Trickle } from "../support/trickle";
import { startWall, type Wall } from "../support/wall-model";
import { countLayoutShifts, layoutShifts, screenshot, shiftSources, sharedChromium, siteUrl } from "./helpers";

/** What the wall lets through of one page load (13 KB of 16 after the TLS handshake). */
const BUDGET = 13_000;

let browser: Browser;
let wall: Wall;
let trickle: Trickle;
/** One page of each template, the first the sitemap lists where a template has many. */
const samples: [string, string][] = [];

beforeAll(async () => {
  browser = await sharedChromium();
  wall = await startWall({ target: Number(new URL(siteUrl()).port), budget: BUDGET, mode: "visit" });
  trickle = await startTrickle({ target: Number(new URL(siteUrl()).port) });
  samples.push(...(await firstScreenSamples(siteUrl())));
});

afterAll(async () => {
  wall?.close();
  await trickle?.close();
});

/** Where the first screen's parts are, and whether the template's CSS styled them. */
function firstScreen(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) return null;
      const rect = element.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom, width: rect.width, visible: rect.width > 0 && rect.height > 0 };
    };
    return {
      h1: box("h1"),
      action: box("[data-main-action]") ?? box(".header-phone"),
      phone: box(".header-phone"),
      logo: box(".logo img"),
      // the reset and the header's layout come from the inlined CSS alone: the stylesheet never arrives
      bodyMargin: getComputedStyle(document.body).margin,
      headerDisplay: getComputedStyle(document.querySelector(".site-header__bar") ?? document.body).display,
      fullStyle: [...document.styleSheets].some((sheet) => sheet.href?.includes("/assets/site-") && sheet.cssRules.length > 0),
    };
  });
}

describe.each(widths)("through the wall at %s", (name, makeContext) => {
  it("every template paints its first screen, styled, with its h1 and its main action, from the first 13,000 bytes", async () => {
    for (const [template, path] of samples) {
      wall.reset();
      const context = await makeContext(browser, `http://127.0.0.1:${wall.port}`);
      const page = await context.newPage();
      // the load never ends: what the wall drops never comes, so what shows at all came in the first bytes; how soon is the
      // machine's (a 4 s budget here failed beside a second suite), so the waits are for the condition, long enough for a busy one
      await page.goto(path, { waitUntil: "commit" });
      await page.locator("h1").first().waitFor({ state: "visible", timeout: 30_000 });
      await screenshot(page, `wall-${template}-${name}`);
      // a page with an action of its own (home, the detail pages) names it; any other offers the header's phone
      const action = OWN_ACTION.has(template) ? "[data-main-action]" : ".header-phone";
      await page.locator(action).first().waitFor({ state: "visible", timeout: 30_000 });
      const seen = await firstScreen(page);
      const where = `${template} (${path}) at ${name}`;
      expect(seen.fullStyle, `${where}: the stylesheet came through the wall`).toBe(false);
      expect(seen.bodyMargin, where).toBe("0px");
      expect(seen.headerDisplay, where).toBe("flex");
      const height = page.viewportSize()!.height;
      for (const part of ["h1", "action", "phone", "logo"] as const) {
        const box = seen[part];
        expect(box?.visible, `${where}: ${part}`).toBe(true);
        expect(box!.bottom, `${where}: ${part} below the first screen`).toBeLessThanOrEqual(height);
      }
      await context.close();
    }
  });

  // A slow network, or a busy browser that paints a page it has half read (the trickle proxy cuts
  // the first 7,500 bytes of a body between elements, about every 300 bytes): each part that arrives may only add below or
  // beside what is shown. A right-aligned row, a centred column or columns shared out by count
  // would move what came before. Then the full stylesheet, held until the page has been read and
  // painted from its inlined CSS, moves nothing either.
  it("a page that arrives in pieces, and then its full stylesheet, move nothing it has shown", async () => {
    const shiftsOf = async ([template, path]: [string, string]) => {
      const context = await makeContext(browser, trickle.url);
      const page = await context.newPage();
      await countLayoutShifts(page);
      let release!: () => void;
      const late = new Promise<void>((resolve) => {
        release = resolve;
      });
      const fullStyle = /\/assets\/site-[^/]*\.css$/;
      await page.route(fullStyle, async (route) => {
        await late;
        await route.continue();
      });
      // the client asks for it after the first paint: held from then on, not let through before it is asked
      const asked = page.waitForRequest(fullStyle);
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await page.locator("h1").first().waitFor({ state: "visible" });
      await asked;
      release();
      await page.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.includes("/assets/site-")));
      await page.waitForLoadState("load");
      await page.waitForFunction(() => document.fonts.status === "loaded");
      const shifts = await layoutShifts(page);
      const sources = await shiftSources(page);
      await context.close();
      return { where: `${template} (${path}) at ${name}`, shifts, sources };
    };
    // two pages at a time: most of a page's time here is the trickle's pauses
    for (let i = 0; i < samples.length; i += 2) {
      for (const { where, shifts, sources } of await Promise.all(samples.slice(i, i + 2).map(shiftsOf))) {
        expect(shifts, `${where}: ${sources.join("; ")}`).toBeLessThan(0.001);
      }
    }
  });
});
