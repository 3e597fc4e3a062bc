/**
 * `npm run bench -- altcha`: what the forms' proof of work (decision 092) costs a visitor's phone,
 * and a script. Figures, not assertions.
 *  - A phone: Chromium at 390 px, its CPU slowed 4× (Lighthouse's mobile model) and not, on
 *    `/apply` of the built site with ALTCHA on; from the first focus on the name field to the proof
 *    in the form's hidden field, over ROUNDS fresh pages; and the longest task the page's main
 *    thread ran meanwhile (the solver awaits WebCrypto between tries, so taps are answered).
 *  - A script: the same challenges solved by altcha-lib in Node, one core, per form.
 */
import { performance } from "node:perf_hooks";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { Challenge } from "altcha-lib/types";
import { chromium } from "playwright-core";
import { ensureChromium } from "../../scripts/ensure-chromium";
import { startSiteWithContent } from "../../scripts/lib/wrangler";
import { CHROMIUM_ARGS, CHROMIUM_PATH, MOBILE } from "../support/browser";

const ROUNDS = Number(process.env.ALTCHA_ROUNDS ?? 7);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const range = (values: number[]) => `median ${Math.round(median(values))} ms (${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))})`;

export async function printAltchaCost(port: number): Promise<void> {
  ensureChromium();
  const server = await startSiteWithContent({ port, state: `altcha-bench-${port}`, vars: { SITE_URL: `http://127.0.0.1:${port}`, CAPTCHA_PROVIDER: "altcha" } });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    console.log(`\nALTCHA (decision 092): from the first focus on a form to its proof, ${ROUNDS} fresh pages each`);
    for (const slowdown of [4, 1]) {
      const solved: number[] = [];
      const longest: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const context = await browser.newContext({ baseURL: server.url, viewport: MOBILE, isMobile: true, hasTouch: true, locale: "ru-RU" });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
        await page.goto("/apply?cta=askQuestion");
        // the form wakes on the visitor's first touch (an `interaction` island): the focus below wakes it
        await page.waitForSelector("html.js", { state: "attached" });
        // the page's long tasks from the focus on
        await page.evaluate(() => {
          const state = window as unknown as { longest: number };
          state.longest = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) state.longest = Math.max(state.longest, entry.duration);
          }).observe({ type: "longtask" });
        });
        const started = performance.now();
        await page.getByLabel("Имя *").focus();
        await page.waitForFunction(() => (document.querySelector<HTMLInputElement>("input[name='altcha']")?.value ?? "") !== "", undefined, { timeout: 60_000, polling: 20 });
        solved.push(performance.now() - started);
        longest.push(await page.evaluate(() => (window as unknown as { longest: number }).longest));
        await context.close();
      }
      console.log(`   a phone's CPU ${slowdown === 1 ? "as this machine's" : `slowed ${slowdown}×`}: proof ready ${range(solved)}; the longest main-thread task meanwhile ${range(longest)}`);
    }
    // a script pays the same work: the server's own challenges, solved natively
    const native: number[] = [];
    for (let round = 0; round < ROUNDS * 3; round++) {
      const answer = (await (await fetch(`${server.url}/api/captcha/challenge`)).json()) as { challenge: Challenge };
      const started = performance.now();
      await solveChallenge({ challenge: answer.challenge, deriveKey, timeout: 60_000 });
      native.push(performance.now() - started);
    }
    const perForm = median(native);
    console.log(`   a script, altcha-lib in Node on one core: ${range(native)} a form, about ${Math.round((perForm * 1000) / 60_000)} min of CPU a thousand forms`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
