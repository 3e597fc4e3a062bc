/**
 * Lighthouse on pages of the local runtime: the default mobile form factor with simulated
 * throttling, Debian's chromium headless, nothing sent anywhere (no error reporting, no update
 * checks, no background networking).
 *
 * Lighthouse is a package of its own (tests/load/lighthouse/package.json, with its lockfile),
 * installed there on the first benchmark that needs it: the project's own install carries no
 * second browser driver and none of its telemetry packages (issue 39).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumPath, ensureChromium } from "../../scripts/ensure-chromium";
import { CHROMIUM_ARGS } from "../support/browser";

const HOME = fileURLToPath(new URL("./lighthouse/", import.meta.url));

/** The little of Lighthouse's result this file reads. */
interface AuditResult {
  id: string;
  score: number | null;
  displayValue?: string;
  numericValue?: number;
  details?: unknown;
}
interface LighthouseResult {
  lhr: {
    runtimeError?: { code: string; message: string };
    categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
    audits: Partial<Record<string, AuditResult>>;
  };
}
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;
type Launch = (options: Record<string, unknown>) => Promise<{ port: number; kill(): void }>;

/** Lighthouse and chrome-launcher from their own folder, installed from its lockfile when missing. */
async function lighthouseModules(): Promise<{ lighthouse: Lighthouse; launch: Launch }> {
  if (!existsSync(join(HOME, "node_modules", "lighthouse"))) {
    console.log("Installing Lighthouse for the benchmark (tests/load/lighthouse)...");
    execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--prefix", HOME], { stdio: "inherit" });
  }
  const lighthouse = (await import(join(HOME, "node_modules", "lighthouse", "core", "index.js"))).default as Lighthouse;
  const { launch } = (await import(join(HOME, "node_modules", "chrome-launcher", "dist", "index.js"))) as { launch: Launch };
  return { lighthouse, launch };
}

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
  /** the main thread's work by kind (Lighthouse's groups: "Style & Layout", "Script Evaluation", …), ms at the simulated CPU */
  mainThread: Record<string, number>;
  /** the scripts that ran longest (the `bootup-time` audit: evaluation and compilation, ms at the simulated CPU), of the last run */
  scripts: { url: string; ms: number }[];
}

/** The `bootup-time` audit's table: each script's time on the main thread, longest first. */
function scriptsOf(details: unknown): { url: string; ms: number }[] {
  const items = (details as { items?: { url?: string; total?: number }[] } | undefined)?.items ?? [];
  return items
    .filter((item) => item.url && typeof item.total === "number")
    .map((item) => ({ url: item.url!, ms: item.total! }))
    .sort((a, b) => b.ms - a.ms);
}

/** The main thread's work by kind, from the `mainthread-work-breakdown` audit's table. */
function mainThreadOf(details: unknown): Record<string, number> {
  const items = (details as { items?: { groupLabel?: string; duration?: number }[] } | undefined)?.items ?? [];
  return Object.fromEntries(items.filter((item) => item.groupLabel && typeof item.duration === "number").map((item) => [item.groupLabel!, item.duration!]));
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
async function audit(lighthouse: Lighthouse, url: string, port: number, attemptsLeft = 3): Promise<LighthouseFigures> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) {
    if (attemptsLeft > 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return audit(lighthouse, url, port, attemptsLeft - 1);
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
    mainThread: mainThreadOf(audits["mainthread-work-breakdown"]?.details),
    scripts: scriptsOf(audits["bootup-time"]?.details),
    failing: Object.values(audits)
      .filter((audit): audit is AuditResult => audit !== undefined && weighted.has(audit.id) && audit.score !== null && audit.score < 1)
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
  const { lighthouse, launch } = await lighthouseModules();
  const profile = mkdtempSync(join(tmpdir(), "lighthouse-"));
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: CHROMIUM_ARGS, userDataDir: profile, logLevel: "silent" });
  const figures = new Map<string, LighthouseFigures>();
  try {
    for (const url of urls) {
      const results: LighthouseFigures[] = [];
      for (let run = 0; run < runs; run++) results.push(await audit(lighthouse, url, chrome.port));
      const of = (key: Exclude<keyof LighthouseFigures, "failing" | "lcpElements" | "mainThread" | "scripts">) => median(results.map((result) => result[key]));
      const groups = [...new Set(results.flatMap((result) => Object.keys(result.mainThread)))];
      figures.set(url, {
        performance: of("performance"),
        accessibility: of("accessibility"),
        bestPractices: of("bestPractices"),
        seo: of("seo"),
        cls: of("cls"),
        lcpMs: of("lcpMs"),
        tbtMs: of("tbtMs"),
        lcpElements: [...new Set(results.flatMap((result) => result.lcpElements))],
        mainThread: Object.fromEntries(groups.map((group) => [group, median(results.map((result) => result.mainThread[group] ?? 0))])),
        scripts: results.at(-1)?.scripts ?? [],
        failing: [...new Set(results.flatMap((result) => result.failing.map((line) => line.replace(/ [\d.]+( \(.*\))?$/, ""))))],
      });
    }
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
  return figures;
}
