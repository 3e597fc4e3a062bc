/**
 * Validators (issue 29, point 2; decision 043): every page and every static file carries an ETag,
 * and a revalidation that names it is a 304 with no body, whether the page was kept or rendered
 * now. Pages get theirs from the Worker (server/cache/middleware.ts: Hono's etag, the SHA-256 of
 * the page's bytes), static files from Workers' static assets (the file's hash).
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { manifest } from "../../src/render/assets";
import { locationCache } from "../../src/server/cache/cache-api";
import { cacheVersion, NO_FACTS, pageCacheKey } from "../../src/server/cache/key";
import { freshIsolate } from "../../src/services/isolate";
import { defaultCatalogue } from "../support/content";
import { origin } from "./leads-helpers";
import { seedCatalogue } from "./seed";

const VERSION = "validators-v1";

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue(VERSION));
});

/** A fresh isolate at a quiet edge: nothing in memory, nothing in the location's cache; the pages tier as it is, or emptied of `path` too. */
async function quietEdge(path: string, { tier }: { tier: "kept" | "emptied" }) {
  freshIsolate();
  await locationCache()!.delete(pageCacheKey(new URL(`${origin}${path}`), cacheVersion(env, VERSION), "other", NO_FACTS));
  if (tier === "emptied") for (const { name } of (await env.PAGES.list({ prefix: "page:" })).keys) if (name.includes(`${path}?`)) await env.PAGES.delete(name);
}

const get = (path: string, headers: Record<string, string> = {}) => SELF.fetch(`${origin}${path}`, { headers, redirect: "manual" });

/** The page's answer once, read to the end, with its ETag. */
async function page(path: string, headers: Record<string, string> = {}) {
  const response = await get(path, headers);
  const html = await response.text();
  return { response, html, etag: response.headers.get("ETag"), cache: response.headers.get("X-Cache") };
}

/** A SHA-256 of the page's bytes, quoted: what the Worker names a page by. */
async function digestOf(html: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(html)));
  return `"${[...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("")}"`;
}

describe("a page's validator", () => {
  it("is the digest of the page's bytes, the same whether the page was rendered or kept", async () => {
    const miss = await page("/teachers");
    expect(miss.cache).toBe("MISS");
    expect(miss.etag).toBe(await digestOf(miss.html));
    const hit = await page("/teachers");
    expect(hit.cache).toBe("HIT");
    expect(hit.etag).toBe(miss.etag);
    expect(hit.response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
  });

  it("answers a revalidation that names it with 304 and no body, from the cache and from a render alike", async () => {
    const first = await page("/reviews");
    const hit = await get("/reviews", { "If-None-Match": first.etag! });
    expect(hit.status).toBe(304);
    expect(await hit.text()).toBe("");
    expect(hit.headers.get("ETag")).toBe(first.etag);
    expect(hit.headers.get("Vary")).toBe("CF-IPCountry");
    expect(hit.headers.get("X-Request-Id")).toBeTruthy();
    expect(hit.headers.get("X-Cache")).toBe("HIT");
    // nothing kept anywhere: the page is rendered again, to the same bytes and the same answer
    await quietEdge("/reviews", { tier: "emptied" });
    const rendered = await get("/reviews", { "If-None-Match": `W/${first.etag}` });
    expect(rendered.status).toBe(304);
    expect(rendered.headers.get("X-Cache")).toBe("MISS");
    expect(await rendered.text()).toBe("");
    // a validator of another page is not this page's
    expect((await get("/reviews", { "If-None-Match": '"not-this-page"' })).status).toBe(200);
  });

  it("is the Worker's for a page it never keeps (the low-vision version), and answers its 304 too", async () => {
    const cookie = { Cookie: "low_vision=1" };
    const first = await page("/journal", cookie);
    expect(first.cache).toBeNull();
    expect(first.etag).toBe(await digestOf(first.html));
    const again = await get("/journal", { ...cookie, "If-None-Match": first.etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("does not answer 304 to a reload that switched low vision on: the ordinary page's validator names another page", async () => {
    const ordinary = await page("/");
    const reload = await get("/", { Cookie: "low_vision=1", "If-None-Match": ordinary.etag! });
    expect(reload.status).toBe(200);
    expect(await reload.text()).toContain('data-island="layout/LowVisionPanel"');
  });

  it("changes with the content: a revalidation after a push gets the new page", async () => {
    const before = await page("/contacts");
    await seedCatalogue(defaultCatalogue("validators-v2"));
    try {
      const after = await get("/contacts", { "If-None-Match": before.etag! });
      expect(after.status).toBe(200);
      const etag = after.headers.get("ETag");
      expect(etag).toBeTruthy();
      expect(etag).not.toBe(before.etag);
      expect(etag).toBe(await digestOf(await after.text()));
    } finally {
      await seedCatalogue(defaultCatalogue(VERSION));
    }
  });

  it("keeps the visitor's cookies on a 304: a campaign's click is not lost to a revalidation", async () => {
    const first = await page("/webinars");
    const revalidated = await get("/webinars?utm_source=vk&utm_campaign=spring", { "If-None-Match": first.etag! });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    const cookies = revalidated.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith("utm="))).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith("roistat_ab="))).toBe(true);
  });

  it("is given from a fresh isolate's pages tier as the rendering isolate gave it", async () => {
    // a fresh isolate renders the page, and keeps it in the tier
    await quietEdge("/partners", { tier: "emptied" });
    const rendered = await page("/partners");
    expect(rendered.cache).toBe("MISS");
    // the rendering isolate's write to the tier, then a fresh isolate at a quiet edge
    // kept with its ETag, so the isolate that serves it from the tier need not hash it
    await vi.waitFor(async () => {
      const entry = (await env.PAGES.list<{ etag?: string }>({ prefix: "page:" })).keys.find(({ name }) => name.includes("/partners?"));
      expect(entry?.metadata?.etag).toBe(rendered.etag);
    });
    await quietEdge("/partners", { tier: "kept" });
    const fromTier = await page("/partners");
    expect(fromTier.cache).toBe("HIT-TIER");
    expect(fromTier.etag).toBe(rendered.etag);
    await quietEdge("/partners", { tier: "kept" });
    const revalidated = await get("/partners", { "If-None-Match": rendered.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("X-Cache")).toBe("HIT-TIER");
  });

  it("is not given to what is not a page, nor to an error", async () => {
    expect((await get("/api/search/browser")).headers.get("ETag")).toBeNull();
    const missing = await get("/professions/net-takoj/programmy");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("ETag")).toBeNull();
  });
});

describe("a static file's validator (Workers' static assets, public/_headers)", () => {
  const asset = (path: string, headers: Record<string, string> = {}) => env.ASSETS.fetch(new Request(`${origin}${path}`, { headers }));

  it.each([manifest.entry, manifest.css, manifest.fonts[0]!])("%s, hashed in its name, is immutable and revalidates to 304", async (path) => {
    const first = await asset(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await asset(path, { "If-None-Match": etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it.each(["/favicon.svg", "/images/logo.svg", "/docs/pdf/offer.pdf"])("%s, named without a hash, is revalidated every time and answered 304", async (path) => {
    const first = await asset(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    for (const asked of [etag, `W/${etag}`]) {
      const again = await asset(path, { "If-None-Match": asked });
      expect(again.status, asked).toBe(304);
      expect(await again.text()).toBe("");
    }
    expect((await asset(path, { "If-None-Match": '"another"' })).status).toBe(200);
  });
});
