/**
 * `npm run test:firefox`: what issue 42 found in Firefox (points 3, 4 and 5), checked in Gecko at a
 * phone's width (390 x 844), driven headless over WebDriver BiDi by puppeteer-core with Debian's
 * `firefox-esr` (decision 091; no geckodriver, no browser download). Not in `npm test`, as WebKit's
 * runner is not (decision 059): a second browser stack for a few checks the Chromium tests hold too.
 *
 * 1. A lost script is fetched again: the first request for the lead popup island's chunk fails; the
 *    island still wakes, a retry the network answers, and the page's main button opens the popup.
 * 2. The main button pressed the moment it is in the DOM, and the moment the client runs (before its
 *    island wakes), on the home, program, bachelor and seminar pages: what it opens opens, with no
 *    React error.
 * 3. No word of a card broken inside on /, /programs, /bachelor, /lectorium and /teachers.
 * 4. The low-vision version switched on, then off on another page: a page loaded while it was on
 *    comes back ordinary (opened again and by history); then at its largest size no page of any
 *    type is wider than the screen, in any colour scheme.
 * 5. The burger opens the mobile menu without React (decision 096), its sections and its close button
 *    work; on a desktop the program menu's button opens its popover without React (decision 097),
 *    under the button, a hovered type lists its programs, Escape closes it.
 *
 * FIREFOX_BASE names a running site; without it the script builds (as the browser tests do) and
 * starts one on a free port. FIREFOX_PATH moves the browser (/usr/bin/firefox-esr). Every wait is on
 * a condition in the page, with a deadline. Screenshots land in test-results/firefox/.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import puppeteer, { type Browser, type HTTPRequest, type Page } from "puppeteer-core";
import { encodeLowVision, LOW_VISION_COOKIE, lowVisionClasses, type Scheme } from "../../src/services/low-vision";
import { type DevServer, root } from "../../scripts/lib/wrangler";
import { buildOnce, startSite } from "../e2e/setup";
import { DESKTOP, MOBILE } from "../support/browser";
import { firstScreenSamples, OWN_ACTION } from "../support/first-screen";
import { freePortBlock } from "../support/free-ports";
import { brokenWords, overflowing } from "../support/page-checks";
import { PROGRAM_TYPE, pageOfEachType } from "../support/page-types";

const FIREFOX = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
const shots = join(root, "test-results/firefox");
const started = Date.now();

/**
 * An in-page check as source the browser runs: what tsx compiles a function to may call helpers of
 * its own (`__name`) the page does not have, so the function goes over as `return (fn)()`, which
 * needs only the page (tests/support/page-checks.ts keeps each check self-contained).
 */
const inPage = <T>(page: Page, check: () => T): Promise<T> => page.evaluate(new Function(`return (${check.toString()})()`) as () => T);

/** Evaluates `script` (an expression) in the page until it is truthy, through navigations, or fails after `ms` naming `what`. */
async function until(page: Page, what: string, script: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  let last = "";
  for (;;) {
    try {
      if (await page.evaluate(new Function(`return Boolean(${script})`) as () => boolean)) return;
    } catch (error) {
      // a document going away mid-call (a reload, a navigation): asked again in the next one
      last = String(error);
    }
    if (Date.now() > deadline) throw new Error(`Firefox: ${what} did not happen within ${ms} ms${last ? ` (last error: ${last})` : ""}\n${await shown(page)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What the page shows of itself, for a failure's message. */
async function shown(page: Page): Promise<string> {
  try {
    return await page.evaluate(
      () =>
        `at ${location.pathname}${location.search}; html class "${document.documentElement.className}"; islands ${[...document.querySelectorAll<HTMLElement>("[data-island]")]
          .map((island) => `${island.dataset.island}${island.dataset.hydrated === "true" ? " awake" : ""}`)
          .join(", ")}`,
    );
  } catch (error) {
    return `the page could not be read: ${String(error)}`;
  }
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

function passed(line: string): void {
  console.log(`ok  ${line}`);
}

/**
 * A page in a context of its own (its own cookies and cache) at a phone's size and pixel ratio.
 * Firefox over BiDi takes the size and the ratio; it gives the page no touch events (no
 * `ontouchstart`, `maxTouchPoints` 0), so the presses here are a mouse's.
 */
async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ ...MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await page.goto("about:blank");
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  check(width === MOBILE.width, `the page is laid out ${width} px wide, not ${MOBILE.width}`);
  return page;
}

/** The page's console errors and uncaught errors from now on. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error instanceof Error ? error.message : String(error)}`));
  return errors;
}

