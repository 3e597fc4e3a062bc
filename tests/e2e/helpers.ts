import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { root } from "../../scripts/lib/wrangler";

const shots = join(root, "test-results/screenshots");

/** Saves a screenshot for a person to look at (test-results/screenshots). */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage });
}

/** Opens a page and waits until its eager islands have hydrated. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForSelector('[data-island="layout/Header"][data-hydrated="true"]', { state: "attached" });
}

export const isVisible = (page: Page, selector: string) => page.locator(selector).isVisible();

/**
 * The site of this file's lane: files run two at a time, each against its own server, and
 * `VITEST_POOL_ID` (1, 2, …) tells which of the running files this is.
 */
export function siteUrl(): string {
  const urls = inject("baseUrls");
  const lane = Number(process.env.VITEST_POOL_ID ?? 1) - 1;
  return urls[lane % urls.length] as string;
}
