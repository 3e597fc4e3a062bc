/**
 * A visitor who presses a page's main button right after it loads, before its islands have woken
 * (issue 42: React error #418, a hydration mismatch, WebKit 5 of 5, Chromium 2 of 3). The click
 * is held and replayed once the button's island is awake; what it opens (the lead popup, the
 * header's program menu) may wake later. Here that island's code is held back until the button's
 * island is awake, as a slow phone's network would: it must hydrate with what the server rendered
 * and then open, with no React error. A main button in no island (the home page's, which opens the
 * program menu: decision 099) opens at once, and no island's code is asked for.
 */
import type { Browser, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstScreenSamples, OWN_ACTION } from "../support/first-screen";
import { desktopContext } from "../support/browser";
import { pageTrouble, screenshot, sharedChromium, siteUrl } from "./helpers";

let browser: Browser;
let samples: [string, string][];

beforeAll(async () => {
  browser = await sharedChromium();
  samples = (await firstScreenSamples(siteUrl())).filter(([template]) => OWN_ACTION.has(template));
});
afterAll(async () => {
  await browser?.close();
});

describe("the main button pressed at once, before the islands wake", () => {
  it.each([...OWN_ACTION])("on the %s page, opens what it opens with no React error", async (template) => {
    const path = samples.find(([name]) => name === template)?.[1];
    expect(path, `a sample page of the ${template} template`).toBeDefined();
    const page = await (await desktopContext(browser, siteUrl())).newPage();
    const trouble = pageTrouble(page);
    const reactErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /react/i.test(message.text())) reactErrors.push(message.text());
    });
    page.on("pageerror", (error) => reactErrors.push(error.message));
    // the islands the button's click lands in arrive once the button's island is awake
    const held: Route[] = [];
    let holding = true;
    await page.route(/\/assets\/chunks\/(LeadPopup|Header)\.island-[^/]*\.js/, (route) => (holding ? void held.push(route) : route.continue()));
    // every request for an island's code or React's, answered or not
    const asked: string[] = [];
    page.on("request", (request) => {
      if (/\.island-|react-runtime/.test(request.url())) asked.push(request.url());
    });
    await page.goto(path!);
    // the client has run (its first act is the class): the islands wait for their moment
    await page.waitForSelector("html.js", { state: "attached" });
    const inIsland = await page.locator("[data-main-action]").first().evaluate((element) => element.closest("[data-island]") !== null);
    await page.locator("[data-main-action]").first().click();
    if (inIsland) {
      const awake = () => document.querySelector("[data-main-action]")?.closest<HTMLElement>("[data-island]")?.dataset.hydrated === "true";
      // the press of a button whose click opens something here (data-replay) is held, never followed
      await trouble.explain(page.waitForFunction(awake, undefined, { timeout: 30_000 }));
      expect(new URL(page.url()).pathname).toBe(path);
    }
    holding = false;
    for (const route of held.splice(0)) await route.continue();
    // the popup or the program menu
    await trouble.explain(
      page.waitForFunction(() => document.querySelector("dialog.lead-popup[open] .modal__title") !== null || document.getElementById("program-menu")?.matches(":popover-open") === true, undefined, { timeout: 30_000 }),
    );
    expect(new URL(page.url()).pathname).toBe(path);
    if (inIsland) {
      // what opened has woken, hydrated or rendered afresh: a mismatch has been reported by now
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('[data-island="forms/LeadPopup"], [data-island="layout/Header"]')].every((island) => island.dataset.hydrated === "true"), undefined, { timeout: 30_000 });
    } else {
      // it opened without React: no island's code was asked for
      expect(asked).toEqual([]);
    }
    await screenshot(page, `act-before-hydration-${template}`);
    expect(reactErrors).toEqual([]);
  });
});
