/**
 * Search latency for generated catalogues of 100, 1,000 and 10,000 programs: the engine the
 * Worker runs for /api/search and the browser runs on its compact index (the same code), timed
 * in-process, with the size of the index the browser downloads.
 */
import { gzipSync } from "node:zlib";
import type { Catalogue } from "../../src/services/catalogue/build";
import { searchDocuments } from "../../src/services/search/documents";
import { buildSearchIndex, loadSearchIndex, searchIndex } from "../../src/services/search/engine";
import { defaultCatalogue } from "../support/content";

const queries = ["психология", "психологии", "ghjatccbz", "кансультант", "медиа", "супервизия", "детская", "нутрициолог", "КПТ терапия", "zzz"];

export function generatedCatalogue(size: number): Catalogue {
  const base = defaultCatalogue(`bench-${size}`);
  const programs = Array.from({ length: size }, (_, i) => {
    const p = base.programs[i % base.programs.length]!;
    return { ...p, id: `${p.id}-${i}`, slug: `${p.slug}-${i}`, title: `${p.title} ${i}`, price: (i * 7919) % 250_000 };
  });
  return { ...base, programs };
}

const percentile = (values: number[], p: number) => values.slice().sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

export function searchFigures(size: number) {
  const catalogue = generatedCatalogue(size);
  const built = performance.now();
  const index = buildSearchIndex(searchDocuments(catalogue));
  const buildMs = performance.now() - built;
  const json = JSON.stringify(index);
  const loaded = performance.now();
  const browser = loadSearchIndex(json);
  const loadMs = performance.now() - loaded;
  const times: number[] = [];
  // warm the JIT first, as a long-lived isolate is
  for (let round = 0; round < 5; round++) for (const query of queries) searchIndex(browser, query);
  for (let round = 0; round < 30; round++) {
    for (const query of queries) {
      const start = performance.now();
      searchIndex(browser, query);
      times.push(performance.now() - start);
    }
  }
  return { size, buildMs, loadMs, p50: percentile(times, 0.5), p99: percentile(times, 0.99), indexKb: gzipSync(json).length / 1024 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log("programs  build ms  load ms  p50 ms  p99 ms  index KB gzip");
  for (const size of [100, 1_000, 10_000]) {
    const f = searchFigures(size);
    console.log(`${String(size).padStart(8)}  ${f.buildMs.toFixed(0).padStart(8)}  ${f.loadMs.toFixed(0).padStart(7)}  ${f.p50.toFixed(2).padStart(6)}  ${f.p99.toFixed(2).padStart(6)}  ${f.indexKb.toFixed(0).padStart(13)}`);
  }
}
