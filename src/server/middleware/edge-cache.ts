import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { LOW_VISION_COOKIE, parseLowVision } from "../../services/low-vision";
import { isolateSlot } from "../../services/isolate";
import { type PageFacts, pageFacts, pageQuery } from "../../services/page-params";
import { settingsAttributes } from "../../services/site-settings";
import { COUNTRY_HEADER, type VisitorArea } from "../../services/visitor-area";
import { publicSettings } from "../config.server";
import type { AppEnv } from "../env";
import { visitorArea } from "../visitor";

/** Pages that are not HTML of the catalogue, or that differ per visitor. */
const BYPASS = /^\/(api|ops|graphql|gratefull)(\/|$)/;

export const PAGE_TTL_S = 300;
/** Seminar pages show the live ticket state: a shorter life in the cache. */
export const SEMINAR_TTL_S = 60;

/**
 * The cache key of a page: the path, the parameters that page reads (page-params.ts: canonical,
 * sorted), the visitor's area and the version. Any other parameter (tracking, junk, a random value) is not part
 * of the page, so it is the same cached page: nobody can force a render by adding one. The area is
 * one of four names (decision 020), so a page has four variants at most, and one area's page is
 * never another's.
 */
export function pageCacheKey(url: URL, version: string, area: VisitorArea, facts: PageFacts): string {
  const params = new URLSearchParams(pageQuery(url, facts));
  params.set("__area", area);
  params.set("__v", version);
  return `${url.origin}${url.pathname}?${params}`;
}

/** Bytes of pages an isolate keeps in memory in front of the Cache API. */
export const MEMORY_TIER_BYTES = 8 * 1024 * 1024;

interface Kept {
  body: ArrayBuffer;
  type: string;
  expires: number;
}

/**
 * The first tier: the pages this isolate served last, in memory, least recently used first out.
 * A hit costs no I/O at all; the Cache API behind it is shared by the isolates of a location.
 */
const state = isolateSlot("edge-cache-memory", () => ({ pages: new Map<string, Kept>(), bytes: 0 }));

function forget(key: string): void {
  const memory = state();
  const kept = memory.pages.get(key);
  if (!kept) return;
  memory.pages.delete(key);
  memory.bytes -= kept.body.byteLength;
}

function recall(key: string, now: number): Kept | undefined {
  const memory = state();
  const kept = memory.pages.get(key);
  if (!kept) return undefined;
  forget(key);
  if (kept.expires <= now) return undefined;
  // most recently used last
  memory.pages.set(key, kept);
  memory.bytes += kept.body.byteLength;
  return kept;
}

function remember(key: string, kept: Kept): void {
  if (kept.body.byteLength > MEMORY_TIER_BYTES / 8) return;
  const memory = state();
  forget(key);
  memory.pages.set(key, kept);
  memory.bytes += kept.body.byteLength;
  for (const oldest of memory.pages.keys()) {
    if (memory.bytes <= MEMORY_TIER_BYTES) break;
    forget(oldest);
  }
}

/**
 * What a cached page depends on besides its URL: the content version, the deployed version (its
 * markup and asset URLs) and the deployment's public settings (Turnstile, analytics). A content
 * push, a deploy or a new setting must not serve pages rendered before it.
 */
export function cacheVersion(env: Env, contentVersion: string): string {
  const settings = Object.values(settingsAttributes(publicSettings(env))).join(",");
  return [contentVersion, env.CF_VERSION_METADATA?.id ?? "", settings].filter(Boolean).join("~");
}

/** When a page put into the Cache API expires (ms since the epoch), so the memory tier keeps it no longer. */
const EXPIRES_HEADER = "X-Kept-Until";

const ttlOf = (pathname: string) => (/^\/(seminars|lectorium)\/./.test(pathname) ? SEMINAR_TTL_S : PAGE_TTL_S);

/**
 * The edge HTML cache: anonymous GET pages are the same for everyone, so the rendered HTML is kept
 * per content version, in the isolate's memory and in the Cache API. Per-visitor parts live in
 * islands; tracking cookies are set on every answer, hit or miss, and never stored in the cache.
 */
export const edgeCache = createMiddleware<AppEnv>(async (c, next) => {
  const cache = (globalThis.caches as (CacheStorage & { default?: Cache }) | undefined)?.default;
  const url = new URL(c.req.url);
  if (!cache || c.req.method !== "GET" || BYPASS.test(url.pathname)) return next();
  // the low-vision version is rendered for its visitor; a cookie that names no settings is the ordinary, cached page
  if (parseLowVision(getCookie(c, LOW_VISION_COOKIE))) return next();
  const catalogue = c.get("catalogue");
  const key = pageCacheKey(url, cacheVersion(c.env, catalogue.version), visitorArea(c), pageFacts(catalogue));

  const answer = (kept: Kept) => {
    c.header("X-Cache", "HIT");
    c.header("Cache-Control", "public, max-age=0, must-revalidate");
    // pages differ by the visitor's country (decision 020), hit or miss
    return c.newResponse(kept.body, 200, { "Content-Type": kept.type, Vary: COUNTRY_HEADER });
  };
  const now = Date.now();
  const inMemory = recall(key, now);
  if (inMemory) return answer(inMemory);
  const hit = await cache.match(key);
  if (hit) {
    // kept in memory only for what is left of its lifetime in the Cache API
    const expires = Number(hit.headers.get(EXPIRES_HEADER)) || now + ttlOf(url.pathname) * 1000;
    const kept = { body: await hit.arrayBuffer(), type: hit.headers.get("Content-Type") ?? "text/html; charset=utf-8", expires };
    if (expires > now) remember(key, kept);
    return answer(kept);
  }

  await next();
  const response = c.res;
  if (response.status !== 200 || !response.headers.get("Content-Type")?.startsWith("text/html")) return;
  const ttl = ttlOf(url.pathname);
  const type = response.headers.get("Content-Type")!;
  const copy = response.clone();
  c.executionCtx.waitUntil(
    copy.arrayBuffer().then((body) => {
      const expires = Date.now() + ttl * 1000;
      remember(key, { body, type, expires });
      const headers = { "Content-Type": type, "Cache-Control": `public, max-age=${ttl}`, [EXPIRES_HEADER]: String(expires) };
      return cache.put(key, new Response(body, { status: 200, headers }));
    }),
  );
  c.res.headers.set("X-Cache", "MISS");
  c.res.headers.set("Cache-Control", "public, max-age=0, must-revalidate");
});
