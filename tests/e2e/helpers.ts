import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { inject } from "vitest";
import { root } from "../../scripts/lib/wrangler";

const shots = join(root, "test-results/screenshots");

/**
 * Saves a screenshot for a person to look at (test-results/screenshots), as JPEG: a fifth of a
 * PNG's time to encode (50-80 ms against 250-380 ms a screen here), and 90 of them a run.
 */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.jpg`), fullPage, quality: 85 });
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

/**
 * The Chromium of the browser files (started once by setup.ts); closing what this returns closes
 * the file's contexts and lets go of it, not the browser the next file uses.
 */
export function sharedChromium(): Promise<Browser> {
  return chromium.connect(inject("browserEndpoint"));
}

