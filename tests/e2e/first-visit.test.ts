/**
 * The first visitor of a quiet edge (issue #18): a fresh isolate, the catalogue far away
 * (CATALOGUE_READ_DELAY_MS), and Chromium. The page's head arrives before the content is read, so
 * the browser asks for the stylesheet and the fonts while the Worker still waits for KV.
 */
import type { Browser, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../scripts/lib/wrangler";
import { desktopContext, launchChromium } from "../support/browser";
import { startOwnServer } from "./own-server";

/**
 * Far enough that the margin the test reads (the head's arrival to the page's last byte: one round
 * of catalogue reads since decision 031, at least half of this) dwarfs what a loaded two-core machine
 * adds between a byte's arrival and the parser.
 */
const DELAY_MS = 1200;
let server: DevServer;
let browser: Browser;

beforeAll(async () => {
  // started and asked for nothing but a static file: its isolate has never read content
  [server, browser] = await Promise.all([startOwnServer(19, { CATALOGUE_READ_DELAY_MS: String(DELAY_MS) }), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("a fresh isolate's first page, with every catalogue read 1.2 s away", () => {
  it("reaches the browser head first: the stylesheet and the fonts are requested before the page's last byte", async () => {
    const context = await desktopContext(browser, server.url);
    // the local runtime gzips an HTML answer for a browser that accepts it and sends nothing until the
    // stream ends (measured: the head's bytes left the Worker at once and reached the client with the
    // last byte); the browser is asked to take the page as it is, so the test reads the Worker's timing
    await context.setExtraHTTPHeaders({ "Accept-Encoding": "identity" });
    const page = await context.newPage();
    // the browser's own start is not the page's: a renderer for the site is running before the page is
    // asked for (a static file, which the Worker does not see), as it is for a visitor who typed the address
    await page.goto("/favicon.svg");
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    const response = await page.goto("/teachers", { waitUntil: "load" });
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Преподаватели" }).isVisible()).resolves.toBe(true);

    const document = response!.request().timing();
    // the first byte came before the content could have been read (the pointer and the current snapshot side by side), the last after
    expect(document.responseStart).toBeGreaterThan(0);
    expect(document.responseStart).toBeLessThan(DELAY_MS / 2);
    expect(document.responseEnd).toBeGreaterThanOrEqual(DELAY_MS);
    const documentEnd = document.startTime + document.responseEnd;
    const asked = (pattern: RegExp) => requests.find((request) => pattern.test(request.url()));
    for (const pattern of [/\/assets\/site-[\w-]+\.css$/, /\.woff2$/]) {
      const request = asked(pattern);
      expect(request, String(pattern)).toBeTruthy();
      expect(request!.timing().startTime, String(pattern)).toBeLessThan(documentEnd);
    }
    await context.close();
  });
});
