import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import manifest from "../../build/manifest.json";
import { desktopContext, mobileContext } from "../support/browser";
import { open, sharedChromium, siteUrl } from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("moving between pages", () => {
  it("runs the progress bar from the click on a link until the next page has loaded", async () => {
    const context = await desktopContext(browser, siteUrl());
    const page = await context.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // the home page is held back, and not prefetched, so the navigation takes as long as the test says
    await page.route(`${siteUrl()}/`, async (route) => {
      if (!route.request().isNavigationRequest()) return route.abort();
      await held;
      await route.continue();
    });
    await open(page, "/net-takoj-stranicy");
    // a script click, read at once: playwright's own waits would wait for the navigation the test holds
    const bar = await page.locator(".status-page").getByRole("link", { name: "На главную" }).evaluate((link: HTMLElement) => {
      link.click();
      return document.getElementById("route-progress")?.className;
    });
    expect(bar).toBe("route-progress is-running");
    release();
    await page.waitForURL((url) => url.pathname === "/");
    await page.waitForSelector("#route-progress", { state: "detached" });
  });

  it("prefetches site links as they come within 200px of the viewport, and not before", async () => {
    const context = await desktopContext(browser, siteUrl());
    const page = await context.newPage();
    await open(page, "/");
    const prefetched = () => page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((l) => new URL(l.href).pathname));
    await page.waitForFunction(() => document.querySelectorAll('link[rel="prefetch"]').length > 0);
    expect(await prefetched()).toContain("/teachers");
    expect(await prefetched()).not.toContain("/rating");
    await page.locator(".site-footer").scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].some((l) => l.href.endsWith("/rating")));
  });

  it("serves the hashed client assets as immutable for a year", async () => {
    const response = await fetch(`${siteUrl()}${manifest.entry}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});

describe("an island's scripts", () => {
  it("are asked for together when it starts to wake, not one import at a time (decision 037)", async () => {
    const context = await desktopContext(browser, siteUrl());
    const page = await context.newPage();
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/assets/chunks/")) asked.push(new URL(request.url()).pathname);
    });
    // the island of a program page's popup form, which wakes with the first click on a call to action
    await open(page, "/professions/konsultirovanie/psiholog-konsultant");
    const preloaded = () => page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname));
    await page.locator('[data-island="forms/LeadPopup"]').dispatchEvent("pointerover");
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    const imports = manifest.islands["forms/LeadPopup"].slice(1);
    expect(imports.length).toBeGreaterThan(3);
    // the page as sent names none of them (the island waits); when it wakes, every chunk it imports is named at once, and fetched once
    const sent = await (await fetch(`${siteUrl()}/professions/konsultirovanie/psiholog-konsultant`)).text();
    expect(imports.filter((chunk) => sent.includes(chunk))).toEqual([]);
    expect(await preloaded()).toEqual(expect.arrayContaining(imports));
    for (const chunk of imports) expect(asked.filter((path) => path === chunk), chunk).toEqual([chunk]);
    await context.close();
  });
});

describe("the first paint", () => {
  /** Whether an icon's <use> found a shape to draw: its box is empty when its symbol is nowhere. */
  const drawn = (use: Element) => (use as SVGGraphicsElement).getBBox().width > 0;

  it("waits for no request but the page's: the client comes once it is on screen, the icons from the page (decision 063)", async () => {
    const context = await mobileContext(browser, siteUrl());
    const page = await context.newPage();
    await open(page, "/");
    const { paint, late } = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      late: performance
        .getEntriesByType("resource")
        .filter((entry) => /^\/assets\/(client-|chunks\/|media\/icons-)/.test(new URL(entry.name).pathname))
        .map((entry) => [new URL(entry.name).pathname, entry.startTime] as const),
    }));
    expect(paint).toBeGreaterThan(0);
    expect(late.some(([path]) => path.startsWith("/assets/client-")), "the client came").toBe(true);
    // the client, its chunks and the sprite (for an icon the browser draws) are asked for after the first contentful paint
    for (const [path, start] of late) expect(start, path).toBeGreaterThan(paint);
    // the footer's icons draw from the symbols at the page's end
    const footerIcon = page.locator(".site-footer svg.icon use").first();
    await expect.poll(() => footerIcon.getAttribute("href")).toMatch(/^#icon-/);
    await expect.poll(() => footerIcon.evaluate(drawn)).toBe(true);

    // the mobile menu is drawn by the server (it opens without React): its icons draw from the page's symbols too
    await page.getByRole("button", { name: "Открыть меню" }).click();
    const menuClose = page.locator(".mobile-menu[open] .close-btn svg.icon use");
    await expect.poll(() => menuClose.getAttribute("href")).toBe("#icon-close");
    await expect.poll(() => menuClose.evaluate(drawn)).toBe(true);
    await page.keyboard.press("Escape");

    // an icon the browser draws where the page has no symbol of it (the close button of the header's
    // search, once it opens, its symbol taken away) takes its shape from the sprite
    await page.evaluate(() => document.getElementById("icon-close")?.remove());
    await page.locator(".site-header").getByRole("button", { name: "Открыть поиск" }).click();
    const closeIcon = page.locator(".site-header .header-search__clear svg use");
    await expect.poll(() => closeIcon.getAttribute("href")).toMatch(/^\/assets\/media\/icons-[0-9A-F]{8}\.svg#close$/);
    await page.waitForFunction(() => {
      const use = document.querySelector(".site-header .header-search__clear svg use");
      return use instanceof SVGGraphicsElement && use.getBBox().width > 0;
    });
  });
});
