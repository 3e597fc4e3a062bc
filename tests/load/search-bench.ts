/**
 * Search latency for generated catalogues of 100, 1,000 and 10,000 programs: the engine the
 * Worker runs for /api/search over the whole index, and the browser runs on its copy (the same
 * code; a sample of a big catalogue), timed in-process, with the size the browser downloads.
 */
import { gzipSync } from "node:zlib";
import { searchDocuments } from "../../src/services/search/documents";
import { buildBrowserIndex, buildSearchIndex, loadSearchIndex, type SearchIndex, searchIndex } from "../../src/services/search/engine";
import { generatedCatalogue } from "../support/content";

/** Whole words, word forms, the wrong layout, typos, words being typed (down to one letter), misses. */
const queries = ["психология", "психологии", "ghjatccbz", "кансультант", "медиа", "супервизия", "детская", "нутрициолог", "КПТ терапия", "zzz", "п", "пс", "псих", "арт-терапия", "клиническая психология", "семейн", "консультриование", "тераипя"];

const percentile = (values: number[], p: number) => values.slice().sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

function latency(index: SearchIndex) {
  const times: number[] = [];
  // warm the JIT first, as a long-lived isolate is
  for (let round = 0; round < 5; round++) for (const query of queries) searchIndex(index, query);
  for (let round = 0; round < 30; round++) {
    for (const query of queries) {
      const start = performance.now();
      searchIndex(index, query);
      times.push(performance.now() - start);
    }
  }
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

export function searchFigures(size: number) {
  const documents = searchDocuments(generatedCatalogue(size));
  const built = performance.now();
  const json = JSON.stringify(buildSearchIndex(documents));
  const buildMs = performance.now() - built;
  const loaded = performance.now();
  const server = loadSearchIndex(json);
  const loadMs = performance.now() - loaded;
  const browserJson = JSON.stringify(buildBrowserIndex(documents));
  const browser = loadSearchIndex(browserJson);
  return {
    size,
    buildMs,
    loadMs,
    server: latency(server),
    browser: latency(browser),
    browserComplete: browser.complete,
    serverKb: gzipSync(json).length / 1024,
    browserKb: gzipSync(browserJson).length / 1024,
  };
}

export function printSearchFigures(sizes = [100, 1_000, 10_000]) {
  console.log("programs  build ms  load ms  server p50/p99 ms  browser p50/p99 ms  browser index KB gzip (whole?)  server index KB gzip");
  for (const size of sizes) {
    const f = searchFigures(size);
    const ms = (l: { p50: number; p99: number }) => `${l.p50.toFixed(2)} / ${l.p99.toFixed(2)}`.padStart(17);
    console.log(
      `${String(size).padStart(8)}  ${f.buildMs.toFixed(0).padStart(8)}  ${f.loadMs.toFixed(0).padStart(7)}  ${ms(f.server)}  ${ms(f.browser)}  ${`${f.browserKb.toFixed(0)} (${f.browserComplete ? "whole" : "sample"})`.padStart(30)}  ${f.serverKb.toFixed(0).padStart(19)}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printSearchFigures();
