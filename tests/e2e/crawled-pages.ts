/**
 * The pages a crawler reaches (scripts/lib/crawled-pages.ts) on the lane's site, for the validators
 * (tests/http/validators.test.ts and validators-axe.test.ts), and a way to walk them in browser tabs.
 */
import type { BrowserContext, Page } from "playwright-core";
import type { DESKTOP } from "../support/browser";
import { crawledPages as crawlSite } from "../../scripts/lib/crawled-pages";
import { siteUrl } from "./helpers";

export {  type CrawledPages,  statusOf,  } from "../../scripts/lib/crawled-pages";

/** The pages of the lane's site a crawler reaches. */
export const crawledPages = () => crawlSite(siteUrl());

/** Nothing may be wider than the screen: a phone would zoom the whole page out. */
export const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Tabs of one browser context work through the paths side by side, each finding what `check`
 * finds; `prepare` readies each tab once (its width, what it blocks).
 */
export async function visitAll(
  context: BrowserContext,
  paths: string[],
  options: { viewport: typeof DESKTOP; tabs?: number; prepare?: (page: Page) => Promise<unknown> },
  check: (page: Page, path: string) => Promise<string[]>,
): Promise<Record<string, string[]>> {
  const queue = [...paths];
  const found: Record<string, string[]> = {};
  const tab = async () => {
    const page = await context.newPage();
    await page.setViewportSize(options.viewport);
    await options.prepare?.(page);
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const list = await check(page, path);
      if (list.length > 0) found[`${options.viewport.width}px ${path}`] = list;
    }
    await page.close();
  };
  await Promise.all(Array.from({ length: options.tabs ?? 2 }, tab));
  return found;
}
