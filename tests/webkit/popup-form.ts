/**
 * `npm run test:webkit`: the popup lead form in WebKit (Safari's engine), driven over WebDriver
 * (Debian's `webkit2gtk-driver`: `WebKitWebDriver` and WebKitGTK's MiniBrowser), at a phone's width
 * (issue 28 point 8, decision 059). It opens a program page, presses its main button before the
 * islands wake and fails on any React error (issue 42), opens the popup from the page's main
 * action, checks the form's controls are drawn by the site (no native gradient, the country select
 * as tall as the phone field) and sends a lead. Not in `npm test`: see decision 059 for why.
 *
 * WEBKIT_BASE names a running site; without it the script starts one (WEBKIT_SITE_PORT, 8872).
 * WEBKIT_DRIVER_PORT (8871) is the driver's. Without DISPLAY the driver runs under xvfb-run.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { defaultCatalogue } from "../support/content";
import { programHref } from "../../src/services/catalogue/links";
import type { DevServer } from "../../scripts/lib/wrangler";
import { startSite } from "../e2e/setup";

const MINIBROWSER = process.env.WEBKIT_MINIBROWSER ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
const driverPort = Number(process.env.WEBKIT_DRIVER_PORT ?? 8871);
const driverUrl = `http://127.0.0.1:${driverPort}`;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${driverUrl}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { value: T };
  if (!response.ok) throw new Error(`${method} ${path}: ${JSON.stringify(answer.value)}`);
  return answer.value;
}

/** Runs `script` in the page until it returns a truthy value, or fails after `ms` naming `what`. */
async function until<T>(session: string, what: string, script: string, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await call<T>("POST", `/session/${session}/execute/sync`, { script, args: [] });
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`WebKit: ${what} did not happen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

async function startDriver(): Promise<ChildProcess> {
  const args = [`--port=${driverPort}`];
  const child = process.env.DISPLAY
    ? spawn("WebKitWebDriver", args, { detached: true, stdio: "ignore" })
    : spawn("xvfb-run", ["-a", "-s", "-screen 0 1280x1024x24", "WebKitWebDriver", ...args], { detached: true, stdio: "ignore" });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      const status = await call<{ ready: boolean }>("GET", "/status");
      if (status.ready) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("WebKitWebDriver did not answer within 20 s (is webkit2gtk-driver installed?)");
}

const program = defaultCatalogue().programs.find((p) => p.type === "Profession")!;
let site: DevServer | undefined;
let driver: ChildProcess | undefined;
let session: string | undefined;
try {
  if (!process.env.WEBKIT_BASE) site = await startSite(Number(process.env.WEBKIT_SITE_PORT ?? 8872));
  const base = process.env.WEBKIT_BASE ?? site!.url;
  driver = await startDriver();
  const created = await call<{ sessionId: string; capabilities: { browserVersion: string } }>("POST", "/session", {
    capabilities: { alwaysMatch: { browserName: "MiniBrowser", "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] } } },
  });
  session = created.sessionId;
  await call("POST", `/session/${session}/window/rect`, { width: 390, height: 844 });
  await call("POST", `/session/${session}/url`, { url: `${base}${programHref(program)}` });
  const width = await call<number>("POST", `/session/${session}/execute/sync`, { script: "return innerWidth", args: [] });
  // GTK keeps a window no narrower than its toolbar: a little over 390 px, still the phone's layout (≤ 768)
  check(width <= 480, `the window is ${width} px wide, not a phone's`);
  const find = (css: string, using = "css selector") => call<Record<string, string>>("POST", `/session/${session}/element`, { using, value: css }).then((e) => Object.values(e)[0]!);
  const run = <T>(script: string) => call<T>("POST", `/session/${session}/execute/sync`, { script, args: [] });

  // the main button pressed at once, before the islands wake (issue 42: React error #418 here 5 times in 5)
  await until(session, "the client running", `return document.documentElement.classList.contains("js")`);
  await run(`window.__errors = []; const e = console.error.bind(console);
    console.error = (...a) => { window.__errors.push(String(a[0] && a[0].message || a[0])); e(...a); };
    addEventListener("error", (event) => window.__errors.push(String(event.message)));`);
  await call("POST", `/session/${session}/element/${await find("[data-main-action]")}/click`, {});
  await until(session, "the popup opening from the main button", `return document.querySelector("dialog.lead-popup")?.open`);
  await until(session, "the popup's island awake", `return document.querySelector('[data-island="forms/LeadPopup"]')?.dataset.hydrated === "true"`);
  const errors = await run<string[]>("return window.__errors.filter((line) => /react/i.test(line))");
  check(errors.length === 0, `React errors after the main button pressed at once: ${errors.join("; ")}`);
  await call("POST", `/session/${session}/url`, { url: `${base}${programHref(program)}` });
  await until(session, "the popup's island hydrating", `return document.querySelector('[data-island="forms/LeadPopup"]')?.dataset.hydrated === "true"`);
  await call("POST", `/session/${session}/execute/sync`, { script: `document.querySelector("[data-main-action]").click()`, args: [] });
  await until(session, "the popup opening", `return document.querySelector("dialog.lead-popup")?.open && document.querySelector("dialog.lead-popup select")`);
  const drawn = await call<{ select: number; phone: number; name: number; appearance: string; image: string }>("POST", `/session/${session}/execute/sync`, {
    script: `const d = document.querySelector("dialog.lead-popup");
      const select = d.querySelector(".phone-input select"), phone = d.querySelector('.phone-input input'), name = d.querySelector('input[name="name"]');
      const style = getComputedStyle(select);
      return { select: select.getBoundingClientRect().height, phone: phone.getBoundingClientRect().height, name: name.getBoundingClientRect().height,
        appearance: style.webkitAppearance || style.appearance, image: style.backgroundImage };`,
    args: [],
  });
  check(drawn.appearance === "none", `the country select keeps WebKit's own look (appearance ${drawn.appearance})`);
  check(!/gradient/.test(drawn.image), `the country select is drawn with a gradient: ${drawn.image}`);
  check(Math.abs(drawn.select - drawn.phone) < 1 && Math.abs(drawn.phone - drawn.name) < 1, `controls of different heights: select ${drawn.select}, phone ${drawn.phone}, name ${drawn.name}`);
  // the visitor types, as a person would (WebDriver's element send keys)
  const type = async (css: string, text: string) => call("POST", `/session/${session}/element/${await find(css)}/value`, { text });
  await type('dialog.lead-popup input[name="name"]', "Анна Проверка");
  await type("dialog.lead-popup .phone-input input", "9161234567");
  await type('dialog.lead-popup input[name="email"]', "anna.webkit@example.ru");
  const consent = await call<boolean>("POST", `/session/${session}/execute/sync`, { script: `const c = document.querySelector('dialog.lead-popup input[name="consent"]'); if (c && !c.checked) c.click(); return true;`, args: [] });
  check(consent, "the consent box");
  await call("POST", `/session/${session}/element/${await find('dialog.lead-popup button[type="submit"]')}/click`, {});
  await until(session, "the thanks after sending", `return document.querySelector("dialog.lead-popup")?.textContent.includes("Спасибо за заявку!")`);

  // the low-vision switch, on and back off: WebKit's cookie store resolves and keeps nothing (issue 42)
  await call("POST", `/session/${session}/url`, { url: `${base}/` });
  await until(session, "the header awake", `return document.querySelector('[data-island="layout/Header"]')?.dataset.hydrated === "true"`);
  await call("POST", `/session/${session}/element/${await find('[aria-label="Версия для слабовидящих и вход в личный кабинет"]')}/click`, {});
  await call("POST", `/session/${session}/element/${await find('//*[@data-testid="account-dropdown"]//button[normalize-space()="Включить"]', "xpath")}/click`, {});
  await until(session, "the low-vision version on", `return document.documentElement.classList.contains("low-vision") && document.querySelector('[data-island="layout/LowVisionPanel"]')?.dataset.hydrated === "true"`);
  await call("POST", `/session/${session}/element/${await find('//button[normalize-space()="Обычная версия"]', "xpath")}/click`, {});
  await until(session, "the ordinary version back", `return !document.documentElement.classList.contains("low-vision") && document.querySelector('[data-island="layout/Header"]') !== null`);
  console.log(`WebKit ${created.capabilities.browserVersion} at ${width} px: the main button pressed at once opens the popup with no React error, the form is drawn alike and sends a lead, the low-vision switch goes on and off`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  if (session) await call("DELETE", `/session/${session}`).catch(() => undefined);
  if (driver?.pid) {
    try {
      process.kill(-driver.pid, "SIGTERM");
    } catch {
      // gone
    }
  }
  await site?.stop();
}