const REACT_ERROR = /#418|hydrat|Minified React error|react/i;

async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`) as `${string}.png`, fullPage });
}

/** Opens `path` and wakes its islands as a visitor reaching for the header does (`wakeIslands`). */
async function open(page: Page, base: string, path: string): Promise<void> {
  await page.goto(`${base}${path}`, { waitUntil: "domcontentloaded" });
  await wakeIslands(page, path);
}

/**
 * Wakes the page's islands as a visitor's pointer over the header does (src/client/hydrate.ts:
 * React comes with the first island reached for, and the islands that wait for the visitor wake
 * with it), once the client has run; resolves when the header is awake.
 */
async function wakeIslands(page: Page, path: string): Promise<void> {
  await until(page, `the client of ${path} running`, `document.documentElement.classList.contains("js")`);
  await page.evaluate(() => document.querySelector('[data-island="layout/Header"] > *')?.dispatchEvent(new PointerEvent("pointerover", { bubbles: true })));
  await until(page, `the header of ${path} awake`, `document.querySelector('[data-island="layout/Header"]')?.dataset.hydrated === "true"`);
}

const POPUP_CHUNK = /\/assets\/chunks\/LeadPopup\.island-[^/?]*\.js(\?.*)?$/;

/** Point 4: the first request for the popup island's chunk is lost; the island wakes from a retry that reached the network. */
async function lostScript(browser: Browser, base: string, program: string): Promise<void> {
  const page = await phonePage(browser);
  const errors = errorsOf(page);
  const asked: string[] = [];
  await page.setRequestInterception(true);
  page.on("request", (request: HTTPRequest) => {
    const url = new URL(request.url());
    if (!POPUP_CHUNK.test(url.pathname + url.search)) return void request.continue();
    asked.push(url.pathname + url.search);
    return void (asked.length === 1 ? request.abort("connectionreset") : request.continue());
  });
  // what the server answered for the chunk, and whether the browser took it from its cache
  const answered: string[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (POPUP_CHUNK.test(url.pathname + url.search) && response.ok() && !response.fromCache()) answered.push(url.pathname + url.search);
  });
  await page.goto(`${base}${program}`, { waitUntil: "domcontentloaded" });
  await wakeIslands(page, program);
  await until(page, "the popup's island waking after its chunk was lost", `document.querySelector('[data-island="forms/LeadPopup"]')?.dataset.hydrated === "true"`, 30_000);
  check(asked.length >= 2, `the popup's chunk was asked ${asked.length} time(s): ${asked.join(", ")}`);
  check(answered.some((address) => address !== asked[0] || asked.filter((a) => a === address).length > 1), `no retry of the popup's chunk was answered by the network (answered: ${answered.join(", ") || "none"})`);
  passed(`lost script: the first request (${asked[0]}) lost, asked again as ${asked.slice(1).join(", ")} and answered by the network, the popup's island awake`);
  // the page laid out for good (a press aimed before a late shift lands beside the button)
  await until(page, "the program page loaded", `document.readyState === "complete" && document.fonts.status === "loaded"`);
  await page.click("[data-main-action]");
  await until(page, "the popup opening from the main button", `document.querySelector("dialog.lead-popup")?.open && document.querySelector('dialog.lead-popup input[name="name"]')`);
  await screenshot(page, "lost-script-popup-390");
  const react = errors.filter((line) => REACT_ERROR.test(line));
  check(react.length === 0, `React errors after a lost chunk: ${react.join("; ")}`);
  passed("lost script: the main button opens the lead popup");
  await page.browserContext().close();
}

