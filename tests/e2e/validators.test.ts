/**
 * What validators nobody here wrote say of every page a crawler reaches (the sitemap, the form
 * pages, search and a 404): the W3C Nu Html Checker (vnu-jar, on Java) on every one of them, axe-core
 * in Chromium on one page of each template and every page outside the sitemap at both widths, and
 * the width of every page on a phone.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { root } from "../../scripts/lib/wrangler";
import { DESKTOP, launchChromium, MOBILE } from "../support/browser";
import { axeViolations, WCAG_TAGS } from "./axe";
import { open, siteUrl } from "./helpers";

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
/** One page of each template, and every page outside the sitemap: what axe reads. */
let samples: Set<string>;
let browser: Browser;

/** A sitemap page's template: its first segment and its depth (`/professions/*\/*`); its pages differ in content only. */
function template(path: string): string {
  const parts = path.split("/").filter(Boolean);
  return parts.length === 0 ? "/" : `/${parts[0]}${"/*".repeat(parts.length - 1)}`;
}

beforeAll(async () => {
  const base = siteUrl();
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
        const response = await fetch(`${siteUrl()}${path}`);
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

  /** Nothing may be wider than the screen: a phone would zoom the whole page out. */
  const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  /** Two tabs (one per width) work through the paths side by side, each finding what `check` finds. */
  async function visitAll(
    paths: string[],
    options: { viewport: typeof DESKTOP; javaScriptEnabled: boolean },
    check: (page: Page, path: string) => Promise<string[]>,
  ): Promise<Record<string, string[]>> {
    const queue = [...paths];
    const found: Record<string, string[]> = {};
    const lane = async () => {
      const context = await browser.newContext({ baseURL: siteUrl(), bypassCSP: true, locale: "ru-RU", ...options });
      const page = await context.newPage();
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        const list = await check(page, path);
        if (list.length > 0) found[`${options.viewport.width}px ${path}`] = list;
      }
      await context.close();
    };
    await Promise.all([lane(), lane()]);
    return found;
  }

  it("has no axe-core violation (WCAG 2.0-2.2 A and AA, best practice) on one page of each template and every page outside the sitemap, at 1280 px and at 390 px", async () => {
    // pages of one template share their markup and differ in content only, which the Nu checker reads on every page
    const axeAt = (viewport: typeof DESKTOP) =>
      visitAll([...samples], { viewport, javaScriptEnabled: true }, async (page, path) => {
        await open(page, path);
        const overflow = await overflowOf(page);
        return [...(await axeViolations(page, AXE_TAGS)), ...(overflow > 0 ? [`horizontal overflow: ${overflow}px`] : [])];
      });
    expect({ ...(await axeAt(DESKTOP)), ...(await axeAt(MOBILE)) }).toEqual({});
    expect(samples.size).toBeGreaterThan(20);
  }, 300_000);

  it("has nothing wider than a phone's screen on any page at 390 px", async () => {
    // the layout is the stylesheet's alone (no script changes a page's width): the pages are read as they load
    // (the stylesheet applied, which DOMContentLoaded does not wait for), with their fonts, which is what a long
    // word or a wide table would overflow with
    const found = await visitAll(pages, { viewport: MOBILE, javaScriptEnabled: false }, async (page, path) => {
      await page.goto(path, { waitUntil: "load" });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const overflow = await overflowOf(page);
      return overflow > 0 ? [`horizontal overflow: ${overflow}px`] : [];
    });
    expect(found).toEqual({});
    expect(pages.length).toBeGreaterThan(100);
  }, 300_000);
});
