/**
 * The head before the data (issue #18, decision 021): a fresh isolate whose content is far away
 * sends the document's start at once, then the page; the status stays right whenever the content
 * comes within the short wait; nothing else changes.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { documentHead } from "../../src/render/head";
import { config } from "../../src/server/config.server";
import { freshIsolate } from "../../src/services/isolate";
import { log } from "../../src/services/log";
import worker from "../../src/worker/index";
import { defaultCatalogue } from "../support/content";
import { h1, metaContent, title } from "./html";
import { origin } from "./leads-helpers";
import { seedCatalogue } from "./seed";
import { settingsWith } from "./with-settings";

/**
 * Far enough that what the test reads (the head before half of one read's wait) leaves seconds of
 * margin for a machine whose two cores also run other test files.
 */
const DELAY_MS = 1000;
const far = settingsWith({ CATALOGUE_READ_DELAY_MS: String(DELAY_MS) });
const browser = { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("head-first-v1"));
  // the test runner's code compiled and the site's keys made once: what is measured is the wait for content
  await visit(far, "/reviews");
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A request as a browser makes it; the answer as it leaves, with when its headers and its first bytes came. */
async function visit(settings: Env, path: string, headers: Record<string, string> = browser) {
  const context = createExecutionContext();
  const started = Date.now();
  const response = await worker.fetch(new Request(`${origin}${path}`, { headers, redirect: "manual" }), settings, context);
  const headersMs = Date.now() - started;
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const first = await reader.read();
  const firstChunk = first.value ? decoder.decode(first.value, { stream: true }) : "";
  let html = firstChunk;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) html += decoder.decode(chunk.value, { stream: true });
  const lastMs = Date.now() - started;
  await waitOnExecutionContext(context);
  return { response, headersMs, lastMs, firstChunk, html };
}

describe("a fresh isolate's first page when the catalogue is far (CATALOGUE_READ_DELAY_MS)", () => {
  it("sends the head at once, the page after the read, and the whole is the page a warm isolate serves", async () => {
    freshIsolate();
    const cold = await visit(far, "/teachers");
    expect(cold.response.status).toBe(200);
    expect(cold.headersMs).toBeLessThan(DELAY_MS / 2);
    expect(cold.lastMs).toBeGreaterThanOrEqual(DELAY_MS);
    // the first bytes: the document's start, the template's CSS follows with the title
    const head = documentHead(far, undefined, "list");
    expect(cold.firstChunk).toBe(head);
    expect(head).toMatch(/^<!DOCTYPE html><html lang="ru"[^>]*><head><meta charSet="utf-8"\/>/);
    expect(head).toContain('data-template="list"');
    expect(head).not.toContain("<title>");
    // the cookies and the site's headers leave with the head
    expect(cold.response.headers.getSetCookie().some((cookie) => cookie.startsWith("first_visit="))).toBe(true);
    expect(cold.response.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
    expect(cold.response.headers.get("X-Request-Id")).toBeTruthy();
    // the page is written for the visitor's area, and says so before it is written (decision 020)
    expect(cold.response.headers.get("Vary")).toBe("CF-IPCountry");
    // the same page as the warm isolate answers it
    const warm = await visit(env, "/teachers");
    expect(warm.response.status).toBe(200);
    expect(cold.html).toBe(warm.html);
    expect(title(cold.html)).toBe("Преподаватели — МИП");
  });

  it("answers with the page's own status when the content comes within the wait: a 404 stays a 404", async () => {
    freshIsolate();
    const missing = await visit(env, "/professions/net-takoj/programmy");
    expect(missing.response.status).toBe(404);
    expect(h1(missing.html)).toBeTruthy();
  });

  it("shows a page found missing after its head left as the 404 page, not for indexing, and logs it", async () => {
    const warn = vi.spyOn(log, "warn");
    freshIsolate();
    const late = await visit(far, "/professions/net-takoj/programmy");
    expect(late.response.status).toBe(200);
    expect(late.html.startsWith(documentHead(far, undefined, "detail"))).toBe(true);
    expect(metaContent(late.html, "robots")).toMatch(/^noindex/);
    expect(late.html).toContain("</html>");
    expect(warn).toHaveBeenCalledWith("head-first.late-status", { path: "/professions/net-takoj/programmy", status: 404 });
    // the isolate has content now: the same address answers 404
    expect((await visit(far, "/professions/net-takoj/programmy")).response.status).toBe(404);
  });

  it("leaves alone what is not a browser asking for a page, and isolates that have content", async () => {
    freshIsolate();
    // the API, the crawlers' files, an address no page route has, a client that does not ask for HTML
    for (const [path, headers] of [
      ["/api/menu", browser],
      ["/sitemap.xml", browser],
      ["/no/such/route/at/all", browser],
      ["/teachers", { Accept: "*/*" }],
    ] as const) {
      freshIsolate();
      const answer = await visit(far, path, headers);
      expect(answer.headersMs, path).toBeGreaterThanOrEqual(DELAY_MS);
    }
    // warm: the page as always
    const warm = await visit(far, "/reviews");
    expect(warm.response.status).toBe(200);
    expect(warm.response.headers.get("X-Cache")).toBeTruthy();
  });
});

describe("CATALOGUE_READ_DELAY_MS", () => {
  it("is honoured in the local runtime alone: anywhere else it is ignored, and said so", () => {
    expect(config(far).CATALOGUE_READ_DELAY_MS).toBe(DELAY_MS);
    const error = vi.spyOn(log, "error");
    const production = settingsWith({ ENVIRONMENT: "production", CATALOGUE_READ_DELAY_MS: "300" });
    expect(config(production).CATALOGUE_READ_DELAY_MS).toBe(0);
    expect(error).toHaveBeenCalledWith("config.invalid", expect.objectContaining({ setting: "CATALOGUE_READ_DELAY_MS", effect: "no delay" }));
  });
});
