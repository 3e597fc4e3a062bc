import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { widths } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { open, reachPromoDock, sharedChromium, siteUrl } from "./helpers";

/**
 * Issue 28 point 4: a fact the site states on several pages comes from one place in the content
 * and reads the same everywhere. What the server writes is tests/worker/figures.test.ts; here is
 * the discount bar, which the browser draws.
 */
const { site } = defaultCatalogue();

let browser: Browser;
beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(widths)("on %s", (_name, makeContext) => {
  it("the discount bar shows the one discount figure and names what it covers", async () => {
    const page = await (await makeContext(browser, siteUrl())).newPage();
    await open(page, "/programs");
    await reachPromoDock(page);
    const bar = page.getByRole("complementary", { name: "Скидка" });
    await bar.waitFor();
    await expect.poll(() => bar.textContent()).toContain(site.discountCovers.text);
    await expect.poll(() => bar.locator('[data-fact="discount"]').textContent()).toBe(site.discount);
  });
});
