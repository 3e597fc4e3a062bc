import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { root } from "./lib/wrangler";

/**
 * Initial JavaScript on any page (issue #8): the entry and the chunks it imports, plus React and the
 * islands hydrated at once. Until 2026-11-29 this counted the entry's own file alone: its imports,
 * shared with the islands, grew to 3.1 KB unseen (decision 098).
 */
const INITIAL_JS_BUDGET_GZIP = 80 * 1024;

/** What every page asks for once its entry runs, a tap waiting for none of it (client/visit.ts, client/after-paint.ts: decision 098). */
const AFTER_PAINT_BUDGET_GZIP = 5 * 1024;

const manifest = JSON.parse(readFileSync(join(root, "build/manifest.json"), "utf8")) as {
  entry: string;
  entryChunks: string[];
  afterPaint: string[];
  css: string;
  react: string[];
  islands: Record<string, string[]>;
};
const gzip = (url: string) => gzipSync(readFileSync(join(root, "public", url)), { level: 9 }).length;

/** Islands declared to hydrate at once ("load"), by their source. */
function eagerIslands(): string[] {
  return Object.keys(manifest.islands).filter((name) =>
    /defineIsland\([^)]*"load"\)/.test(readFileSync(join(root, "src/components", `${name}.island.tsx`), "utf8")),
  );
}

describe("byte budgets", () => {
  it("keeps the initial JavaScript of every page under 80 KB gzip, even with every eager island on it", () => {
    const files = new Set([manifest.entry, ...manifest.entryChunks, ...manifest.react, ...eagerIslands().flatMap((name) => manifest.islands[name] ?? [])]);
    const total = [...files].reduce((sum, url) => sum + gzip(url), 0);
    console.log(`initial JavaScript, worst page: ${(total / 1024).toFixed(1)} KB gzip (${files.size} files)`);
    expect(total).toBeLessThanOrEqual(INITIAL_JS_BUDGET_GZIP);
  });

  it("keeps a page without an island that hydrates at once under 20 KB before the first interaction", () => {
    const entry = [manifest.entry, ...manifest.entryChunks].reduce((sum, url) => sum + gzip(url), 0);
    console.log(`initial JavaScript, a page whose islands wait: ${(entry / 1024).toFixed(1)} KB gzip (${1 + manifest.entryChunks.length} files)`);
    expect(entry).toBeLessThanOrEqual(20 * 1024);
  });

  it("keeps what every page asks for once its entry runs small, and out of what a first tap waits for", () => {
    const before = new Set([manifest.entry, ...manifest.entryChunks]);
    const own = manifest.afterPaint.filter((url) => !before.has(url));
    const bytes = own.reduce((sum, url) => sum + gzip(url), 0);
    console.log(`JavaScript every page asks for once its entry runs: ${(bytes / 1024).toFixed(1)} KB gzip (${own.length} files)`);
    expect(own.length).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(AFTER_PAINT_BUDGET_GZIP);
  });

  it("keeps the header, which hydrates on the first interaction, small", () => {
    const own = manifest.islands["layout/Header"]!.reduce((sum, url) => sum + gzip(url), 0);
    expect(own).toBeLessThanOrEqual(20 * 1024);
  });

  it("keeps the one stylesheet small", () => {
    expect(gzip(manifest.css)).toBeLessThanOrEqual(20 * 1024);
  });
});
