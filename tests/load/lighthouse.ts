/**
 * Lighthouse on pages of the local runtime: the default mobile form factor with simulated
 * throttling, Debian's chromium headless, nothing sent anywhere (no error reporting, no update
 * checks, no background networking).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumPath, ensureChromium } from "../../scripts/ensure-chromium";
import { CHROMIUM_ARGS } from "../support/browser";

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** cumulative layout shift */
  cls: number;
  /** largest contentful paint, simulated slow 4G and a mid-range phone, ms */
  lcpMs: number;
  /** total blocking time, ms */
  tbtMs: number;
  /** scored audits that did not pass, with their score, so a miss says why */
  failing: string[];
  /** what the largest contentful paint painted (a selector), in each run */
  lcpElements: string[];
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** The selector of the LCP element from its audit's details (a table of tables in Lighthouse 12). */
function lcpElementOf(details: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (!value || typeof value !== "object") return;
    const node = value as { type?: string; selector?: string };
    if (node.type === "node" && node.selector) found.push(node.selector);
    for (const child of Object.values(value)) walk(child);
  };
  walk(details);
  return found.slice(0, 1);
}

/**
 * Lighthouse's own failure to read a trace (NO_NAVSTART now and then on a busy machine, twice in a
 * row once on 2026-11-24 with the catalogue 300 ms away): worth two more tries, a second apart.
 */
async function audit(url: string, port: number, attemptsLeft = 3): Promise<LighthouseFigures> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) {
    if (attemptsLeft > 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return audit(url, port, attemptsLeft - 1);
    }
    throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  }
  const score = (id: (typeof CATEGORIES)[number]) => Math.round((categories[id]?.score ?? 0) * 100);
  const weighted = new Set(CATEGORIES.flatMap((id) => (categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0).map((ref) => ref.id)));
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    lcpElements: lcpElementOf(audits["largest-contentful-paint-element"]?.details),
    failing: Object.values(audits)
      .filter((audit) => weighted.has(audit.id) && audit.score !== null && audit.score < 1)
      .map((audit) => `${audit.id} ${audit.score?.toFixed(2)}${audit.displayValue ? ` (${audit.displayValue})` : ""}`),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Runs Lighthouse `runs` times on each URL (one browser, a fresh profile) and gives the median of
 * each figure; the failing audits are those of any run.
 */
export async function lighthouseFigures(urls: string[], runs = 3): Promise<Map<string, LighthouseFigures>> {
  ensureChromium();
  const profile = mkdtempSync(join(tmpdir(), "lighthouse-"));
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: CHROMIUM_ARGS, userDataDir: profile, logLevel: "silent" });
  const figures = new Map<string, LighthouseFigures>();
  try {
    for (const url of urls) {
      const results: LighthouseFigures[] = [];
      for (let run = 0; run < runs; run++) results.push(await audit(url, chrome.port));
      const of = (key: Exclude<keyof LighthouseFigures, "failing" | "lcpElements">) => median(results.map((result) => result[key]));
      figures.set(url, {
        performance: of("performance"),
        accessibility: of("accessibility"),
        bestPractices: of("bestPractices"),
        seo: of("seo"),
        cls: of("cls"),
        lcpMs: of("lcpMs"),
        tbtMs: of("tbtMs"),
        lcpElements: [...new Set(results.flatMap((result) => result.lcpElements))],
        failing: [...new Set(results.flatMap((result) => result.failing.map((line) => line.replace(/ [\d.]+( \(.*\))?$/, ""))))],
      });
    }
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
  return figures;
}
