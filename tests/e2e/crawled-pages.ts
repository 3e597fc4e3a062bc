/**
 * The pages a crawler reaches, for the validators (validators-*.test.ts): every page of the
 * sitemap, the pages outside it that crawlers and visitors still reach, and a sample of one page
 * per template; and a way to walk them in two browser tabs.
 */
import type { Browser, Page } from "playwright-core";
import type { DESKTOP } from "../support/browser";
import { siteUrl } from "./helpers";

/** Pages outside the sitemap that crawlers and visitors still reach: the forms, search and a 404. */
export const beyondSitemap = ["/apply", "/apply?cta=askQuestion", "/gratefull", "/search?q=психолог", "/search?q=щщщщщщ", "/programs?page=2", "/net-takoj-stranicy"];

/** A sitemap page's template: its first segment and its depth (`/professions/*\/*`); its pages differ in content only. */
export function template(path: string): string {
  const parts = path.split("/").filter(Boolean);
  return parts.length === 0 ? "/" : `/${parts[0]}${"/*".repeat(parts.length - 1)}`;
}

export interface CrawledPages {
  /** every page: the sitemap's (without its PDFs) and those beyond it */
  pages: string[];
  /** one page of each template, and every page outside the sitemap */
  samples: string[];
}

export async function crawledPages(): Promise<CrawledPages> {
  const xml = await (await fetch(`${siteUrl()}/sitemap.xml`)).text();
  const listed = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => {
    const url = new URL(m[1]!.replace(/&amp;/g, "&"));
    return url.pathname + url.search;
  });
  const sitemap = listed.filter((path) => !path.endsWith(".pdf"));
  const byTemplate = new Map<string, string>();
  for (const path of sitemap) if (!byTemplate.has(template(path))) byTemplate.set(template(path), path);
  return { pages: [...sitemap, ...beyondSitemap], samples: [...new Set([...byTemplate.values(), ...beyondSitemap])] };
}

/** Nothing may be wider than the screen: a phone would zoom the whole page out. */
export const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Two tabs work through the paths side by side, each finding what `check` finds. */
export async function visitAll(
  browser: Browser,
  paths: string[],
  options: { viewport: typeof DESKTOP; javaScriptEnabled: boolean },
  check: (page: Page, path: string) => Promise<string[]>,
): Promise<Record<string, string[]>> {
  const queue = [...paths];
  const found: Record<string, string[]> = {};
  const lane = async () => {
    const context = await browser.newContext({ baseURL: siteUrl(), bypassCSP: true, locale: "ru-RU", ...options });
    const page = await context.newPage();
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const list = await check(page, path);
      if (list.length > 0) found[`${options.viewport.width}px ${path}`] = list;
    }
    await context.close();
  };
  await Promise.all([lane(), lane()]);
  return found;
}
