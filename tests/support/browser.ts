import type { Browser, BrowserContext } from "playwright-core";
import { headlessShellPath } from "../../scripts/ensure-chromium";

/** The browser tests' Chromium: Debian's headless shell (scripts/ensure-chromium.ts installs it). */
export const CHROMIUM_PATH = headlessShellPath;

/** Flags that keep Debian's chromium off the network (STACK.md). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

export function desktopContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: DESKTOP, locale: "ru-RU" });
}

export function mobileContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: "ru-RU" });
}

/** The two widths a browser test sees a page at: a desktop and a phone, each with its name for test titles and screenshots. */
export const widths = [
  ["desktop", desktopContext],
  ["mobile", mobileContext],
] as const;
