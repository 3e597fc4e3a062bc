/**
 * What validators nobody here wrote say of every page a crawler reaches (the sitemap, the form
 * pages, search and a 404) and of every page a form posted without JavaScript comes back as: the
 * W3C Nu Html Checker (vnu-jar, on Java) on every one of them, each first asked for its status, so
 * an error page is never validated in a page's place. It reads HTML only, so it runs without a
 * browser (the `http` project); axe-core reads every page too, and every page's width on a phone,
 * in Chromium (tests/e2e/validators-axe.test.ts).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../../scripts/lib/wrangler";
import { crawledPages, statusOf } from "../e2e/crawled-pages";
import { eachPost, firstVisit, formPosts, postAsBrowser } from "../e2e/form-posts";
import { siteUrl } from "../e2e/helpers";

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
      const statuses: string[] = [];
      const keep = (label: string, status: number, expected: number, html: string) => {
        if (status !== expected) statuses.push(`${label}: ${status}, expected ${expected}`);
        const file = join(dir, `page-${Object.keys(files).length}.html`);
        writeFileSync(file, html);
        files[`file:${file}`] = label;
      };
      const { pages, seminarId } = await crawledPages();
      for (const path of pages) {
        const response = await fetch(`${siteUrl()}${path}`);
        keep(path, response.status, statusOf(path), await response.text());
      }
      const cookies = await firstVisit();
      await eachPost(seminarId, formPosts(seminarId, "+7 (912) 555-01-17"), async (post) => {
        const { url, response } = await postAsBrowser(post, cookies);
        keep(`POST ${post.path} (${post.label}) -> ${url}`, response.status, post.status, await response.text());
      });
      // a page that is not the one asked for (a 500 in a page's place) is not validated as if it were
      expect(statuses).toEqual([]);
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
