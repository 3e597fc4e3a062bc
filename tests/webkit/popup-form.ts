/**
 * `npm run test:webkit`: the site in WebKit (Safari's engine), driven over WebDriver (Debian's
 * `webkit2gtk-driver`: `WebKitWebDriver` and WebKitGTK's MiniBrowser; webdriver.ts), at a phone's
 * 390 px (decisions 059 and 076). Each page is loaded through a proxy of the runner's (proxy.ts)
 * that records the page's errors and can cut or hold a request. In order:
 * - a lost script is fetched again (lost-chunk.ts; issue 42 point 4);
 * - the main button pressed at once on each template with one (act-at-once.ts; issue 42 point 5);
 * - the popup form drawn by the site (no native gradient, the country select as tall as the
 *   fields) sends a lead (issue 28 point 8);
 * - the low-vision switch goes on and back off (WebKit's cookie store keeps nothing: issue 42);
 * - no word of a card broken inside (words-whole.ts; issue 42 point 5);
 * - the burger opens the mobile menu without React (decision 096);
 * - at a desktop's 1280 px, the program menu's button opens its popover without React (decision 097).
 * A line is printed for each check as it passes; a failure names what did not happen and exits
 * non-zero. Screenshots go to test-results/webkit/. Not in `npm test`: see decision 059 for why.
 *
 * WEBKIT_BASE names a running site (its port is proxied); without it the script starts one
 * (WEBKIT_SITE_PORT, 8872). WEBKIT_DRIVER_PORT (8871) is the driver's. Without DISPLAY the driver
 * runs under xvfb-run. The site must be built (`npm run build`).
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { DevServer } from "../../scripts/lib/wrangler";
import { programHref } from "../../src/services/catalogue/links";
import { startSite } from "../e2e/setup";
import { defaultCatalogue } from "../support/content";
import { firstScreenSamples, OWN_ACTION } from "../support/first-screen";
import { actAtOnce } from "./act-at-once";
import { atPhoneWidth, type Context, check, context, fontsReady, PHONE_WIDTH, reactErrors, wakeIslands } from "./context";
import { lostChunk } from "./lost-chunk";
import type { SiteProxy } from "./proxy";
import { type Driver, Session, startDriver } from "./webdriver";
import { WORDS_PAGES, wordsWhole } from "./words-whole";

/** The popup opened from the main button is drawn by the site and sends a lead typed into it. */
async function popupForm({ session, proxy, shot }: Context, programPath: string): Promise<string> {
  const network = await proxy();
  await session.go(`${network.url}${programPath}`);
  await wakeIslands(session);
  await session.until("the popup's island hydrating", `return document.querySelector('[data-island="forms/LeadPopup"]')?.dataset.hydrated === "true"`);
  await session.click("[data-main-action]");
  await session.until("the popup opening", `return document.querySelector("dialog.lead-popup")?.open && document.querySelector("dialog.lead-popup select")`);
  await atPhoneWidth(session, programPath);
  const drawn = await session.run<{ select: number; phone: number; name: number; appearance: string; image: string }>(
    `const d = document.querySelector("dialog.lead-popup");
    const select = d.querySelector(".phone-input select"), phone = d.querySelector('.phone-input input'), name = d.querySelector('input[name="name"]');
    const style = getComputedStyle(select);
    return { select: select.getBoundingClientRect().height, phone: phone.getBoundingClientRect().height, name: name.getBoundingClientRect().height,
      appearance: style.webkitAppearance || style.appearance, image: style.backgroundImage };`,
  );
  await fontsReady(session);
  await session.screenshot(shot("popup-form-program-390"));
  check(drawn.appearance === "none", `the country select keeps WebKit's own look (appearance ${drawn.appearance})`);
  check(!/gradient/.test(drawn.image), `the country select is drawn with a gradient: ${drawn.image}`);
  check(Math.abs(drawn.select - drawn.phone) < 1 && Math.abs(drawn.phone - drawn.name) < 1, `controls of different heights: select ${drawn.select}, phone ${drawn.phone}, name ${drawn.name}`);
  await session.type('dialog.lead-popup input[name="name"]', "Анна Проверка");
  await session.type("dialog.lead-popup .phone-input input", "9161234567");
  await session.type('dialog.lead-popup input[name="email"]', "anna.webkit@example.ru");
  await session.run(`const c = document.querySelector('dialog.lead-popup input[name="consent"]'); if (c && !c.checked) c.click();`);
  await session.click('dialog.lead-popup button[type="submit"]');
  await session.until("the thanks after sending", `return document.querySelector("dialog.lead-popup")?.textContent.includes("Спасибо за заявку!")`);
  await session.screenshot(shot("popup-form-sent-390"));
  const errors = await reactErrors(session);
  check(errors.length === 0, `React errors in the popup form: ${errors.join("; ")}`);
  return `the popup's controls are drawn by the site (select ${drawn.select} px, phone ${drawn.phone} px, name ${drawn.name} px) and a lead is sent`;
}

