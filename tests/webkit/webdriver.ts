/**
 * WebKit over plain W3C WebDriver (Debian's `webkit2gtk-driver`: `WebKitWebDriver` driving
 * WebKitGTK's MiniBrowser), for `npm run test:webkit` (decision 059). No client library: a few
 * HTTP calls. Every wait is on a condition in the page, with a deadline.
 *
 * MiniBrowser has no headless mode: without DISPLAY the driver runs under `xvfb-run`. GTK keeps a
 * window no narrower than MiniBrowser's toolbar (447 px); a GTK stylesheet of the runner's own,
 * found through XDG_CONFIG_HOME, shrinks the toolbar's widgets to nothing so the window reaches a
 * phone's 390 px.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const MINIBROWSER = process.env.WEBKIT_MINIBROWSER ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

/** Every widget of MiniBrowser's window as small as GTK allows: only the page keeps its size. */
const TINY_GTK = "* { min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 1px; border-width: 0; } image { -gtk-icon-transform: scale(0.1); }\n";

export interface Driver {
  url: string;
  stop(): void;
}

async function call<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { value: T };
  if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${JSON.stringify(answer.value)}`);
  return answer.value;
}

/** Starts WebKitWebDriver on `port` (under xvfb-run without a display), with the tiny GTK stylesheet. */
export async function startDriver(port: number): Promise<Driver> {
  const config = mkdtempSync(join(tmpdir(), "webkit-gtk-"));
  mkdirSync(join(config, "gtk-3.0"));
  writeFileSync(join(config, "gtk-3.0", "gtk.css"), TINY_GTK);
  const env = { ...process.env, XDG_CONFIG_HOME: config };
  const args = [`--port=${port}`];
  const child: ChildProcess = process.env.DISPLAY
    ? spawn("WebKitWebDriver", args, { detached: true, stdio: "ignore", env })
    : spawn("xvfb-run", ["-a", "-s", "-screen 0 1280x1024x24", "WebKitWebDriver", ...args], { detached: true, stdio: "ignore", env });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    } catch {
      // gone
    }
    rmSync(config, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      if ((await call<{ ready: boolean }>(url, "GET", "/status")).ready) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stop();
  throw new Error("WebKitWebDriver did not answer within 20 s (is webkit2gtk-driver installed?)");
}

/** One MiniBrowser window. */
export class Session {
  private constructor(
    private readonly driver: string,
    readonly id: string,
    readonly version: string,
  ) {}

  /**
   * A window; a navigation returns at the page's `load`, before its islands wake (they wait for the
   * browser to be idle, or for the visitor). WebKitWebDriver's "eager" and "none" strategies do not
   * help: a script run before `load` then waits for it (or, with "eager", forever).
   */
  static async open(driver: Driver): Promise<Session> {
    const created = await call<{ sessionId: string; capabilities: { browserVersion: string } }>(driver.url, "POST", "/session", {
      capabilities: {
        alwaysMatch: {
          browserName: "MiniBrowser",
          "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
        },
      },
    });
    const session = new Session(driver.url, created.sessionId, created.capabilities.browserVersion);
    await session.call("POST", "/timeouts", { script: 30_000, pageLoad: 30_000 });
    return session;
  }

  call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return call<T>(this.driver, method, `/session/${this.id}${path}`, body);
  }

  async go(url: string): Promise<void> {
    await this.call("POST", "/url", { url });
  }

  /** Runs `script` (a function body) in the page and returns what it returns. */
  run<T>(script: string): Promise<T> {
    return this.call<T>("POST", "/execute/sync", { script, args: [] });
  }

  /** Runs `script` in the page with `done` as the callback that ends it (the session's script timeout applies). */
  runAsync<T>(script: string): Promise<T> {
    return this.call<T>("POST", "/execute/async", { script: `const done = arguments[arguments.length - 1]; ${script}`, args: [] });
  }

  /** Runs `script` until it returns something truthy, or fails after `ms` naming `what`. */
  async until<T>(what: string, script: string, ms = 15_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await this.run<T>(script);
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`WebKit: ${what} did not happen within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async find(selector: string, using = "css selector"): Promise<string> {
    const element = await this.call<Record<string, string>>("POST", "/element", { using, value: selector });
    return Object.values(element)[0]!;
  }

  /** WebDriver's element click: the pointer's events, trusted, at the element's centre. */
  async click(selector: string, using = "css selector"): Promise<void> {
    await this.call("POST", `/element/${await this.find(selector, using)}/click`, {});
  }

  /** Types as a person would (WebDriver's element send keys). */
  async type(selector: string, text: string): Promise<void> {
    await this.call("POST", `/element/${await this.find(selector)}/value`, { text });
  }

  /** The viewport as a PNG, to `file`. */
  async screenshot(file: string): Promise<void> {
    writeFileSync(file, Buffer.from(await this.call<string>("GET", "/screenshot"), "base64"));
  }

  async close(): Promise<void> {
    await this.call("DELETE", "").catch(() => undefined);
  }
}
