import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { fakeSinkEnv } from "./tests/support/fake-third-parties.ts";
import { freePortBlock } from "./tests/support/free-ports.ts";

// the default content's dates are read from this instant in every process of the run, the content
// pushed to the servers and the catalogue the tests compare with alike, past midnight in Moscow too
process.env.CONTENT_NOW ||= new Date().toISOString();
// the offsets from these go up to + 33 (decision 030); the test processes inherit them
process.env.FAKE_PORT ||= String(await freePortBlock(40));
process.env.E2E_PORT ||= String(await freePortBlock(40));

/** The fake third parties of the Worker tests listen here (tests/worker/global-setup.ts). */
export const FAKE_PORT = Number(process.env.FAKE_PORT);

/** Settings of the Worker under test: every sink points at the fakes, retries are quick. */
export const workerTestBindings = {
  SITE_URL: "https://mip.institute",
  ...fakeSinkEnv(`http://127.0.0.1:${FAKE_PORT}`),
  OPS_TOKEN: "ops-token-for-tests-0123456789",
  OUTBOX_RETRY_BASE_MS: "20",
  OUTBOX_MAX_ATTEMPTS: "6",
  // a sink that answers is never cut short on two cores running three Worker files; a hanging one costs a second
  SINK_TIMEOUT_MS: "1000",
  LEAD_MIN_FILL_MS: "1000",
  // the forms' proof of work (ALTCHA, the default) is off but where a test turns a captcha on: the
  // other tests post as a script would, in milliseconds (decision 092)
  CAPTCHA_PROVIDER: "off",
  LEAD_RATE_LIMIT: "5",
  /** for the tests themselves: where to read what the fakes received */
  FAKE_BASE: `http://127.0.0.1:${FAKE_PORT}`,
};

/**
 * The seed of the property-based tests (fast-check): fixed, so a run on a clean clone is the same
 * run every time; `FC_SEED=random` (or a number) explores other inputs, and a failure prints its seed.
 */
export const FC_SEED = process.env.FC_SEED === "random" ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FC_SEED ?? 20261123);

declare module "vitest" {
  export interface ProvidedContext {
    fcSeed: number;
  }
}

/**
 * The packages the Worker and its tests import, bundled once per run by Vite's optimizer (one module
 * each instead of hundreds): inside workerd every module of a test file's graph is fetched from
 * Vitest and evaluated again for each file, and this cut the unit and worker projects' import time
 * from 161 to 116 s (decision 030). A package left out still works, unbundled.
 */
export const WORKER_DEPS = [
  "hono",
  "hono/factory",
  "hono/cookie",
  "hono/cors",
  "hono/bearer-auth",
  "hono/body-limit",
  "hono/csrf",
  "hono/http-exception",
  "hono/secure-headers",
  "hono/trailing-slash",
  "hono/quick",
  "hono/request-id",
  "hono/etag",
  "hono/client",
  "hono/utils/cookie",
  "@hono/zod-validator",
  "zod/mini",
  "zod/v4/core",
  "zod/v4/locales/en.js",
  "react",
  "react/jsx-runtime",
  "react/jsx-dev-runtime",
  "libphonenumber-js/core",
  "graphql",
  "@preact/signals-core",
  "minisearch/SearchableMap",
  "convert-layout/ru",
  "@orama/stemmers/russian",
  "fast-check",
  "uqr",
  "altcha-lib",
  "altcha-lib/algorithms/web/pbkdf2",
];

/**
 * The drills: a load and a crash of the runtime. Each starts a server of its own (E2E_PORT + 7 and
 * + 9) and they run last, side by side: alone, each left a third of two cores idle (its requests
 * wait on slow fake sinks and on the runtime's restart), 59 s one after the other against 40 s
 * together on a quiet machine. Each waits on conditions, never on the machine's speed.
 */
const DRILLS = ["tests/e2e/load.test.ts", "tests/e2e/crash.test.ts"];

/**
 * Five projects: `unit` (Node, beside the code) and `worker` (inside workerd, through the Worker's
 * own wrangler.toml) side by side, three files at a time (a worker file mostly imports; vitest's
 * default is one fewer than the cores); then `http` (what reads the built site over HTTP and needs
 * no browser: the W3C Nu checker, the body limit; tests/http/setup.ts) and `e2e` (real Chromium
 * against the Worker's runtime, see tests/e2e/setup.ts), two files at a time in two lanes; then `drills`,
 * side by side.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          setupFiles: ["tests/support/phone-metadata.ts"],
          // a worker's files share the modules they import, and Node's require cache (each test file
          // itself is imported anew): 11 s instead of 20 s and half the CPU beside the Worker project's
          // start. A unit test stubs what it stubs for its own tests and undoes it (vi.unstubAllGlobals,
          // vi.unstubAllEnvs), and no module a unit test imports registers hooks of its own; the files
          // pass in a shuffled order too.
          isolate: false,
          maxWorkers: 3,
        },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: { bindings: workerTestBindings },
          }),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.{ts,tsx}"],
          deps: { optimizer: { ssr: { enabled: true, include: WORKER_DEPS } } },
          globalSetup: ["tests/worker/global-setup.ts"],
          provide: { fcSeed: FC_SEED },
          // a lane's files share one runtime, its modules and its Durable Objects' storage (111 s
          // for unit and worker instead of 211 s): a test counts seats, leads and sinks from what
          // it found, and a drill that swaps an object's clock gives it back (decision 030)
          isolate: false,
          maxWorkers: 3,
          testTimeout: 30_000,
          // seeding a generated 10,000-program catalogue takes seconds on two busy cores
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "http",
          include: ["tests/http/**/*.test.ts"],
          environment: "node",
          // beside the browser files, in their two lanes (a group's projects share its number of workers), after unit and worker
          sequence: { groupOrder: 1 },
          globalSetup: ["tests/http/setup.ts"],
          maxWorkers: 2,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: DRILLS,
          environment: "node",
          // after unit and worker: two cores cannot run browsers and workerd tests at once without
          // starving the workers' sink timeouts
          sequence: { groupOrder: 1 },
          globalSetup: ["tests/e2e/setup.ts"],
          setupFiles: ["tests/e2e/each-test.ts"],
          // a lane's files share the modules they import (playwright-core, the helpers): each file
          // imported them anew for about a second of a core; each test file itself is evaluated anew
          isolate: false,
          // the number of lanes: setup.ts starts a server for each, so a file sees only its own lane's
          // earlier files. Two: a browser test waits on Chromium, workerd and the runner in turn, so one
          // lane leaves a core idle on an idle machine (decision 030)
          maxWorkers: 2,
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // conditions are awaited, never slept on: a browser on a busy two-core machine can take seconds to hydrate
          expect: { poll: { timeout: 20_000, interval: 100 } },
        },
      },
      {
        test: {
          name: "drills",
          include: DRILLS,
          environment: "node",
          sequence: { groupOrder: 2 },
          globalSetup: ["tests/e2e/setup-drills.ts"],
          maxWorkers: 2,
          testTimeout: 300_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 20_000, interval: 100 } },
        },
      },
    ],
  },
});
