import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { LOW_VISION_COOKIE, parseLowVision } from "../../services/low-vision";
import { isolateSlot } from "../../services/isolate";
import { hasReadContent } from "../../services/catalogue/repository";
import { pageTrueUntil } from "../../services/catalogue/time-boundaries";
import { type PageFacts, pageFacts, pageQuery, readsContent } from "../../services/page-params";
import { settingsAttributes } from "../../services/site-settings";
import { COUNTRY_HEADER, type VisitorArea } from "../../services/visitor-area";
import { config, publicSettings } from "../config.server";
import type { AppEnv } from "../env";
import { visitorArea } from "../visitor";
import { readTier } from "../page-tier";
import { log } from "../../services/log";
import build from "../../../build/build-id.json";
import { awaitContent, contentOf } from "./catalogue";

/** Pages that are not HTML of the catalogue, or that differ per visitor. */
const BYPASS = /^\/(api|ops|graphql|gratefull)(\/|$)/;

export const PAGE_TTL_S = 300;
/** Seminar pages show the live ticket state: a shorter life in the cache. */
export const SEMINAR_TTL_S = 60;

/**
 * The cache key of a page: the path, the parameters that page reads (page-params.ts: canonical, sorted), the
 * visitor's area and the version. Any other parameter (tracking, junk, a random value) is not part
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

/**
 * What a page of the pages tier depends on besides its address and its content version: the code
 * that rendered it and the public settings. The code is the build's id (a digest of the Worker's
 * sources, scripts/build.ts) and, where the Worker is deployed, the deployed version; the local
 * runtime makes up a new version id on every start, so there the build's id alone says whether two
 * servers run the same code.
 */
export function tierVersion(env: Env): string {
  const deployed = config(env).ENVIRONMENT === "local" ? "" : (env.CF_VERSION_METADATA?.id ?? "");
  const settings = Object.values(settingsAttributes(publicSettings(env))).join(",");
  return [build.id, deployed, settings].filter(Boolean).join("~");
}

/** When a page put into the Cache API expires (ms since the epoch), so the memory tier keeps it no longer. */
const EXPIRES_HEADER = "X-Kept-Until";

const ttlOf = (pathname: string) => (/^\/(seminars|lectorium)\/./.test(pathname) ? SEMINAR_TTL_S : PAGE_TTL_S);

/**
 * How long a page may live in the pages tier: a seminar page (its ticket count, which its island
 * reads live anyway) five minutes, any other page until the clock changes it (at most a day).
 */
const tierLifeMs = (pathname: string) => (ttlOf(pathname) === SEMINAR_TTL_S ? 5 * 60_000 : Number.POSITIVE_INFINITY);

/** The facts of a page whose parameters are read without the content (every page but /apply with a seminar or a label). */
const NO_FACTS: PageFacts = {
  seminar: () => false,
  about: () => false,
};

/** A page's cache key in the pages tier (for an address whose parameters are read without the content). */
export const tierCacheKey = (url: URL, env: Env, area: VisitorArea) => pageCacheKey(url, tierVersion(env), area, NO_FACTS);

/** Until when a page rendered now may serve from the pages tier: until the clock changes it, and a seminar's five minutes at most. */
export const tierUntil = (pathname: string, trueUntil: number, now: number) => Math.min(trueUntil, now + tierLifeMs(pathname));

/** A page found in the location's cache or in the pages tier. */
interface Found {
  source: "HIT" | "HIT-TIER";
  kept: Kept;
}

/** The first of `reads` to find something; null once each has found nothing or failed. */
function firstFound<T>(reads: Promise<T | null>[]): Promise<T | null> {
  return new Promise((resolve) => {
    let left = reads.length;
    const nothing = () => {
      left -= 1;
      if (left === 0) resolve(null);
    };
    for (const read of reads) read.then((value) => (value ? resolve(value) : nothing()), nothing);
  });
}

const locationCache = () => (globalThis.caches as (CacheStorage & { default?: Cache }) | undefined)?.default;

/** A page of the cache: GET, an address of the catalogue's HTML, and not the low-vision version (its visitor's own). */
function cacheable(c: Context<AppEnv>, url: URL): boolean {
  if (c.req.method !== "GET" || BYPASS.test(url.pathname)) return false;
  // a cookie that names no low-vision settings is the ordinary page
  return parseLowVision(getCookie(c, LOW_VISION_COOKIE)) === null;
}

/**
 * A fresh isolate starts reading the pages tier with the request, beside the content's version
 * pointer and the visitor's key: its first page waits for one round of KV (decision 036).
 */
export const readingPageTier = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  // an address whose parameters are read against the content (page-params.ts) waits for it, as a render does
  if (!hasReadContent() && locationCache() && cacheable(c, url) && !readsContent(url)) {
    c.set("tier", readTier(c.env, tierCacheKey(url, c.env, visitorArea(c))));
  }
  await next();
});

