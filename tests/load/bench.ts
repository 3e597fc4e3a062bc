/**
 * `npm run bench`: figures, not assertions.
 *  - requests per second of the home page, a program, a seminar and /teachers, rendered by the
 *    Worker (edge cache on), against the same HTML served as a static asset by the same local
 *    runtime (workerd under wrangler dev), side by side, as a ratio per page; and the home page
 *    asked by visitors of the four areas in turn (four cached variants, decision 020);
 *  - the JavaScript bytes each page loads, gzip and brotli;
 *  - leads accepted per second by POST /api/leads (each stored in the outbox before the answer);
 *  - speed at the edge (speed-bench.ts): Lighthouse, render time on a cache miss, stream vs string;
 *  - the first visit of a quiet edge (first-visit.ts): a fresh isolate, an empty cache, the
 *    catalogue near and far, beside the warm path of the same run;
 *  - what it costs to run (costs.ts): per page view, lead and ticket order, and the warm-up, the
 *    Worker invocations, KV operations, Durable Object requests and CPU ms;
 *  - the first screen through the 16 KB wall (first-screen-bench.ts): the byte position of each
 *    template's main action, and LCP on slow 4G.
 * `npm run bench -- costs first-screen` runs those parts alone (any of: load, first-visit, render,
 * search, costs, first-screen); with no part named it runs them all. `npm run bench -- proxy-race`
 * (only when named: about 75 s a round, PROXY_RACE_ROUNDS, 3 by default) asks whether `wrangler dev`'s
 * proxy still holds a request after an idle gap of about 5 s (proxy-race.ts). BENCH_PORT (8795) is the
 * server's port. `npm run bench -- altcha` (only when named, about a minute) times the forms' proof of
 * work on a phone's slowed CPU and in a script (altcha-bench.ts). `npm run bench -- lighthouse` (only when named, about
 * 15 minutes) runs Lighthouse's mobile audit three times on one page of every template and prints the medians against
 * issue 41's targets (lighthouse-templates.ts). `npm run bench -- main-thread` (only when named, about 3 minutes)
 * prints what a phone's slowed main thread does after the first paint of each template (main-thread-bench.ts). The costs part also takes BENCH_INSPECTOR_PORT (9229, wrangler's inspector, for the
 * CPU profile) and BENCH_FAKES_PORT (9185, the fake third parties a lead is delivered to).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { buildAll } from "../../scripts/build";
import { type DevServer, root, startDevServer } from "../../scripts/lib/wrangler";
import { printAltchaCost } from "./altcha-bench";
import { printCosts } from "./costs";
import { printFirstScreen } from "./first-screen-bench";
import { printFirstVisit } from "./first-visit";
import { printLighthouseTemplates } from "./lighthouse-templates";
import { printMainThread } from "./main-thread-bench";
import { printProxyRace } from "./proxy-race";
import { printSearchFigures } from "./search-bench";
import { printRenderCosts, printServedSpeed, speedPages } from "./speed-bench";

const PORT = Number(process.env.BENCH_PORT ?? 8795);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const staticDir = join(root, "public/__bench");
const persistTo = join(root, process.env.BENCH_STATE ?? ".wrangler/bench-state");
const PAGES = ["/", "/net-takoj-stranicy"];
/** The inspector (costs' CPU profile) and the fake third parties of the costs part: ports beside BENCH_PORT's. */
const INSPECTOR_PORT = Number(process.env.BENCH_INSPECTOR_PORT ?? 9229);
const FAKES_PORT = Number(process.env.BENCH_FAKES_PORT ?? 9185);

const PARTS = ["load", "first-visit", "render", "search", "costs", "first-screen"] as const;
/** parts that run only when named */
const ON_REQUEST = ["proxy-race", "altcha", "lighthouse", "main-thread"] as const;
type Part = (typeof PARTS)[number] | (typeof ON_REQUEST)[number];
const named = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
for (const part of named) {
  if (![...PARTS, ...ON_REQUEST].includes(part as Part)) throw new Error(`npm run bench: no part "${part}" (parts: ${[...PARTS, ...ON_REQUEST].join(", ")})`);
}
const runs = (part: Part) => (named.length === 0 && PARTS.includes(part as (typeof PARTS)[number])) || named.includes(part);

