/**
 * The first visit of a quiet edge (issue #18), for `npm run bench`: a fresh isolate (a new
 * `wrangler dev`), an empty edge cache, and the catalogue near (no delay) or far
 * (CATALOGUE_READ_DELAY_MS=300, every KV read waits that long). The page either comes from the
 * pages tier (decision 043: another isolate of the same build rendered it before; a server is
 * started and asked for it first) or is rendered (PAGE_TIER=off: a page nobody has asked for since
 * the deploy or the push). Each figure is taken from outside, over a fresh connection: the time to
 * the first byte and to the last byte of the isolate's first page, beside a warm miss (the same
 * page rendered again by the same isolate: the low-vision version, never cached) and a warm hit;
 * and Lighthouse's LCP (simulated slow 4G) for a first visit. Figures, not assertions.
 */
import { rmSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { startDevServer } from "../../scripts/lib/wrangler";
import { lighthouseFigures } from "./lighthouse";

export interface Timing {
  firstByteMs: number;
  lastByteMs: number;
}

/** One GET over a connection of its own, as a browser's first request. */
export function timedFirstGet(url: string, headers: Record<string, string> = {}): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const since = () => Number(process.hrtime.bigint() - start) / 1e6;
    request(url, { agent: false, headers: { Accept: "text/html", ...headers } }, (response) => {
      let firstByteMs = -1;
      response.on("data", () => {
        if (firstByteMs < 0) firstByteMs = since();
      });
      response.on("end", () => resolve({ firstByteMs, lastByteMs: since() }));
    })
      .on("error", reject)
      .end();
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export interface FirstVisitRow {
  path: string;
  delayMs: number;
  /** "tier": the page from the pages tier; "render": rendered by the fresh isolate */
  source: "tier" | "render";
  cold: Timing;
  warmMiss: Timing;
  warmHit: Timing;
}

/** A fresh server (and an empty Cache API) for each sample; content read from `persistTo`. */
async function freshServer(port: number, persistTo: string, delayMs: number, vars: Record<string, string>) {
  rmSync(join(persistTo, "v3/cache"), { recursive: true, force: true });
  return startDevServer({ port, persistTo, quiet: true, vars: { ...vars, CATALOGUE_READ_DELAY_MS: String(delayMs) } });
}

export async function firstVisitFigures(options: {
  port: number;
  persistTo: string;
  paths: string[];
  delays?: number[];
  samples?: number;
  vars?: Record<string, string>;
}): Promise<FirstVisitRow[]> {
  const { port, persistTo, paths, delays = [0, 300], samples = 3, vars = {} } = options;
  const rows: FirstVisitRow[] = [];
  const summary = (list: Timing[]): Timing => ({ firstByteMs: median(list.map((t) => t.firstByteMs)), lastByteMs: median(list.map((t) => t.lastByteMs)) });
  for (const delayMs of delays) {
    for (const path of paths) {
      for (const source of ["tier", "render"] as const) {
        const settings = source === "tier" ? vars : { ...vars, PAGE_TIER: "off" };
        if (source === "tier") {
          // another isolate of this build renders the page first, and keeps it in the tier
          const primer = await freshServer(port, persistTo, delayMs, settings);
          try {
            await timedFirstGet(primer.url + path);
            // the page goes to the tier after its answer (waitUntil): the primer lives until it is there
            await new Promise((resolve) => setTimeout(resolve, 1000));
          } finally {
            await primer.stop();
          }
        }
        const cold: Timing[] = [];
        const warmMiss: Timing[] = [];
        const warmHit: Timing[] = [];
        for (let sample = 0; sample < samples; sample++) {
          const server = await freshServer(port, persistTo, delayMs, settings);
          try {
            cold.push(await timedFirstGet(server.url + path));
            // the isolate is warm now: its misses and hits, each over a new connection
            for (let i = 0; i < 5; i++) {
              warmMiss.push(await timedFirstGet(server.url + path, { Cookie: "low_vision=1" }));
              warmHit.push(await timedFirstGet(server.url + path));
            }
          } finally {
            await server.stop();
          }
        }
        rows.push({ path, delayMs, source, cold: summary(cold), warmMiss: summary(warmMiss), warmHit: summary(warmHit) });
      }
    }
  }
  return rows;
}

/** Lighthouse's LCP when Lighthouse is the fresh isolate's first visitor. */
export async function firstVisitLcp(options: { port: number; persistTo: string; path: string; delayMs: number; vars?: Record<string, string> }): Promise<number> {
  const server = await freshServer(options.port, options.persistTo, options.delayMs, options.vars ?? {});
  try {
    const figures = await lighthouseFigures([server.url + options.path], 1);
    return [...figures.values()][0]!.lcpMs;
  } finally {
    await server.stop();
  }
}

const ms = (value: number) => value.toFixed(1).padStart(8);

export async function printFirstVisit(options: { port: number; persistTo: string; paths: string[]; vars?: Record<string, string> }): Promise<void> {
  console.log("\nFirst visit of a quiet edge: a fresh isolate, an empty edge cache; medians of 3 fresh servers, ms, each request on a new connection");
  console.log("(delay: CATALOGUE_READ_DELAY_MS, every catalogue read waits that long, as at an edge far from KV)");
  console.log("(source: tier = the page another isolate of this build rendered, from the pages tier; render = PAGE_TIER=off, rendered cold)");
  console.log("(target of issue #18: cold last byte at most 3 times the warm miss, or the warm miss + 40 ms, whichever is larger)");
  console.log("page                                   delay source   cold TTFB   cold last   warm miss TTFB/last   warm hit TTFB/last   cold/warm miss   target");
  for (const row of await firstVisitFigures(options)) {
    const ratio = row.cold.lastByteMs / row.warmMiss.lastByteMs;
    const target = Math.max(3 * row.warmMiss.lastByteMs, row.warmMiss.lastByteMs + 40);
    const met = row.delayMs > 0 ? "" : row.cold.lastByteMs <= target ? `met (${target.toFixed(0)})` : `missed (${target.toFixed(0)})`;
    console.log(
      `${row.path.padEnd(38)} ${String(row.delayMs).padStart(6)} ${row.source.padEnd(6)} ${ms(row.cold.firstByteMs)}    ${ms(row.cold.lastByteMs)}  ${ms(row.warmMiss.firstByteMs)} /${ms(row.warmMiss.lastByteMs)}  ${ms(row.warmHit.firstByteMs)} /${ms(row.warmHit.lastByteMs)}  ${ratio.toFixed(1).padStart(8)}   ${met}`,
    );
  }
  console.log("\nLighthouse LCP of a first visit (mobile, simulated slow 4G), ms");
  for (const delayMs of [0, 300]) {
    const lcp = await firstVisitLcp({ port: options.port, persistTo: options.persistTo, path: options.paths[0]!, delayMs, vars: options.vars });
    console.log(`${options.paths[0]!.padEnd(46)} delay ${String(delayMs).padStart(4)}: LCP ${lcp.toFixed(0)}`);
  }
}