/**
 * The edge HTML cache: anonymous GET pages are the same for everyone, so the rendered HTML is kept
 * per content version, in the isolate's memory and in the Cache API, and for a fresh isolate's
 * first page in the pages tier (KV, page-tier.ts), asked beside the Cache API. Only the content's
 * version is awaited before the look-up: a page kept for it is served without the snapshot (which
 * a fresh isolate goes on reading for the next request). Per-visitor parts live in islands;
 * tracking cookies are set on every answer, hit or miss, and never stored in the cache.
 */
export const edgeCache = createMiddleware<AppEnv>(async (c, next) => {
  const cache = locationCache();
  const url = new URL(c.req.url);
  if (!cache || !cacheable(c, url)) return next();
  const area = visitorArea(c);
  const tier = c.get("tier");
  let contentVersion: string;
  try {
    contentVersion = await awaitContent(c, contentOf(c).version);
  } catch {
    // no content at all: the content middleware answers
    return next();
  }
  const facts = readsContent(url) ? pageFacts(await awaitContent(c, contentOf(c).catalogue)) : NO_FACTS;
  const key = pageCacheKey(url, cacheVersion(c.env, contentVersion), area, facts);

  const answer = (kept: Kept, source: string) => {
    c.header("X-Cache", source);
    c.header("Cache-Control", "public, max-age=0, must-revalidate");
    // pages differ by the visitor's country (decision 020), hit or miss
    return c.newResponse(kept.body, 200, { "Content-Type": kept.type, Vary: COUNTRY_HEADER });
  };
  /** Kept in memory and in the location's Cache API for `ttl`, never past `until`. */
  const keep = (body: ArrayBuffer, type: string, ttl: number, until = Number.POSITIVE_INFINITY) => {
    const expires = Math.min(Date.now() + ttl * 1000, until);
    if (expires <= Date.now()) return;
    remember(key, { body, type, expires });
    const seconds = Math.max(1, Math.floor((expires - Date.now()) / 1000));
    const headers = { "Content-Type": type, "Cache-Control": `public, max-age=${seconds}`, [EXPIRES_HEADER]: String(expires) };
    return cache.put(key, new Response(body, { status: 200, headers }));
  };
  const now = Date.now();
  const inMemory = recall(key, now);
  if (inMemory) return answer(inMemory, "HIT");
  // the location's cache and, on a fresh isolate, the tier (its read under way since the request
  // started) are asked side by side: the first to have this version's page serves it
  const fromCache = cache.match(key).then(async (hit): Promise<Found | null> => {
    if (!hit) return null;
    // kept in memory only for what is left of its lifetime in the Cache API
    const expires = Number(hit.headers.get(EXPIRES_HEADER)) || now + ttlOf(url.pathname) * 1000;
    return { source: "HIT", kept: { body: await hit.arrayBuffer(), type: hit.headers.get("Content-Type") ?? "text/html; charset=utf-8", expires } };
  });
  // a cache that fails is a miss: the page is rendered, never refused for it
  fromCache.catch((error: unknown) => log.warn("edge-cache.read", { requestId: c.get("requestId"), error: String(error) }));
  const fromTier = tier?.pageFor(contentVersion, now).then((page): Found | null => (page ? { source: "HIT-TIER", kept: { ...page, expires: page.until } } : null));
  const found = await firstFound(fromTier ? [fromCache, fromTier] : [fromCache]);
  if (found?.source === "HIT") {
    if (found.kept.expires > now) remember(key, found.kept);
    return answer(found.kept, "HIT");
  }
  if (found) {
    c.executionCtx.waitUntil(Promise.resolve(keep(found.kept.body, found.kept.type, ttlOf(url.pathname), found.kept.expires)));
    return answer(found.kept, "HIT-TIER");
  }

  await next();
  const response = c.res;
  if (response.status !== 200 || !response.headers.get("Content-Type")?.startsWith("text/html")) return;
  const ttl = ttlOf(url.pathname);
  const type = response.headers.get("Content-Type")!;
  const catalogue = c.get("catalogue");
  // rendered from this version's content, unless its snapshot was refused and the last good one served
  const rendered = catalogue.version === contentVersion;
  const until = pageTrueUntil(catalogue, now);
  const copy = response.clone();
  c.executionCtx.waitUntil(
    copy.arrayBuffer().then((body) => {
      if (!rendered) return;
      if (tier) tier.keep({ body, type, version: contentVersion, until: tierUntil(url.pathname, until, now) }, (promise) => c.executionCtx.waitUntil(promise));
      return keep(body, type, ttl, until);
    }),
  );
  c.res.headers.set("X-Cache", "MISS");
  c.res.headers.set("Cache-Control", "public, max-age=0, must-revalidate");
});
