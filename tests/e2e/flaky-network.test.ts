/**
 * A phone whose connection drops a request now and then: a script chunk that fails to load once is
 * asked again, so the island still hydrates and the lead form still opens.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import manifest from "../../build/manifest.json";
import { encodeLowVision, LOW_VISION_COOKIE } from "../../src/services/low-vision";
import { desktopContext, mobileContext } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { sharedChromium, siteUrl } from "./helpers";

let browser: Browser;
const program = defaultCatalogue().programs.find((p) => p.slug === "psiholog-konsultant");
const programPath = `/professions/${program?.studyFieldSlug}/${program?.slug}`;

beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Fails the first request for each matching script, as a dropped connection would; lets the later ones through. */
async function dropFirst(page: Page, pattern: RegExp): Promise<string[]> {
  const dropped: string[] = [];
  await page.route(pattern, (route) => {
    const url = new URL(route.request().url()).pathname;
    if (dropped.includes(url)) return route.continue();
    dropped.push(url);
    return route.abort("connectionreset");
  });
  return dropped;
}

describe("a script that fails to load once", () => {
  it("the lead popup's island and its form are asked again, and the form opens from a CTA", async () => {
    const page = await (await desktopContext(browser, siteUrl())).newPage();
    const popupChunk = manifest.islands["forms/LeadPopup"][0] as string;
    const dropped = await dropFirst(page, /\/assets\/chunks\/(LeadPopup\.island|LeadForm)-[^/]*\.js$/);
    await page.goto(programPath);
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached", timeout: 30_000 });
    expect(dropped).toEqual([popupChunk]);

    await page.locator('[data-cta="signUpForProfession"]').first().click();
    const dialog = page.locator("dialog.lead-popup[open]");
    await dialog.getByLabel("Имя *").waitFor({ timeout: 30_000 });
    expect(dropped).toHaveLength(2);
    expect(dropped[1]).toMatch(/\/LeadForm-[^/]*\.js$/);
  });
});

describe("a script that never came", () => {
  it("an island that hydrates at once wakes up when the visitor reaches for it", async () => {
    const context = await mobileContext(browser, siteUrl());
    const url = new URL(siteUrl());
    await context.addCookies([{ name: LOW_VISION_COOKIE, value: encodeLowVision({ size: 1, scheme: "white", images: true, spacing: 0 }), domain: url.hostname, path: "/" }]);
    const page = await context.newPage();
    // the connection drops the panel's chunk until the visitor reaches for the panel
    let dropping = true;
    const asked: boolean[] = [];
    await page.route(/\/assets\/chunks\/LowVisionPanel\.island-[^/]*\.js$/, (route) => {
      asked.push(dropping);
      return dropping ? route.abort("connectionreset") : route.continue();
    });
    // the island's own report once it gives up (hydrate.ts), not the browser's line for each failed request
    const gaveUp = page.waitForEvent("console", { predicate: (message) => /dynamically imported module/.test(message.text()), timeout: 30_000 });
    await page.goto("/contacts");
    await gaveUp;
    // each load is tried three times (load-chunk.ts), then left until the visitor comes
    expect(asked).toEqual([true, true, true]);
    dropping = false;
    const panel = page.getByRole("region", { name: "Настройки версии для слабовидящих" });
    await panel.getByRole("button", { name: "А размер 3" }).tap();
    await page.waitForSelector('[data-island="layout/LowVisionPanel"][data-hydrated="true"]', { state: "attached" });
    // the tap that woke it is not lost: the size it asked for applies
    await expect(page.locator("html").getAttribute("class")).resolves.toContain("lv-size-3");
  });

  it("a click held for an island whose code never comes is given back: the link goes", async () => {
    const page = await (await desktopContext(browser, siteUrl())).newPage();
    // the header holds a click until it has woken (it wakes on interaction or when idle); its code never comes
    await page.route(/\/assets\/chunks\/Header\.island-[^/]*\.js$/, (route) => route.abort("connectionreset"));
    await page.goto("/");
    // the client has run (its first act is the class): the header's islands listen for the first interaction
    await page.waitForSelector("html.js", { state: "attached" });
    const gaveUp = page.waitForEvent("console", { predicate: (message) => /dynamically imported module/.test(message.text()), timeout: 30_000 });
    // the click starts a round of tries (1 s and 3 s apart) and is held; when they fail, the browser follows the link itself
    await page.locator(".site-header").getByRole("link", { name: "Преподаватели" }).click();
    await gaveUp;
    await page.waitForURL((url) => url.pathname === "/teachers", { timeout: 30_000 });
  });
});
