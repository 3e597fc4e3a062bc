import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desktopContext, mobileContext } from "../support/browser";
import { open, screenshot, sharedChromium, siteUrl } from "./helpers";

let browser: Browser;

beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function footerPage(mobile: boolean): Promise<Page> {
  const context = await (mobile ? mobileContext : desktopContext)(browser, siteUrl());
  const page = await context.newPage();
  await open(page, "/");
  await page.locator(".site-footer").scrollIntoViewIfNeeded();
  // the client's entry marks <html> in the same task that makes the columns an accordion
  await page.waitForSelector("html.js", { state: "attached" });
  return page;
}

const listVisible = (page: Page, index: number) => page.locator(`#footer-column-${index}`).isVisible();

describe("the footer", () => {
  it("shows all three columns, the contacts and the legal links on desktop", async () => {
    const page = await footerPage(false);
    for (const index of [0, 1, 2]) await expect.poll(() => listVisible(page, index)).toBe(true);
    await expect.poll(() => page.locator(".legal-links a").count()).toBe(6);
    const licence = page.getByRole("link", { name: "Государственная лицензия" });
    await expect.poll(() => licence.getAttribute("target")).toBe("_blank");
    await page.locator(".site-footer").screenshot({ path: "test-results/screenshots/desktop-footer.jpg", quality: 85 });
  });

  it("is an accordion on mobile: one column open at a time, clicking the open one closes it", async () => {
    const page = await footerPage(true);
    for (const index of [0, 1, 2]) await expect.poll(() => listVisible(page, index)).toBe(false);
    const toggle = (name: string) => page.locator(".footer-nav__toggle", { hasText: name });
    await toggle("Институт").click();
    await expect.poll(() => listVisible(page, 0)).toBe(true);
    await toggle("Направления").click();
    await expect.poll(() => listVisible(page, 0)).toBe(false);
    await expect.poll(() => listVisible(page, 1)).toBe(true);
    await screenshot(page, "mobile-footer-open");
    await toggle("Направления").click();
    for (const index of [0, 1, 2]) await expect.poll(() => listVisible(page, index)).toBe(false);
  });
});
