import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import documentFiles from "../../build/documents.json";
import { defaultCatalogue } from "../support/content";
import { decode } from "./html";
import { seedCatalogue } from "./seed";

const origin = "https://mip.institute";

/**
 * Pages other open issues build. Each entry names its issue; the list only ever shrinks, and a
 * link outside it that does not answer fails the crawl.
 */
const pendingElsewhere: { pattern: RegExp; issue: number }[] = [];

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("crawl-v1"));
});

const links = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"#]*)(#[^"]*)?"/g)]
    .map((m) => (m[1] ?? "").replace(/&amp;/g, "&"))
    .filter((href) => href.startsWith("/") && !href.startsWith("//"));

describe("the site's own links", () => {
  it("all lead somewhere, starting from the home page", async () => {
    const seen = new Set<string>(["/"]);
    const queue = ["/"];
    const broken: string[] = [];
    const pending = new Set<string>();
    const lostLabels: string[] = [];
    let aboutLinks = 0;
    const visit = async (path: string) => {
      // PDFs are static assets (the asset layer serves them before the Worker): the build must have made them
      const pdf = /^\/docs\/pdf\/([\w-]+)\.pdf$/.exec(path);
      if (pdf) {
        if (!(pdf[1]! in documentFiles)) broken.push(`${path}: no such PDF in the build`);
        return;
      }
      // so are the drawn pictures (a graduation document's sample links to its largest file)
      if (path.startsWith("/images/gen/")) {
        // read from the Worker's static assets, as a visitor's browser gets it (SELF.fetch does not serve them)
        const picture = await env.ASSETS.fetch(new Request(`${origin}${path}`));
        await picture.body?.cancel();
        if (!picture.ok || !picture.headers.get("content-type")?.startsWith("image/")) broken.push(`${path}: no such picture in the build`);
        return;
      }
      const response = await SELF.fetch(`${origin}${path}`, { redirect: "manual" });
      const html = await response.text();
      if (response.status >= 300 && response.status < 400) {
        const target = new URL(response.headers.get("location") ?? "/", origin);
        if (target.origin === origin && !seen.has(target.pathname + target.search)) {
          seen.add(target.pathname + target.search);
          queue.push(target.pathname + target.search);
        }
        return;
      }
      if (response.status !== 200) {
        const owner = pendingElsewhere.find((p) => p.pattern.test(path.split("?")[0]!));
        if (owner) pending.add(`${path.split("?")[0]} (#${owner.issue})`);
        else broken.push(`${path}: ${response.status}`);
        return;
      }
      if (!response.headers.get("content-type")?.startsWith("text/html")) return;
      // /apply keeps only the labels the site's CTAs carry (page-params.ts): each CTA's own label must survive
      const about = new URL(path, origin).searchParams.get("about");
      if (path.startsWith("/apply?") && about !== null) {
        aboutLinks++;
        const sent = /name="blockForAmo" value="([^"]*)"/.exec(html)?.[1];
        if (sent === undefined || decode(sent) !== about) lostLabels.push(path);
      }
      for (const href of links(html)) {
        if (seen.has(href)) continue;
        seen.add(href);
        queue.push(href);
      }
    };
    // a few pages at once: each page's I/O (KV, the Cache API, Durable Objects) overlaps another's render
    const running = new Set<Promise<void>>();
    while (queue.length > 0 || running.size > 0) {
      while (queue.length > 0 && running.size < 6) {
        const task: Promise<void> = visit(queue.shift()!).finally(() => running.delete(task));
        running.add(task);
      }
      await Promise.race(running);
    }
    expect(broken).toEqual([]);
    expect(lostLabels).toEqual([]);
    expect(aboutLinks).toBeGreaterThan(10);
    expect(seen.size).toBeGreaterThan(150);
    console.log(`crawled ${seen.size} paths; waiting for their issues: ${[...pending].join(", ")}`);
  }, 120_000);
});