/**
 * Point 5: the main button pressed the moment it is in the DOM (`moment` "dom": before the client
 * runs, so a link goes as it would without JavaScript) or the moment the client has run ("client":
 * the island not awake yet, the click held and replayed; React's #418 in WebKit and Chromium, issue
 * 42); what it opens opens, with no React error.
 */
async function actBeforeHydration(browser: Browser, base: string, template: string, path: string, moment: "dom" | "client"): Promise<void> {
  const page = await phonePage(browser);
  const errors = errorsOf(page);
  // as a slow phone's network would: the islands the press lands in come once the button's island is awake
  const held: HTTPRequest[] = [];
  let holding = true;
  await page.setRequestInterception(true);
  page.on("request", (request: HTTPRequest) => {
    if (holding && /\/assets\/chunks\/(LeadPopup|Header)\.island-[^/]*\.js/.test(request.url())) held.push(request);
    else void request.continue();
  });
  // not awaited: the press comes while the page loads (a followed link ends this navigation early)
  const loading = page.goto(`${base}${path}`, { waitUntil: "load" }).catch(() => undefined);
  const ready = moment === "dom" ? `document.querySelector("[data-main-action]") !== null` : `document.querySelector("[data-main-action]") !== null && document.documentElement.classList.contains("js")`;
  await until(page, `the main button of ${path} in the DOM${moment === "client" ? " and the client running" : ""}`, ready);
  const awakeScript = `document.querySelector("[data-main-action]")?.closest("[data-island]")?.dataset.hydrated === "true"`;
  const state = await page.evaluate(() => {
    const island = document.querySelector("[data-main-action]")?.closest<HTMLElement>("[data-island]");
    return { client: document.documentElement.classList.contains("js"), island: island?.dataset.island ?? "none", awake: island?.dataset.hydrated === "true" };
  });
  const when = `${state.client ? "with the client running" : "before the client ran"}, its island (${state.island}) ${state.awake ? "awake" : "not awake"}`;
  await page.click("[data-main-action]");
  await until(page, `the main button's island on ${path} awake (or its link followed)`, `location.pathname !== ${JSON.stringify(path)} || ${awakeScript}`, 30_000);
  holding = false;
  // the document that asked for some of them may be gone (a followed link)
  for (const request of held.splice(0)) await request.continue().catch(() => undefined);
  await until(
    page,
    `what the main button of ${path} opens`,
    `location.pathname !== ${JSON.stringify(path)} || document.querySelector("dialog.lead-popup[open] .modal__title") !== null || document.getElementById("program-menu")?.matches(":popover-open") === true`,
    30_000,
  );
  // on the page pressed on (a followed link's page loads no React until its visitor reaches for an island)
  await until(
    page,
    "the popup's and the header's islands awake",
    `location.pathname !== ${JSON.stringify(path)} || [...document.querySelectorAll('[data-island="forms/LeadPopup"], [data-island="layout/Header"]')].every((island) => island.dataset.hydrated === "true")`,
    30_000,
  );
  await loading;
  const opened = await page.evaluate(() =>
    document.querySelector("dialog.lead-popup[open]") ? "the lead popup" : document.getElementById("program-menu")?.matches(":popover-open") ? "the program menu" : `the page ${location.pathname}`,
  );
  if (template === "program") await screenshot(page, `act-before-hydration-${moment}-program-390`);
  const react = errors.filter((line) => REACT_ERROR.test(line));
  check(react.length === 0, `React errors on ${path} after the main button pressed at once: ${react.join("; ")}`);
  passed(`acting before hydration: ${template} (${path}) pressed ${when}, opens ${opened}, no React error`);
  await page.browserContext().close();
}

