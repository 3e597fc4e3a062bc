/**
 * The pages tier filled before anyone asks (decision 043): after a push or a deploy no isolate has
 * rendered the new pages yet, so a fresh isolate's first page would be rendered cold. The scheduled
 * handler (every minute) renders the pages the tier lacks for the current content and build (the
 * sitemap's, which the composition root names), in each visitor area's variant, a budget at a
 * time; what a visitor's fresh isolate renders first is kept there too, so the two meet in the middle.
 */
import type { Hono } from "hono";
import type { Catalogue } from "../../services/catalogue/build";
import { getCatalogue } from "../../services/catalogue/repository";
import { pageTrueUntil } from "../../services/catalogue/time-boundaries";
import { log } from "../../services/log";
import { COUNTRY_HEADER, type VisitorArea } from "../../services/visitor-area";
import { config } from "../config.server";
import { settledEnv } from "../settled-env";
import type { AppEnv } from "../env";
import { tierCacheKey, tierUntil } from "./key";
import { isMetadata, keepPage, pagesOf, type TierMetadata, tierKey } from "./tier";

/**
 * Pages rendered per run: a few seconds of CPU and about 250 KV writes, well inside one invocation's
 * subrequests. With a run every minute a push's 1,000 or so variants are in the tier within about
 * four minutes. A seminar's page runs out of the tier every five minutes (its ticket count), so its
 * four variants are rendered again about every six: seven renders a minute per ten seminars.
 */
export const WARM_BUDGET = 250;

/** A country of each area, as the edge would name the visitor's (decision 020). */
const AREAS: [VisitorArea, string][] = [
  ["RU", "RU"],
  ["KZ", "KZ"],
  ["UZ", "UZ"],
  ["other", "DE"],
];

/**
 * What the tier holds for the site: its keys and what each says of itself (one list call per
 * 1,000). A key too long for KV is named by its digest (`page#…`, page-tier.ts), which names no
 * origin: those are listed too, or the warm-up would render their pages again every run.
 */
async function held(pages: KVNamespace, origin: string): Promise<Map<string, TierMetadata>> {
  const found = new Map<string, TierMetadata>();
  for (const prefix of [`page:${origin}/`, "page#"]) {
    let cursor: string | undefined;
    do {
      const list: KVNamespaceListResult<unknown, string> = await pages.list({ prefix, cursor });
      for (const key of list.keys) if (isMetadata(key.metadata)) found.set(key.name, key.metadata);
      cursor = list.list_complete ? undefined : list.cursor;
    } while (cursor);
  }
  return found;
}

export interface WarmResult {
  /** pages rendered into the tier by this run */
  kept: number;
  /** pages the tier still lacks after it */
  left: number;
}

/**
 * One run: `pagesOfCatalogue` names the pages to keep (the sitemap's page addresses), `app` renders them as
 * a visitor would be answered.
 */
export async function warmPageTier(
  app: Hono<AppEnv>,
  env: Env,
  context: ExecutionContext,
  pagesOfCatalogue: (catalogue: Catalogue) => string[],
  budget = WARM_BUDGET,
): Promise<WarmResult> {
  const pages = pagesOf(env);
  if (!pages || config(env).PAGE_TIER === "off") return { kept: 0, left: 0 };
  const origin = new URL(env.SITE_URL).origin;
  const settled = settledEnv(env, new Request(origin));
  const catalogue = await getCatalogue(settled.CATALOGUE, Date.now());
  const have = await held(pages, origin);
  const now = Date.now();
  const until = pageTrueUntil(catalogue, now);
  let kept = 0;
  let left = 0;
  for (const path of pagesOfCatalogue(catalogue)) {
    const url = new URL(path, origin);
    for (const [area, country] of AREAS) {
      const key = await tierKey(tierCacheKey(url, settled, area));
      const entry = have.get(key);
      if (entry?.version === catalogue.version && entry.until > now) continue;
      if (kept >= budget) {
        left++;
        continue;
      }
      const response = await app.fetch(new Request(url, { headers: { Accept: "text/html", [COUNTRY_HEADER]: country } }), settled, context);
      const type = response.headers.get("Content-Type") ?? "";
      if (response.status !== 200 || !type.startsWith("text/html") || response.headers.get("Cache-Control")?.includes("no-store")) {
        log.warn("page-tier.warm", { path, area, status: response.status });
        continue;
      }
      // a seminar's page (its ticket count) five minutes: a later run renders it again once it has run out
      // the ETag the app gave it (the page cache's, or hono/etag's: the same digest)
      const etag = response.headers.get("ETag") ?? undefined;
      await keepPage(pages, key, { body: await response.arrayBuffer(), type, etag, version: catalogue.version, until: tierUntil(path, until, now) });
      kept++;
    }
  }
  log.info("page-tier.warmed", { version: catalogue.version, kept, left });
  return { kept, left };
}
