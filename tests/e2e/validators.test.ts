/**
 * What validators nobody here wrote say of every page a crawler reaches (the sitemap, the form
 * pages, search and a 404): the W3C Nu Html Checker (vnu-jar, on Java) on every one of them. axe-core
 * reads one page of each template (validators-axe.test.ts) and every page's width is read on a
 * phone (validators-width.test.ts): three files, so the browser tests' two lanes share the work.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../../scripts/lib/wrangler";
import { crawledPages } from "./crawled-pages";
import { siteUrl } from "./helpers";

const vnuJar = join(root, "node_modules/vnu-jar/build/dist/vnu.jar");

/**
 * Nu checker warnings reviewed and kept, each with its reason. None today. (Its `info` messages are
 * not warnings and are not read: the only one is «Trailing slash on void elements», React's way of
 * writing `<meta ... />`, harmless since every attribute value is quoted.)
 */
const keptWarnings: { message: RegExp; reason: string }[] = [];

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
      const { pages } = await crawledPages();
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
});