/** Point 5: no word of a card broken inside at 390 px. */
async function wordsWhole(browser: Browser, base: string): Promise<void> {
  const page = await phonePage(browser);
  for (const path of ["/", "/programs", "/bachelor", "/lectorium", "/teachers"]) {
    await open(page, base, path);
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    const broken = await inPage(page, brokenWords);
    if (path === "/" || broken.length > 0) await screenshot(page, `words${path.replace(/\W+/g, "-")}390`, true);
    check(broken.length === 0, `words broken inside on ${path} at 390 px: ${broken.join("; ")}`);
    passed(`no word broken inside: ${path}`);
  }
  await page.browserContext().close();
}

const isLowVision = `document.documentElement.classList.contains("low-vision")`;

/** Point 3: the version switched on, then off on another page; a page loaded while it was on comes back ordinary. */
async function lowVisionOff(browser: Browser, base: string): Promise<void> {
  const page = await phonePage(browser);
  await open(page, base, "/");
  await page.click('[aria-label="Версия для слабовидящих и вход в личный кабинет"]');
  await page.click('::-p-xpath(//*[@data-testid="account-dropdown"]//button[normalize-space()="Включить"])');
  await until(page, "the low-vision version on", `${isLowVision} && document.querySelector('[data-island="layout/LowVisionPanel"]')?.dataset.hydrated === "true"`);
  await open(page, base, "/contacts");
  await until(page, "/contacts in the low-vision version", `${isLowVision} && document.querySelector('[data-island="layout/LowVisionPanel"]')?.dataset.hydrated === "true"`);
  passed("low vision: on from the header on /, /contacts opens in it");
  await page.click('::-p-xpath(//button[normalize-space()="Обычная версия"])');
  await until(page, "the ordinary version back on /contacts", `!${isLowVision} && document.documentElement.classList.contains("js")`);
  await wakeIslands(page, "/contacts");
  passed("low vision: «Обычная версия» on /contacts brings the ordinary page");
  // "/" was loaded in the version: by a link (the logo), then at its address, then by history
  await page.click('.site-header a[href="/"]');
  await until(page, "/ opened by the header's link", `location.pathname === "/" && document.readyState !== "loading" && document.documentElement.classList.contains("js")`);
  await wakeIslands(page, "/");
  check(!(await page.evaluate(() => document.documentElement.classList.contains("low-vision"))), "/ opened by a link after «Обычная версия» is in the low-vision version");
  await page.goto(`${base}/contacts`, { waitUntil: "domcontentloaded" });
  await page.goto(`${base}/`, { waitUntil: "domcontentloaded" });
  await until(page, "/ opened at its address", `location.pathname === "/" && document.readyState !== "loading"`);
  check(!(await page.evaluate(() => document.documentElement.classList.contains("low-vision"))), "/ opened at its address after «Обычная версия» is in the low-vision version");
  // back through every entry to the first, the / that was switched on: /contacts, /, /contacts (in the version, then off), /
  for (const [step, path] of ["/contacts", "/", "/contacts", "/"].entries()) {
    await page.evaluate(() => history.back());
    await until(page, `history back ${step + 1} to ${path}`, `location.pathname === ${JSON.stringify(path)} && document.readyState === "complete"`);
    check(!(await page.evaluate(() => document.documentElement.classList.contains("low-vision"))), `history back ${step + 1} shows ${path} in the low-vision version`);
  }
  await screenshot(page, "low-vision-off-history-390");
  passed("low vision: / loaded while it was on comes back ordinary by a link, at its address and by history");
  await page.browserContext().close();
}

