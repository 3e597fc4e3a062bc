/**
 * Starts the production build of the site with the default content for the browser tests: one
 * server per lane. Browser test files run two at a time (the project's `maxWorkers`), and a file
 * may count seats, leads or promos, so each lane has its own server and state: the files of a lane
 * run one after another, as they would on one server alone.
 */
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/browser";
import { buildAll } from "../../scripts/build";
import { ensureChromium } from "../../scripts/ensure-chromium";
import { type DevServer, startSiteWithContent } from "../../scripts/lib/wrangler";

declare module "vitest" {
  export interface ProvidedContext {
    /** one site per lane; a test reads its own through `siteUrl()` (tests/e2e/helpers.ts) */
    baseUrls: string[];
    /** the one Chromium the browser files share (`sharedChromium()` in tests/e2e/helpers.ts) */
    browserEndpoint: string;
  }
}

/**
 * The browser tests type faster than people and send many leads, orders and spins from one address:
 * the minimum fill time and the per-address budgets are off here (the Worker tests hold them:
 * leads-api, tickets, wheel), so no browser test waits out a timing rule or meets a limit of 127.0.0.1.
 */
export const E2E_VARS = {
  OPS_TOKEN: "ops-token-for-e2e-0123456789",
  LEAD_MIN_FILL_MS: "0",
  LEAD_RATE_LIMIT: "0",
  TICKET_RATE_LIMIT: "0",
  TICKETS_PER_GROUP: "0",
  SPIN_RATE_LIMIT: "0",
  // the forms' proof of work off but in the files that test a captcha: a test types a form in milliseconds (decision 092)
  CAPTCHA_PROVIDER: "off",
};

/** The lanes' servers listen on E2E_PORT, E2E_PORT + 1, …; the drills' own servers further up (own-server.ts). */
export const e2ePort = () => Number(process.env.E2E_PORT ?? 8790);

/**
 * The site built, once a run: always, since a stale client bundle would not match the pages the
 * Worker renders from source; once, since Vitest runs every project's setup (e2e, http, drills)
 * in its own process before any test. `npm test` builds the moment before Vitest starts
 * (`scripts/checks.ts --build`) and says so with SITE_BUILT=1: a second build there found nothing
 * to write and cost 3 s before any test could start.
 */
export function buildOnce(): Promise<void> {
  const run = globalThis as { siteBuild?: Promise<void> };
  run.siteBuild ??= process.env.SITE_BUILT === "1" ? Promise.resolve() : buildAll();
  return run.siteBuild;
}

/** Chromium installed and the site built. */
export async function prepareBrowserTests(): Promise<void> {
  ensureChromium();
  await buildOnce();
}

/** The built site in the Worker's runtime on `port` (scripts/site-runtime.ts), its state (and the default content) in a folder of its own. */
export function startSite(port: number, vars: Record<string, string> = {}): Promise<DevServer> {
  return startSiteWithContent({ port, state: `e2e-state-${port}`, vars: { SITE_URL: `http://127.0.0.1:${port}`, ...E2E_VARS, ...vars } });
}

export default async function setup(project: TestProject) {
  await prepareBrowserTests();
  const lanes = Math.max(1, project.config.maxWorkers ?? 1);
  // one Chromium for every file: a launch and a close cost a second of the machine each, 25 times a run
  const [browser, ...servers] = await Promise.all([
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }),
    ...Array.from({ length: lanes }, (_, lane) => startSite(e2ePort() + lane)),
  ] as const);
  project.provide(
    "baseUrls",
    servers.map((server) => server.url),
  );
  project.provide("browserEndpoint", browser.wsEndpoint());
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await browser.close();
  };
}
