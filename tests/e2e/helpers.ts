import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page, type Request } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
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

/**
 * The pages of one describe block's tests, all in one context of theirs (`make`, opened before the
 * block's first test and closed after its last), for tests that read what a page shows and keep
 * nothing of a visit: a page after the first comes from the context's cache, as a visitor's second
 * page does (with PT Sans from it: decision 094), for about a quarter less of Chromium's CPU than
 * in a fresh context. The pages a test opened are closed when it ends. Not for a test that needs a
 * cold cache or sets cookies: it opens a context of its own. A test here may route its page's
 * requests (`page.route` is the page's own, and turns its cache off). `opener` opens a
 * page (by default `open`: until its eager islands are awake).
 */
export function pagesOfOneContext(make: () => Promise<BrowserContext>, opener: (page: Page, path: string) => Promise<void> = open): (path: string) => Promise<Page> {
  let context: BrowserContext | undefined;
  const opened: Page[] = [];
  beforeAll(async () => {
    context = await make();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((page) => page.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await context?.close();
  });
  return async (path) => {
    if (!context) throw new Error("pagesOfOneContext: a page asked for outside a test of its block");
    const page = await context.newPage();
    opened.push(page);
    await opener(page, path);
    return page;
  };
}

/**
 * Opens a page and wakes its islands as a visitor reaching for the header does (`wakeIslands`),
 * once the helpers every page runs after its first paint (the progress bar, the lists' swap, the
 * prefetch: client/after-paint.ts) are in place.
 */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForSelector("html[data-after-paint]", { state: "attached" });
  await wakeIslands(page);
}

/**
 * Wakes the islands of the page that wait for the visitor, as a visitor's pointer over the header
 * does: React comes for the header, and the other islands that wait for an interaction wake with
 * it (src/client/hydrate.ts); resolves once the header has hydrated.
 */
export async function wakeIslands(page: Page): Promise<void> {
  await reachFor(page, "layout/Header");
}

/**
 * The visitor reaches for one island (a pointer over it), as a hand reaching for a form does: an
 * island that waits for an interaction wakes, and the others waiting with it (src/client/hydrate.ts);
 * resolves once it has hydrated.
 */
export async function reachFor(page: Page, island: string): Promise<void> {
  const selector = `[data-island="${island}"]`;
  // the client has run (its first act is the class), so its islands listen
  await page.waitForSelector("html.js", { state: "attached" });
  await page.dispatchEvent(`${selector} > *`, "pointerover");
  await page.waitForSelector(`${selector}[data-hydrated="true"]`, { state: "attached" });
}

/**
 * Scrolls to the promo dock at the page's end, as a visitor reading to the end does (its discount
 * bar and the wheel's launcher wake as it nears the screen: src/client/hydrate.ts), waits until
 * its islands are awake, and scrolls back to the top.
 */
export async function reachPromoDock(page: Page): Promise<void> {
  await page.waitForSelector("html.js", { state: "attached" });
  await page.evaluate(() => document.querySelector(".promo-dock")?.scrollIntoView({ block: "end" }));
  // a launcher the page's width hides (a phone's program page: decision 026) has no box to near and stays asleep
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>(".promo-dock > [data-island]")].every((island) => island.dataset.hydrated === "true" || (island.firstElementChild !== null && island.firstElementChild.getClientRects().length === 0)),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Waits until the full stylesheet applies: it is asked for after the first paint (client/full-style.ts),
 * so what only it styles (the low-vision panel's marks, a popup) is measured after it, not before it
 * came on a busy machine.
 */
export async function fullStyleApplied(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.includes("/assets/site-") && sheet.cssRules.length > 0));
}

/**
 * The site of this file's lane: files run two at a time, each against its own server, and
 * `VITEST_POOL_ID` (1, 2, …) tells which of the running files this is.
 */
export function siteUrl(): string {
  const urls = inject("baseUrls");
  const lane = Number(process.env.VITEST_POOL_ID ?? 1) - 1;
  return urls[lane % urls.length] as string;
}

/** Whether a test (or its `beforeEach`) runs now, rather than a file's `beforeAll`. */
let inTest = false;
/** The contexts opened by the running test, closed when it ends. */
const openedInTest = new Set<BrowserContext>();

/** A test begins: the contexts opened from now on are its own (tests/e2e/each-test.ts calls this before each test). */
export function testBegins(): void {
  inTest = true;
}