/** The low-vision switch, on and back off: WebKit's cookie store resolves and keeps nothing (issue 42, decision 076). */
async function lowVision({ session, proxy, shot }: Context): Promise<string> {
  const network = await proxy();
  await session.go(`${network.url}/`);
  await wakeIslands(session);
  await session.click('[aria-label="Версия для слабовидящих и вход в личный кабинет"]');
  await session.click('//*[@data-testid="account-dropdown"]//button[normalize-space()="Включить"]', "xpath");
  await session.until("the low-vision version on", `return document.documentElement.classList.contains("low-vision") && document.querySelector('[data-island="layout/LowVisionPanel"]')?.dataset.hydrated === "true"`);
  await atPhoneWidth(session, "/ in the low-vision version");
  await fontsReady(session);
  await session.screenshot(shot("low-vision-home-390"));
  await session.click('//button[normalize-space()="Обычная версия"]', "xpath");
  await session.until("the ordinary version back", `return !document.documentElement.classList.contains("low-vision") && document.querySelector('[data-island="layout/Header"]') !== null`);
  return "the low-vision switch goes on and back off";
}

/**
 * The burger opens the mobile menu while React's code is held back (decision 096: by the invoker
 * command, or client/mobile-menu.ts where the engine has none); one section opens at a time; the
 * close button closes it, and the page scrolls again.
 */
async function mobileMenu({ session, proxy, shot }: Context): Promise<string> {
  const network = await proxy({ hold: [/\/assets\/chunks\/react-runtime-/] });
  await session.go(`${network.url}/`);
  await session.until("the client running", `return document.documentElement.classList.contains("js")`);
  const invoker = await session.run<boolean>(`return "command" in HTMLButtonElement.prototype`);
  await session.click(".burger");
  await session.until("the menu open", `return document.querySelector("#mobile-menu")?.open === true && getComputedStyle(document.body).overflow === "hidden"`);
  await session.until("the menu slid in", `return document.querySelector(".mobile-menu__panel")?.getAnimations().every((animation) => animation.playState === "finished")`);
  await fontsReady(session);
  await session.screenshot(shot("mobile-menu-390"));
  await session.click("#mobile-menu details:first-of-type summary");
  await session.click("#mobile-menu details:last-of-type summary");
  const open = await session.run<boolean[]>(`return [...document.querySelectorAll("#mobile-menu details")].map((details) => details.open)`);
  check(JSON.stringify(open) === "[false,true]", `the sections open after two presses: ${JSON.stringify(open)}`);
  await session.click("#mobile-menu .close-btn");
  await session.until("the menu closed", `return document.querySelector("#mobile-menu")?.open === false && getComputedStyle(document.body).overflow !== "hidden"`);
  const woken = await session.run<number>(`return performance.getEntriesByType("resource").filter((entry) => entry.name.includes("/Header.island-")).length`);
  check(woken === 0, "the press woke the header's island: its code was asked for");
  return `the mobile menu opens, keeps one section open and closes without React (${invoker ? "the invoker command" : "the client's script"})`;
}

/**
 * At a desktop's width, the program menu's button opens the popover the server drew while React's
 * code is held back (decision 097), under the button (client/popover-place.ts); a type pressed shows
 * its list; a press beside it closes it, and the page stays.
 */
