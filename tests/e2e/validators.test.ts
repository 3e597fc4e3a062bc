/**
 * What validators nobody here wrote say of every page a crawler reaches (the sitemap, the form
 * pages, search and a 404): the W3C Nu Html Checker (vnu-jar, on Java) and axe-core in Chromium.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { root } from "../../scripts/lib/wrangler";
import { DESKTOP, launchChromium, MOBILE } from "../support/browser";
import { axeViolations, WCAG_TAGS } from "./axe";
import { open } from "./helpers";

const vnuJar = join(root, "node_modules/vnu-jar/build/dist/vnu.jar");

/** Pages outside the sitemap that crawlers and visitors still reach: the forms, search and a 404. */
const beyondSitemap = ["/apply", "/apply?cta=askQuestion", "/gratefull", "/search?q=психолог", "/search?q=щщщщщщ", "/programs?page=2", "/net-takoj-stranicy"];

/**
 * Nu checker warnings reviewed and kept, each with its reason. None today. (Its `info` messages are
 * not warnings and are not read: the only one is «Trailing slash on void elements», React's way of
 * writing `<meta ... />`, harmless since every attribute value is quoted.)
 */
const keptWarnings: { message: RegExp; reason: string }[] = [];

/** Pages as they load are held to WCAG 2.2 too (target size) and to axe's best practices (one h1, named landmarks). */
const AXE_TAGS = [...WCAG_TAGS, "wcag22aa", "best-practice"];

let pages: string[];
/** One page of each template, and every page outside the sitemap: what axe reads at 390 px. */
let samples: Set<string>;
let browser: Browser;

/** A sitemap page's template: its first segment and its depth (`/professions/*\/*`); its pages differ in content only. */
function template(path: string): string {
  const parts = path.split("/").filter(Boolean);
  return parts.length === 0 ? "/" : `/${parts[0]}${"/*".repeat(parts.length - 1)}`;
}

beforeAll(async () => {
  const base = inject("baseUrl");
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  const listed = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => {
    const url = new URL(m[1]!.replace(/&amp;/g, "&"));
    return url.pathname + url.search;
  });
  const sitemap = listed.filter((path) => !path.endsWith(".pdf"));
  pages = [...sitemap, ...beyondSitemap];
  const byTemplate = new Map<string, string>();
  for (const path of sitemap) if (!byTemplate.has(template(path))) byTemplate.set(template(path), path);
  samples = new Set([...byTemplate.values(), ...beyondSitemap]);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

function javaVersion(): string {
  const run = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (run.error || run.status !== 0) {
    throw new Error(
      "The W3C Nu Html Checker (vnu-jar) runs on Java, and `java` was not found: install Java 17 or later " +
        "(on Debian: apt-get install openjdk-17-jre-headless) and run the tests again.",
    );
  }
  return run.stderr.split("\n")[0] ?? "";
}

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

describe("every page a crawler reaches", () => {
  it("has no error by the W3C Nu Html Checker, and no warning that was not reviewed", async () => {
    javaVersion();
    const dir = mkdtempSync(join(tmpdir(), "vnu-"));
    try {
      const files: Record<string, string> = {};
      for (const [index, path] of pages.entries()) {
        const response = await fetch(`${inject("baseUrl")}${path}`);
        const file = join(dir, `page-${index}.html`);
        writeFileSync(file, await response.text());
        files[`file:${file}`] = path;
      }
      const run = spawnSync("java", ["-Xss4m", "-jar", vnuJar, "--format", "json", ...Object.keys(files).map((f) => f.slice(5))], {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
      if (run.error) throw run.error;
      const messages = (JSON.parse(run.stderr) as { messages: VnuMessage[] }).messages;
      const findings = messages
        .filter((m) => m.type !== "info" || m.subType === "warning")
        .filter((m) => !keptWarnings.some((kept) => m.type === "info" && kept.message.test(m.message)))
        .map((m) => `${files[m.url] ?? m.url}:${m.lastLine ?? "?"} ${m.type}${m.subType ? `/${m.subType}` : ""}: ${m.message}`);
      expect(findings).toEqual([]);
      expect(Object.keys(files).length).toBeGreaterThan(100);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  async function violations(page: Page, axe: boolean): Promise<string[]> {
    const found = axe ? await axeViolations(page, AXE_TAGS) : [];
    // nothing may be wider than the screen: a phone would zoom the whole page out
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    return overflow > 0 ? [...found, `horizontal overflow: ${overflow}px`] : found;
  }

  interface Visit {
    path: string;
    viewport: typeof DESKTOP;
    axe: boolean;
  }

  /** Two lanes, each with a tab per width, work through the visits side by side until none is left. */
  async function visitAll(visits: Visit[]): Promise<Record<string, string[]>> {
    const queue = [...visits];
    const found: Record<string, string[]> = {};
    const lane = async () => {
      const tabs = new Map<number, Page>();
      for (let visit = queue.shift(); visit; visit = queue.shift()) {
        let page = tabs.get(visit.viewport.width);
        if (!page) {
          const context = await browser.newContext({ baseURL: inject("baseUrl"), viewport: visit.viewport, bypassCSP: true, locale: "ru-RU" });
          page = await context.newPage();
          tabs.set(visit.viewport.width, page);
        }
        await open(page, visit.path);
        const list = await violations(page, visit.axe);
        if (list.length > 0) found[`${visit.viewport.width}px ${visit.path}`] = list;
      }
      for (const page of tabs.values()) await page.context().close();
    };
    await Promise.all([lane(), lane()]);
    return found;
  }

  it("has no axe-core violation (WCAG 2.0-2.2 A and AA, best practice) at 1280 px, nor at 390 px on one page of each template, and nothing wider than a phone", async () => {
    // pages of one template differ at 390 px in length only, which the overflow check covers: axe reads one of each there
    const visits = pages.flatMap((path) => [
      { path, viewport: DESKTOP, axe: true },
      { path, viewport: MOBILE, axe: samples.has(path) },
    ]);
    expect(await visitAll(visits)).toEqual({});
    expect(samples.size).toBeGreaterThan(20);
  }, 600_000);
});
