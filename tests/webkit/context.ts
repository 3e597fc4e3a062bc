/** What each check of `npm run test:webkit` is given, and the helpers they share. */
import { join } from "node:path";
import { type SiteProxy, type SiteProxyOptions, startProxy } from "./proxy";
import type { Session } from "./webdriver";

export const PHONE_WIDTH = 390;

export interface Context {
  session: Session;
  /** a new proxy in front of the site (a new origin: nothing of it cached yet), closed after the check */
  proxy(options?: Omit<SiteProxyOptions, "target">): Promise<SiteProxy>;
  /** where a screenshot named `name` goes (test-results/webkit/) */
  shot(name: string): string;
}

export function context(session: Session, sitePort: number, shots: string, opened: SiteProxy[]): Context {
  return {
    session,
    async proxy(options = {}) {
      const proxy = await startProxy({ ...options, target: sitePort });
      opened.push(proxy);
      return proxy;
    },
    shot: (name) => join(shots, `${name}.png`),
  };
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** The React errors the page's recorder (proxy.ts) has seen: #418 and the like, hydration's. */
export async function reactErrors(session: Session): Promise<string[]> {
  const errors = await session.run<string[] | null>("return window.__errors || null");
  check(errors !== null, "the page has no error recorder: was it loaded through the proxy?");
  return errors.filter((line) => /react|hydrat|#418|#423|#425/i.test(line));
}

/**
 * Wakes the page's islands as a visitor's pointer over the header does (src/client/hydrate.ts:
 * React comes with the first island reached for, and the islands that wait for the visitor wake
 * with it), once the client has run; resolves when the header is awake.
 */
export async function wakeIslands(session: Session): Promise<void> {
  await session.until("the client running", `return document.documentElement.classList.contains("js")`);
  await session.run(`document.querySelector('[data-island="layout/Header"] > *').dispatchEvent(new PointerEvent("pointerover", { bubbles: true }))`);
  await session.until("the header awake", `return document.querySelector('[data-island="layout/Header"]')?.dataset.hydrated === "true"`);
}

/** Fails unless the page is laid out at exactly a phone's 390 px. */
export async function atPhoneWidth(session: Session, where: string): Promise<void> {
  const width = await session.run<number>("return document.documentElement.clientWidth");
  check(width === PHONE_WIDTH, `${where}: the page is laid out ${width} px wide, not ${PHONE_WIDTH} px`);
}

/** Waits for the page's fonts (a screenshot taken while a font loads shows no text in WebKit). */
export async function fontsReady(session: Session): Promise<void> {
  await session.runAsync("document.fonts.ready.then(() => done(true))");
}