/** `errors`: every request that failed or was not 2xx; `lost`: those the runtime never answered (socket errors, timeouts). */
type Load = { rps: number; p50: number; p99: number; errors: number; lost: number };

/** The countries of the four areas (decision 020): each request of an areas' run comes from the next. */
const AREA_COUNTRIES = ["RU", "KZ", "UZ", "DE"];

async function load(url: string, duration = DURATION_S, areas = false): Promise<Load> {
  let n = 0;
  const requests = areas
    ? [{ setupRequest: (request: autocannon.Request) => ({ ...request, headers: { ...request.headers, "cf-ipcountry": AREA_COUNTRIES[n++ % AREA_COUNTRIES.length]! } }) }]
    : undefined;
  const result = await autocannon({ url, connections: CONNECTIONS, duration, ...(requests ? { requests } : {}) });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx, lost: result.errors + result.timeouts };
}

/** Leads with fresh ids, as a form would send them; the limits that stop people typing too fast are off. */
async function leads(base: string) {
  let n = 0;
  const result = await autocannon({
    url: `${base}/api/leads`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ id: `bench-${Date.now().toString(36)}-${(n++).toString(36)}`, name: "Нагрузка", phone: "+7 (900) 000-00-00" }),
        }),
      },
    ],
  });
  const errors = result.errors + result.non2xx;
  // what went wrong, when something did: socket errors and timeouts, or the statuses other than 200
  const detail = errors > 0 ? ` (errors ${result.errors}, timeouts ${result.timeouts}, statuses ${JSON.stringify(result.statusCodeStats)})` : "";
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors, detail };
}

