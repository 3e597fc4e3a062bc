import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import manifest from "../../build/manifest.json";
import { desktopContext } from "../support/browser";
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