/** Point 3: the largest size on a phone; no page of any type wider than the screen, in any colour scheme. */
async function largestSize(browser: Browser, base: string): Promise<void> {
  const pages = await pageOfEachType(base);
  const page = await phonePage(browser);
  const { hostname } = new URL(base);
  await page.browserContext().setCookie({ name: LOW_VISION_COOKIE, value: encodeLowVision({ size: 3, scheme: "white", images: true, spacing: 0 }), domain: hostname, path: "/" });
  const wide: string[] = [];
  for (const path of pages) {
    await open(page, base, path);
    await until(page, `${path} at the largest size`, `document.documentElement.classList.contains("lv-size-3")`);
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    for (const scheme of ["white", "black", "blue"] as Scheme[]) {
      await page.evaluate((next) => {
        const root = document.documentElement;
        root.className = `${root.className.replace(/\b(low-vision|lv-[\w-]+)\b/g, "").trim()} ${next}`.trim();
      }, lowVisionClasses({ size: 3, scheme, images: true, spacing: 0 }));
      wide.push(...(await inPage(page, overflowing)).map((line) => `${path} (${scheme}): ${line}`));
    }
    if (path === pages[PROGRAM_TYPE]) await screenshot(page, "low-vision-largest-program-390");
  }
  check(wide.length === 0, `wider than a 390 px screen at the largest size:\n  ${wide.join("\n  ")}`);
  passed(`low vision at the largest size: none of ${pages.length} pages wider than 390 px in any scheme`);
  await page.browserContext().close();
}

/**
 * Point 5 (decision 096): the burger opens the mobile menu at once, React's code refused (by the
 * invoker command, or client/mobile-menu.ts where the engine has none); one section opens at a time;
 * the close button closes it, and the page scrolls again.
 */
async function mobileMenu(browser: Browser, base: string): Promise<void> {
  const page = await phonePage(browser);
  const errors = errorsOf(page);
  await page.setRequestInterception(true);
  // every request for an island's code, answered or not
  const islands: string[] = [];
  page.on("request", (request: HTTPRequest) => {
    if (/\.island-/.test(request.url())) islands.push(request.url());
    if (/\/assets\/chunks\/react-runtime-/.test(request.url())) void request.abort();
    else void request.continue();
  });
  await page.goto(`${base}/`, { waitUntil: "load" });
  await until(page, "the client running", `document.documentElement.classList.contains("js")`);
  const invoker = await page.evaluate(() => "command" in HTMLButtonElement.prototype);
  await page.click(".burger");
  await until(page, "the menu open", `document.querySelector("#mobile-menu")?.open === true && getComputedStyle(document.body).overflow === "hidden"`, 5_000);
  await until(page, "the menu slid in", `document.querySelector(".mobile-menu__panel")?.getAnimations().every((animation) => animation.playState === "finished")`, 5_000);
  await screenshot(page, "mobile-menu-390");
  const sections = await page.$$("#mobile-menu summary");
  check(sections.length === 2, `the menu has ${sections.length} sections, not 2`);
  await sections[0]!.click();
  await sections[1]!.click();
  const open = await page.evaluate(() => [...document.querySelectorAll("#mobile-menu details")].map((details) => (details as HTMLDetailsElement).open));
  check(JSON.stringify(open) === "[false,true]", `the sections open after two presses: ${JSON.stringify(open)}`);
  await page.click("#mobile-menu .close-btn");
  await until(page, "the menu closed", `document.querySelector("#mobile-menu")?.open === false && getComputedStyle(document.body).overflow !== "hidden"`, 5_000);
  check(!islands.some((url) => url.includes("/Header.island-")), "the press woke the header's island: its code was asked for");
  check(!errors.some((line) => REACT_ERROR.test(line) && !/react-runtime/.test(line)), `errors: ${errors.join("; ")}`);
  passed(`the mobile menu opens, keeps one section open and closes without React (${invoker ? "the invoker command" : "the client's script"})`);
  await page.browserContext().close();
}

/**
 * Point 5 on a desktop (decision 097): the program menu's button opens the popover the server drew,
 * React's code refused, under the button (client/popover-place.ts); a hovered type shows its list;
 * Escape closes it; the header's code never asked.
 */
