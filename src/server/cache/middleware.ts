/**
 * The page cache's middleware (decision 043), in the order a request meets them:
 *  - `readingPageTier`: on a fresh isolate, the pages tier's read starts with the request, beside
 *    the content's version pointer (one round of KV);
 *  - `pageValidators`: every page carries an ETag (the SHA-256 of its bytes), and a revalidation
 *    that names it is answered 304 with no body, hit or miss (Hono's etag);
 *  - `pageCache`: anonymous GET pages are the same for every visitor of an area, so the rendered
 *    HTML is kept per content version in the isolate's memory and in the location's Cache API,
 *    and for a fresh isolate's first page in the pages tier, asked beside the Cache API. Only the
 *    content's version is awaited before the look-up: a page kept for it is served without the
 *    snapshot (which a fresh isolate goes on reading for its next request). Per-visitor parts live
 *    in islands; the visitor's cookies are set on every answer, hit or miss, and never kept.
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { etag, RETAINED_304_HEADERS } from "hono/etag";
import { createMiddleware } from "hono/factory";
import { hasReadContent } from "../../services/catalogue/repository";
import { pageTrueUntil } from "../../services/catalogue/time-boundaries";
import { sha256Hex } from "../../services/digest";
import { log } from "../../services/log";
import { LOW_VISION_COOKIE, parseLowVision } from "../../services/low-vision";
import { pageFacts, readsContent } from "../../services/page-params";
import { COUNTRY_HEADER } from "../../services/visitor-area";
import type { AppEnv } from "../env";
import { contentOf } from "../middleware/catalogue";
import { templateOfPage } from "../page-style";
import { locationCache } from "./cache-api";
import { cacheVersion, NO_FACTS, pageCacheKey, tierCacheKey, tierUntil, ttlOf } from "./key";
import { type Kept, recall, remember } from "./memory";
import { readTier } from "./tier";

/** Not pages: the JSON APIs, ops and GraphQL (their own cache). */
const NOT_PAGES = /^\/(api|ops|graphql)(\/|$)/;
/** Not kept: besides what is not a page, the thank-you page (it names the visitor's order). */
const NOT_KEPT = /^\/(api|ops|graphql|gratefull|orders)(\/|$)/;

/** What a browser is told of a page: it may keep it, and must ask again (with its ETag) before using it. */
const BROWSER_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/**
 * What a browser is told of a page in the low-vision version: its visitor's own, asked again each
 * time, and kept apart by the cookie, so a browser that leaves it (Firefox reused such pages, with
 * no Cache-Control, without asking: issue 42) never shows it again once the version is off.
 */
const LOW_VISION_CACHE_CONTROL = "private, no-cache";

/** When a page put into the Cache API expires (ms since the epoch), so the memory keeps it no longer. */
const EXPIRES_HEADER = "X-Kept-Until";

/** A page's validator: the SHA-256 of its bytes, quoted, as `pageValidators` makes it for a page it did not get one with. */
const etagOf = async (body: ArrayBuffer) => `"${await sha256Hex(body)}"`;

const validators = etag({
  generateDigest: (body) => crypto.subtle.digest("SHA-256", body),
  // a 304 still sets the visitor's cookies (a first visit's evidence, a campaign), names its request and says where it came from
  retainedHeaders: [...RETAINED_304_HEADERS, "set-cookie", "x-request-id", "x-cache"],
});

/**
 * A page's validator and its 304. A kept page comes with its ETag (memory.ts), so a hit is not
 * hashed again; a page rendered now is hashed once, here or where it is kept (the same digest).
 */
export const pageValidators = createMiddleware<AppEnv>(async (c, next) => (NOT_PAGES.test(c.req.path) ? next() : validators(c, next)));

/** A page of the cache: GET, an address of the catalogue's HTML, and not the low-vision version (its visitor's own). */
function cacheable(c: Context<AppEnv>, url: URL): boolean {
  if (c.req.method !== "GET" || NOT_KEPT.test(url.pathname)) return false;
  // a cookie that names no low-vision settings is the ordinary page
  return parseLowVision(getCookie(c, LOW_VISION_COOKIE)) === null;
}

/** A page asked for in the low-vision version: GET, a page's address, with the cookie that names its settings. */
function lowVisionPage(c: Context<AppEnv>, url: URL): boolean {
  return c.req.method === "GET" && !NOT_PAGES.test(url.pathname) && parseLowVision(getCookie(c, LOW_VISION_COOKIE)) !== null;
}

/**
 * A fresh isolate starts reading the pages tier with the request, beside the content's version
 * pointer and the visitor's key: its first page waits for one round of KV.
 */
export const readingPageTier = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  // an address whose parameters are read against the content (page-params.ts) waits for it, as a render does
  if (!hasReadContent() && locationCache() && cacheable(c, url) && !readsContent(url)) {
    c.set("tier", readTier(c.env, tierCacheKey(url, c.env, c.var.area)));
  }
  await next();
});

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

