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
let browser: Browser;

beforeAll(async () => {
  const base = inject("baseUrl");
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  const listed = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => {
    const url = new URL(m[1]!.replace(/&amp;/g, "&"));
    return url.pathname + url.search;
  });
  pages = [...listed.filter((path) => !path.endsWith(".pdf")), ...beyondSitemap];
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

  async function violations(page: Page): Promise<string[]> {
    const found = await axeViolations(page, AXE_TAGS);
    // nothing may be wider than the screen: a phone would zoom the whole page out
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    return overflow > 0 ? [...found, `horizontal overflow: ${overflow}px`] : found;
  }

  /** One width's pass over every page; the two widths run side by side. */
  async function axePass(viewport: typeof DESKTOP): Promise<Record<string, string[]>> {
    const context = await browser.newContext({ baseURL: inject("baseUrl"), viewport, bypassCSP: true, locale: "ru-RU" });
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    for (const path of pages) {
      await open(page, path);
      const list = await violations(page);
      if (list.length > 0) found[`${viewport.width}px ${path}`] = list;
    }
    await context.close();
    return found;
  }

  it("has no axe-core violation (WCAG 2.0-2.2 A and AA, best practice) at 1280 px and at 390 px", async () => {
    const [desktop, mobile] = await Promise.all([axePass(DESKTOP), axePass(MOBILE)]);
    expect({ ...desktop, ...mobile }).toEqual({});
  }, 600_000);
});