async function programMenu(browser: Browser, base: string): Promise<void> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(DESKTOP);
  const errors = errorsOf(page);
  await page.setRequestInterception(true);
  // every request for an island's code, answered or not
  const islands: string[] = [];
  page.on("request", (request: HTTPRequest) => {
    if (/\.island-/.test(request.url())) islands.push(request.url());
    if (/\/assets\/chunks\/react-runtime-/.test(request.url())) void request.abort();
    else void request.continue();
  });
  await page.goto(`${base}/programs`, { waitUntil: "load" });
  await until(page, "the client running", `document.documentElement.classList.contains("js")`);
  await page.click(".header-programs-btn");
  await until(page, "the menu open", `document.getElementById("program-menu")?.matches(":popover-open") === true`, 5_000);
  const [button, menu] = await page.evaluate(() =>
    [".header-programs-btn", "#program-menu"].map((selector) => {
      const box = document.querySelector(selector)!.getBoundingClientRect();
      return { x: box.x, bottom: box.bottom, y: box.y };
    }),
  );
  check(Math.abs(menu!.x - button!.x) < 1 && Math.abs(menu!.y - (button!.bottom + 12)) < 1, `the menu at ${JSON.stringify(menu)}, not under the button at ${JSON.stringify(button)}`);
  await screenshot(page, "program-menu-1280");
  await page.hover('.program-menu__type[data-type="bachelor"]');
  await until(page, "the bachelor's list", `document.querySelector(".program-menu__list:not([hidden])")?.dataset.type === "bachelor"`, 5_000);
  await page.keyboard.press("Escape");
  await until(page, "the menu closed", `document.getElementById("program-menu")?.matches(":popover-open") === false`, 5_000);
  check(!islands.some((url) => url.includes("/Header.island-")), "the press woke the header's island: its code was asked for");
  // the home page's main action opens the same menu, in no island (decision 099)
  islands.length = 0;
  await page.goto(`${base}/`, { waitUntil: "load" });
  await until(page, "the client running on the home page", `document.documentElement.classList.contains("js")`);
  await page.click(".hero [data-main-action]");
  await until(page, "the menu open from the home page's main action", `document.getElementById("program-menu")?.matches(":popover-open") === true`, 5_000);
  check(new URL(page.url()).pathname === "/", `the home page's main action went to ${page.url()} instead of opening the menu`);
  check(islands.length === 0, `the home page's main action asked for an island's code: ${islands.join(", ")}`);
  check(!errors.some((line) => REACT_ERROR.test(line) && !/react-runtime/.test(line)), `errors: ${errors.join("; ")}`);
  passed(`the program menu opens under its button, lists a hovered type and closes on Escape without React; the home page's main action opens it too`);
  await context.close();
}

let site: DevServer | undefined;
let browser: Browser | undefined;
let port: number | undefined;
// this run's pictures only
rmSync(shots, { recursive: true, force: true });
try {
  if (!process.env.FIREFOX_BASE) {
    await buildOnce();
    port = await freePortBlock(1);
    site = await startSite(port);
  }
  const base = (process.env.FIREFOX_BASE ?? site!.url).replace(/\/$/, "");
  const samples = new Map(await firstScreenSamples(base));
  // a phone's scrollbars overlay the page: Firefox's own on Linux would take 12 px of the 390
  browser = await puppeteer.launch({ browser: "firefox", executablePath: FIREFOX, headless: true, extraPrefsFirefox: { "ui.useOverlayScrollbars": 1 } });
  console.log(`${await browser.version()} at ${MOBILE.width}x${MOBILE.height}, the site at ${base}`);
  await mobileMenu(browser, base);
  await programMenu(browser, base);
  await lostScript(browser, base, samples.get("program")!);
  for (const moment of ["dom", "client"] as const) {
    for (const template of OWN_ACTION) await actBeforeHydration(browser, base, template, samples.get(template)!, moment);
  }
  await wordsWhole(browser, base);
  await lowVisionOff(browser, base);
  await largestSize(browser, base);
  console.log(`Firefox: every check passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(`Firefox: failed after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = 1;
} finally {
  await browser?.close().catch(() => undefined);
  await site?.stop();
  // the site's state (startSite's copy of the content), a folder a port: not left behind on a port of its own
  if (port !== undefined) rmSync(join(root, ".wrangler", `e2e-state-${port}`), { recursive: true, force: true });
}