export const pageCache = createMiddleware<AppEnv>(async (c, next) => {
  const cache = locationCache();
  const url = new URL(c.req.url);
  if (lowVisionPage(c, url)) {
    await next();
    if (c.res.headers.get("Content-Type")?.startsWith("text/html")) {
      c.res.headers.set("Cache-Control", LOW_VISION_CACHE_CONTROL);
      c.res.headers.append("Vary", "Cookie");
    }
    return;
  }
  if (!cache || !cacheable(c, url)) return next();
  const tier = c.get("tier");
  let contentVersion: string;
  try {
    contentVersion = await contentOf(c).version;
  } catch {
    // no content at all: the content middleware answers
    return next();
  }
  const facts = readsContent(url) ? pageFacts(await contentOf(c).catalogue) : NO_FACTS;
  const key = pageCacheKey(url, cacheVersion(c.env, contentVersion), c.var.area, facts);

  const answer = (kept: Kept, source: string) => {
    // its policy allows the CSS it inlines, as when it was rendered (decision 062)
    c.set("inlinedStyle", templateOfPage(kept.body));
    c.header("X-Cache", source);
    c.header("Cache-Control", BROWSER_CACHE_CONTROL);
    // pages differ by the visitor's country (decision 020), hit or miss
    return c.newResponse(kept.body, 200, { "Content-Type": kept.type, Vary: COUNTRY_HEADER, ETag: kept.etag });
  };
  /** Kept in memory and in the location's Cache API for `ttl`, never past `until`. */
  const keep = (kept: Omit<Kept, "expires">, ttl: number, until = Number.POSITIVE_INFINITY) => {
    const expires = Math.min(Date.now() + ttl * 1000, until);
    if (expires <= Date.now()) return;
    remember(key, { ...kept, expires });
    const seconds = Math.max(1, Math.floor((expires - Date.now()) / 1000));
    const headers = { "Content-Type": kept.type, ETag: kept.etag, "Cache-Control": `public, max-age=${seconds}`, [EXPIRES_HEADER]: String(expires) };
    return cache.put(key, new Response(kept.body, { status: 200, headers }));
  };
  const now = Date.now();
  const inMemory = recall(key, now);
  if (inMemory) return answer(inMemory, "HIT");
  // the location's cache and, on a fresh isolate, the tier (its read under way since the request
  // started) are asked side by side: the first to have this version's page serves it
  const fromCache = cache.match(key).then(async (hit): Promise<Found | null> => {
    if (!hit) return null;
    const body = await hit.arrayBuffer();
    // kept in memory only for what is left of its lifetime in the Cache API
    const expires = Number(hit.headers.get(EXPIRES_HEADER)) || now + ttlOf(url.pathname) * 1000;
    const type = hit.headers.get("Content-Type") ?? "text/html; charset=utf-8";
    return { source: "HIT", kept: { body, type, expires, etag: hit.headers.get("ETag") ?? (await etagOf(body)) } };
  });
  // a cache that fails is a miss: the page is rendered, never refused for it
  fromCache.catch((error: unknown) => log.warn("edge-cache.read", { requestId: c.get("requestId"), error: String(error) }));
  const fromTier = tier
    ?.pageFor(contentVersion, now)
    .then(async (page): Promise<Found | null> => (page ? { source: "HIT-TIER", kept: { body: page.body, type: page.type, expires: page.until, etag: page.etag ?? (await etagOf(page.body)) } } : null));
  const found = await firstFound(fromTier ? [fromCache, fromTier] : [fromCache]);
  if (found?.source === "HIT") {
    if (found.kept.expires > now) remember(key, found.kept);
    return answer(found.kept, "HIT");
  }
  if (found) {
    c.executionCtx.waitUntil(Promise.resolve(keep(found.kept, ttlOf(url.pathname), found.kept.expires)));
    return answer(found.kept, "HIT-TIER");
  }

  await next();
  const response = c.res;
  if (response.status !== 200 || !response.headers.get("Content-Type")?.startsWith("text/html")) return;
  // a page that says so is kept nowhere (one drawn without its template's CSS: render.tsx)
  if (response.headers.get("Cache-Control")?.includes("no-store")) return;
  const type = response.headers.get("Content-Type")!;
  const catalogue = c.get("catalogue");
  // the page is a string already (decision 014): its bytes are at hand, hashed once for its ETag and the cache's
  const body = await response.clone().arrayBuffer();
  const etag = await etagOf(body);
  c.res.headers.set("ETag", etag);
  c.res.headers.set("X-Cache", "MISS");
  c.res.headers.set("Cache-Control", BROWSER_CACHE_CONTROL);
  // rendered from this version's content, unless its snapshot was refused and the last good one served
  if (catalogue.version !== contentVersion) return;
  const until = pageTrueUntil(catalogue, now);
  if (tier) tier.keep({ body, type, etag, version: contentVersion, until: tierUntil(url.pathname, until, now) }, (promise) => c.executionCtx.waitUntil(promise));
  c.executionCtx.waitUntil(Promise.resolve(keep({ body, type, etag }, ttlOf(url.pathname), until)));
});