/** A test has ended: the contexts it opened are closed (tests/e2e/each-test.ts calls this after each test). */
export async function testEnded(): Promise<void> {
  inTest = false;
  const contexts = [...openedInTest];
  openedInTest.clear();
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
}

/**
 * The Chromium of the browser files (started once by setup.ts); closing what this returns closes
 * the file's contexts and lets go of it, not the browser the next file uses.
 *
 * A context opened by a test (or its `beforeEach`) is closed when the test ends, so a file's
 * earlier pages do not go on running beside its later tests (a spinner's animation, a promo's
 * countdown, hydration of pages nobody reads): the browser's CPU is most of a browser file's.
 * Contexts a file opens in `beforeAll` are its own to keep.
 */
export async function sharedChromium(): Promise<Browser> {
  const browser = await chromium.connect(inject("browserEndpoint"));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    if (inTest) openedInTest.add(context);
    return context;
  };
  return browser;
}


/**
 * What went wrong in the page's documents while a test waited: its console errors, uncaught
 * errors, failed requests and navigations, from now on. `explain(wait)` adds them to the message of
 * a wait that fails, with the requests still unanswered (a request that hangs fails nothing) and
 * what the page shows of its islands, so a timeout says what the page met instead of only that it
 * did not get there.
 */
export function pageTrouble(page: Page): { explain: <T>(wait: Promise<T>) => Promise<T> } {
  const lines: string[] = [];
  const pending = new Map<Request, number>();
  page.on("console", (message) => {
    if (message.type() === "error") lines.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => lines.push(`uncaught: ${error.message}`));
  page.on("request", (request) => pending.set(request, Date.now()));
  page.on("requestfinished", (request) => pending.delete(request));
  page.on("requestfailed", (request) => {
    pending.delete(request);
    lines.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ""}`);
  });
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) lines.push(`navigated: ${frame.url()}`);
  });
  /** The page's state when a wait failed; a page that no longer answers says so in a second. */
  const shown = () =>
    Promise.race([
      page.evaluate(
        () =>
          `html class "${document.documentElement.className}"; islands ${[...document.querySelectorAll<HTMLElement>("[data-island]")]
            .map((island) => `${island.dataset.island}${island.dataset.hydrated === "true" ? " awake" : ""}`)
            .join(", ")}`,
      ),
      new Promise<string>((resolve) => setTimeout(() => resolve("the page did not answer"), 1000)),
    ]).catch((error: unknown) => `the page could not be read: ${String(error)}`);
  return {
    explain: (wait) =>
      wait.catch(async (error: unknown) => {
        const now = Date.now();
        const unanswered = [...pending].map(([request, since]) => `unanswered for ${now - since} ms: ${request.method()} ${request.url()}`);
        throw new Error(`${error instanceof Error ? error.message : String(error)}\nthe page meanwhile:\n${[...lines, ...unanswered].join("\n") || "(nothing)"}\n${await shown()}`);
      }),
  };
}

/**
 * Counts the page's layout shifts (CLS's sum) from its first paint on, every page it loads: call
 * before `goto`, then read with `layoutShifts`. Shifts marked as after an input count too: the
 * tests that count touch nothing while they do, and a phone's emulation reports an input near the
 * first paint (`lastInputTime` about 100 ms), which would hide every shift of the first half second.
 */
export async function countLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const w = window as unknown as { __shifts: number; __shiftSources: string[] };
    w.__shifts = 0;
    w.__shiftSources = [];
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    const name = (node?: Node | null) => (node instanceof Element ? `${node.localName}${node.className && typeof node.className === "string" ? `.${node.className.trim().split(/\s+/).join(".")}` : ""}` : (node?.nodeName ?? "?"));
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; startTime: number; sources?: Source[] }[]) {
        w.__shifts += entry.value;
        for (const source of entry.sources ?? []) {
          w.__shiftSources.push(`${entry.value.toFixed(5)} at ${Math.round(entry.startTime)} ms: ${name(source.node)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`);
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** What moved, for a failure's message: each shift's value, time, element and its box before and after. */
export const shiftSources = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __shiftSources: string[] }).__shiftSources);

/** The sum of the shifts `countLayoutShifts` counted on the page loaded now. */
export const layoutShifts = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { __shifts: number }).__shifts);
