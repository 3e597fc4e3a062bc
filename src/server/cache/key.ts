/**
 * What a kept page is named by, and how long it lives (decision 043). A page of the cache is the
 * same for every visitor of an area, so its key is the address, the parameters the page reads (in
 * their canonical form, services/page-params.ts), the visitor's area and the versions it depends on.
 */
import build from "../../../build/build-id.json";
import type { PageFacts } from "../../services/page-params";
import { pageQuery } from "../../services/page-params";
import { settingsAttributes } from "../../services/site-settings";
import type { VisitorArea } from "../../services/visitor-area";
import { config, publicSettings } from "../config.server";

/** How long the location's cache and the isolate's memory keep a page. */
const PAGE_TTL_S = 300;
/** Seminar pages show the ticket state: a shorter life (their live count is an island that refreshes). */
const SEMINAR_TTL_S = 60;

export const ttlOf = (pathname: string) => (/^\/(seminars|lectorium)\/./.test(pathname) ? SEMINAR_TTL_S : PAGE_TTL_S);

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

/**
 * What a page of the memory and the location's cache depends on besides its URL: the content
 * version, the deployed version (its markup and asset URLs) and the deployment's public settings
 * (Turnstile, analytics). A content push, a deploy or a new setting never serves pages rendered before it.
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

/** The facts of a page whose parameters are read without the content (every page but /apply with a seminar or a label). */
export const NO_FACTS: PageFacts = {
  seminar: () => false,
  about: () => false,
};

/** A page's cache key in the pages tier (for an address whose parameters are read without the content). */
export const tierCacheKey = (url: URL, env: Env, area: VisitorArea) => pageCacheKey(url, tierVersion(env), area, NO_FACTS);

/**
 * Until when a page rendered now may serve from the pages tier: until the clock changes it (the
 * catalogue's next start or midnight, `trueUntil`), a seminar's page (its ticket count) five minutes at most.
 */
export const tierUntil = (pathname: string, trueUntil: number, now: number) =>
  Math.min(trueUntil, ttlOf(pathname) === SEMINAR_TTL_S ? now + 5 * 60_000 : Number.POSITIVE_INFINITY);