async function programMenu({ session, proxy, shot }: Context): Promise<string> {
  const network = await proxy({ hold: [/\/assets\/chunks\/react-runtime-/] });
  await session.go(`${network.url}/programs`);
  await session.until("the client running", `return document.documentElement.classList.contains("js")`);
  await session.click(".header-programs-btn");
  await session.until("the menu open", `return document.getElementById("program-menu")?.matches(":popover-open") === true`);
  const boxes = await session.run<{ x: number; y: number; bottom: number }[]>(
    `return [".header-programs-btn", "#program-menu"].map((selector) => { const box = document.querySelector(selector).getBoundingClientRect(); return { x: box.x, y: box.y, bottom: box.bottom }; })`,
  );
  const [button, menu] = boxes;
  check(Math.abs(menu!.x - button!.x) < 1 && Math.abs(menu!.y - (button!.bottom + 12)) < 1, `the menu at ${JSON.stringify(menu)}, not under the button at ${JSON.stringify(button)}`);
  await fontsReady(session);
  await session.screenshot(shot("program-menu-1280"));
  await session.click('.program-menu__type[data-type="bachelor"]');
  await session.until("the bachelor's list", `return document.querySelector(".program-menu__list:not([hidden])")?.dataset.type === "bachelor"`);
  // a press on the page beside the menu, on no link (the breadcrumbs' and the filters' end, low on the left)
  await session.call("POST", "/actions", {
    actions: [{ type: "pointer", id: "mouse", parameters: { pointerType: "mouse" }, actions: [{ type: "pointerMove", x: 1250, y: 760, origin: "viewport" }, { type: "pointerDown", button: 0 }, { type: "pointerUp", button: 0 }] }],
  });
  await session.until("the menu closed", `return document.getElementById("program-menu")?.matches(":popover-open") === false`);
  check((await session.run<string>("return location.pathname")) === "/programs", "the press beside the menu left the page");
  const woken = await session.run<number>(`return performance.getEntriesByType("resource").filter((entry) => entry.name.includes("/Header.island-")).length`);
  check(woken === 0, "the press woke the header's island: its code was asked for");
  return `the program menu opens under its button, lists a pressed type and closes on a press beside it without React`;
}

const started = Date.now();
const program = defaultCatalogue().programs.find((p) => p.type === "Profession")!;
const programPath = programHref(program);
const shots = join(import.meta.dirname, "../../test-results/webkit");
const proxies: SiteProxy[] = [];
let site: DevServer | undefined;
let driver: Driver | undefined;
let session: Session | undefined;
try {
  rmSync(shots, { recursive: true, force: true });
  mkdirSync(shots, { recursive: true });
  if (!process.env.WEBKIT_BASE) site = await startSite(Number(process.env.WEBKIT_SITE_PORT ?? 8872));
  const base = process.env.WEBKIT_BASE ?? site!.url;
  driver = await startDriver(Number(process.env.WEBKIT_DRIVER_PORT ?? 8871));
  session = await Session.open(driver);
  const ctx = context(session, Number(new URL(base).port || 80), shots, proxies);
  const pass = async (what: Promise<string>) => {
    const from = Date.now();
    const line = await what;
    console.log(`✓ ${line} (${((Date.now() - from) / 1000).toFixed(1)} s)`);
    for (const proxy of proxies.splice(0)) await proxy.close();
  };

  // the window made a phone's: the tiny GTK stylesheet (webdriver.ts) lets it be narrower than MiniBrowser's toolbar
  await session.call("POST", "/window/rect", { width: PHONE_WIDTH, height: 844 });
  await session.go(`${base}/contacts`);
  await atPhoneWidth(session, "the window");
  console.log(`WebKit ${session.version} (MiniBrowser), the page laid out at ${PHONE_WIDTH} px`);

  await pass(mobileMenu(ctx));
  await pass(lostChunk(ctx, programPath));
  const samples = (await firstScreenSamples(base)).filter(([template]) => OWN_ACTION.has(template));
  check(samples.length === OWN_ACTION.size, `a sample page for each of ${[...OWN_ACTION].join(", ")}`);
  for (const [template, path] of samples) await pass(actAtOnce(ctx, template, path));
  await pass(popupForm(ctx, programPath));
  await pass(lowVision(ctx));
  for (const path of WORDS_PAGES) await pass(wordsWhole(ctx, path));
  await session.call("POST", "/window/rect", { width: 1280, height: 800 });
  await pass(programMenu(ctx));
  console.log(`WebKit: every check passed in ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in test-results/webkit/`);
} catch (error) {
  console.error(`WebKit: FAILED after ${((Date.now() - started) / 1000).toFixed(1)} s:`, error instanceof Error ? error.stack : error);
  if (session) await session.screenshot(join(shots, "failure.png")).catch(() => undefined);
  process.exitCode = 1;
} finally {
  for (const proxy of proxies) await proxy.close();
  await session?.close();
  driver?.stop();
  await site?.stop();
}
