/**
 * The first-visit and miss-latency parts of `npm run bench` alone, for a change to the page cache
 * (decision 043), without the load rows, Lighthouse of four pages and search: `npx tsx
 * tests/load/first-visit-run.ts`. FV_PATHS (comma-separated, /teachers and a program by default),
 * FV_DELAYS (CATALOGUE_READ_DELAY_MS values, "0,300"), FV_SAMPLES (fresh servers per row, 5), FV_LCP=1
 * (Lighthouse's LCP of a first visit, KV near and far), FV_MISS=1 (missLatencies on one warm server),
 * FV_SKIP_BUILD=1 (the build is fresh already), FV_PORT. One JSON line per row: figures, not assertions.
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { buildAll } from "../../scripts/build";
import { root } from "../../scripts/lib/wrangler";
import { firstVisitFigures, firstVisitLcp } from "./first-visit";

const port = Number(process.env.FV_PORT ?? 8861);
const persistTo = join(root, process.env.BENCH_STATE ?? ".wrangler/first-visit-state");
if (!process.env.FV_SKIP_BUILD) await buildAll();
rmSync(persistTo, { recursive: true, force: true });
execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/content.ts", "push", "--persist-to", persistTo], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
const paths = (process.env.FV_PATHS ?? "/teachers,/professions/konsultirovanie/psiholog-konsultant").split(",");
const delays = (process.env.FV_DELAYS ?? "0,300").split(",").map(Number);
const samples = Number(process.env.FV_SAMPLES ?? 5);
const vars = { LEAD_RATE_LIMIT: "0", LEAD_MIN_FILL_MS: "0" };
const rows = await firstVisitFigures({ port, persistTo, paths, delays, samples, vars });
for (const r of rows) {
  const target = Math.max(3 * r.warmMiss.lastByteMs, r.warmMiss.lastByteMs + 40);
  console.log(JSON.stringify({ path: r.path, delay: r.delayMs, source: r.source, coldFirst: +r.cold.firstByteMs.toFixed(1), coldLast: +r.cold.lastByteMs.toFixed(1), missLast: +r.warmMiss.lastByteMs.toFixed(1), hitLast: +r.warmHit.lastByteMs.toFixed(1), target: +target.toFixed(1) }));
}
if (process.env.FV_LCP) for (const delayMs of [0, 300]) console.log(JSON.stringify({ lcp: await firstVisitLcp({ port, persistTo, path: paths[0]!, delayMs, vars }), delayMs }));
if (process.env.FV_MISS) {
  const { startDevServer } = await import("../../scripts/lib/wrangler");
  const { missLatencies } = await import("./miss-latency");
  const server = await startDevServer({ port, persistTo, vars, quiet: true });
  try {
    for (const [path, f] of await missLatencies(server.url, paths)) console.log(JSON.stringify({ miss: path, missMs: f.missMs, hitMs: f.hitMs, staticMs: f.staticMs }));
  } finally {
    await server.stop();
  }
}