async function javascriptBytes(base: string, path: string) {
  const html = await (await fetch(base + path)).text();
  const urls = [...html.matchAll(/<(?:script type="module" src|script data-entry|link rel="modulepreload" href)="([^"]+)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const url of new Set(urls)) {
    const body = Buffer.from(await (await fetch(base + url)).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
    brotli += brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { files: new Set(urls).size, raw, gzip, brotli };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  await buildAll();
  rmSync(persistTo, { recursive: true, force: true });
  execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/content.ts", "push", "--persist-to", persistTo], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });

  let server: DevServer | undefined;
  let speed: string[] = [];
  if (runs("load") || runs("first-visit") || runs("render") || runs("first-screen") || runs("lighthouse") || runs("main-thread")) {
    try {
      // first run: take each page's rendered HTML, then serve that same HTML as a static asset beside it
      // the forms' proof of work off: the bench posts leads as a script would (decision 092)
      const vars = { LEAD_RATE_LIMIT: "0", LEAD_MIN_FILL_MS: "0", CAPTCHA_PROVIDER: "off" };
      server = await startDevServer({ port: PORT, persistTo, vars, quiet: true });
      speed = await speedPages(server.url);
      if (runs("first-screen")) await printFirstScreen(server.url);
      if (runs("lighthouse")) await printLighthouseTemplates(server.url);
      if (runs("main-thread")) await printMainThread(server.url);
      if (runs("load")) {
        mkdirSync(staticDir, { recursive: true });
        for (const [n, path] of speed.entries()) writeFileSync(join(staticDir, `page-${n}.html`), await (await fetch(server.url + path)).text());
        await server.stop();
        server = await startDevServer({ port: PORT, persistTo, vars, quiet: true });

        console.log(`\nLoad: ${CONNECTIONS} connections, ${DURATION_S} s each, ${process.platform} ${process.arch}, Node ${process.version}\n`);
        console.log("page                                              rendered req/s  p99 ms   static req/s  p99 ms   ratio  errors");
        // the home page once more, its four areas' variants asked in turn
        const row = async (base: string, n: number, path: string, areas: boolean) => {
          // the first request of each variant fills the edge cache (a lost proxy shows here as a request that never answers)
          for (const country of areas ? AREA_COUNTRIES : [undefined]) {
            await (await fetch(base + path, { headers: country ? { "CF-IPCountry": country } : {}, signal: AbortSignal.timeout(30_000) })).text();
          }
          // side by side: each half of the time, alternating, so a busy moment hits both
          const half = Math.max(1, Math.round(DURATION_S / 2));
          const runs: Record<"rendered" | "asset", Load[]> = { rendered: [], asset: [] };
          for (let round = 0; round < 2; round++) {
            runs.rendered.push(await load(base + path, half, areas));
            runs.asset.push(await load(`${base}/__bench/page-${n}`, half));
          }
          return runs;
        };
        for (const [n, path, areas] of [...speed.map((path, n) => [n, path, false] as const), [0, "/", true] as const]) {
          const errorsOf = (runs: Record<"rendered" | "asset", Load[]>) => [...runs.rendered, ...runs.asset].reduce((sum, r) => sum + r.errors, 0);
          const lostOf = (runs: Record<"rendered" | "asset", Load[]>) => [...runs.rendered, ...runs.asset].reduce((sum, r) => sum + r.lost, 0);
          let runs: Record<"rendered" | "asset", Load[]>;
          try {
            runs = await row(server.url, n, path, areas);
            // a proxy lost in the middle of the row: every request after it fails at the socket. A page
            // that answers 4xx or 5xx is the Worker's own answer, reported as it came, never measured again
            if (lostOf(runs) > 0) throw new Error(`${lostOf(runs)} requests never answered`);
          } catch (error) {
            // wrangler dev's own proxy sometimes dies under 20 connections (docs/benchmarks.md, 2026-11-24):
            // the row is measured again on a new server, and the figures say so
            console.log(`  (${path}: the local runtime stopped answering, ${String(error)}; measured again on a new server)`);
            await server.stop();
            server = await startDevServer({ port: PORT, persistTo, vars, quiet: true });
            runs = await row(server.url, n, path, areas);
          }
          const rps = (list: { rps: number }[]) => list.reduce((sum, r) => sum + r.rps, 0) / list.length;
          const p99 = (list: { p99: number }[]) => Math.max(...list.map((r) => r.p99));
          const errors = errorsOf(runs);
          console.log(
            `${(areas ? `${path} (RU, KZ, UZ, elsewhere in turn)` : path).padEnd(48)} ${rps(runs.rendered).toFixed(0).padStart(15)} ${String(p99(runs.rendered)).padStart(7)} ${rps(runs.asset).toFixed(0).padStart(14)} ${String(p99(runs.asset)).padStart(7)} ${(rps(runs.rendered) / rps(runs.asset)).toFixed(2).padStart(7)} ${String(errors).padStart(7)}`,
          );
        }
        console.log("");

        const accepted = await leads(server.url);
        console.log(`leads accepted  ${accepted.rps.toFixed(0).padStart(6)}  ${String(accepted.p50).padStart(6)}  ${String(accepted.p99).padStart(6)}  ${accepted.errors}${accepted.detail}\n`);

        console.log("JavaScript a page loads (entry + preloaded island chunks)");
        console.log("page                    files      raw      gzip    brotli");
        for (const path of PAGES) {
          const js = await javascriptBytes(server.url, path);
          console.log(`${path.padEnd(22)} ${String(js.files).padStart(6)} ${kb(js.raw).padStart(9)} ${kb(js.gzip).padStart(9)} ${kb(js.brotli).padStart(9)}`);
        }

        await printServedSpeed(server.url, speed);
      }
    } finally {
      await server?.stop();
      rmSync(staticDir, { recursive: true, force: true });
    }
  }
  if (runs("first-visit")) await printFirstVisit({ port: PORT, persistTo, paths: ["/teachers", speed[1]!], vars: { LEAD_RATE_LIMIT: "0", LEAD_MIN_FILL_MS: "0" } });
  if (runs("render")) await printRenderCosts(persistTo, speed);

  if (runs("search")) {
    console.log("\nSearch (the engine of /api/search and of the browser's copy of the index), generated catalogues");
    printSearchFigures();
  }
  if (runs("costs")) await printCosts({ port: PORT, inspectorPort: INSPECTOR_PORT, fakesPort: FAKES_PORT, persistTo: `${persistTo}-costs` });
  if (runs("proxy-race")) await printProxyRace(PORT, persistTo);
  if (runs("altcha")) await printAltchaCost(PORT);
}

await main();
