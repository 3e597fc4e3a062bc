/**
 * The pages tier of the edge HTML cache (decision 043): pages rendered by any isolate, anywhere,
 * kept in KV (`PAGES`), for the first page of a fresh isolate. Such an isolate has compiled none
 * of the renderer and read no content; at a quiet edge it also finds the location's Cache API
 * empty. Rather than read the snapshot and render cold, it reads the page as some other isolate
 * rendered it, beside the content's version pointer: one round of KV reads, no React.
 *
 * An entry is keyed like the Cache API's (path, the parameters the page reads, the visitor's area,
 * the deployment and its public settings) but without the content version, so the page and the
 * pointer are read at once; the entry names the version it was rendered from and the instant it
 * stops being true by the clock (services/catalogue/time-boundaries.ts), and is used only while
 * both hold. Only fresh isolates read it: a warm isolate renders a miss in a few milliseconds,
 * faster than a KV read from a far edge. A fresh isolate that renders, and the warm-up, write it.
 */
import { sha256Hex } from "../../services/digest";
import { isolateSlot } from "../../services/isolate";
import { log } from "../../services/log";
import { config } from "../config.server";

/** What an entry says of itself (KV metadata, under 1 KB). */
export interface TierMetadata {
  /** the content version it was rendered from */
  version: string;
  /** until when (ms since the epoch) it is true by the clock */
  until: number;
  type: string;
  /** its ETag, so the fresh isolate that serves it need not hash it (absent from entries written before decision 043) */
  etag?: string;
}

export interface TierPage {
  body: ArrayBuffer;
  type: string;
  until: number;
  etag?: string;
}

/** Entries of a deployment that is gone, or of pages nobody asks for, leave by themselves. */
const TIER_TTL_S = 7 * 24 * 3600;
/** KV's limit is 512 bytes; longer keys (many parameters) are named by their digest. */
const MAX_KEY_BYTES = 480;

const state = isolateSlot("page-tier", () => ({ warned: new Set<string>() }));

function warnOnce(event: string, detail: Record<string, unknown>): void {
  const { warned } = state();
  if (warned.has(event)) return;
  warned.add(event);
  log.warn(event, detail);
}

/** The KV namespace of the tier; none when the deployment has no `PAGES` binding (the tier is off, said once). */
export function pagesOf(env: Env): KVNamespace | undefined {
  const pages = (env as Partial<Env>).PAGES;
  if (!pages) warnOnce("page-tier.off", { reason: "no PAGES binding in this deployment: a fresh isolate renders its first page" });
  return pages;
}

/** The tier's KV key of a page: its cache key made with `tierVersion` (key.ts). */
export async function tierKey(cacheKey: string): Promise<string> {
  if (new TextEncoder().encode(cacheKey).byteLength <= MAX_KEY_BYTES) return `page:${cacheKey}`;
  return `page#${await sha256Hex(cacheKey)}`;
}

export const isMetadata = (value: unknown): value is TierMetadata =>
  typeof value === "object" && value !== null && typeof (value as TierMetadata).version === "string" && typeof (value as TierMetadata).until === "number";

/** A read of the tier, started before the content's version is known; null when it has nothing usable or fails. */
export interface TierRead {
  /** the page, if the entry is of this content version and still true at `now` */
  pageFor(version: string, now: number): Promise<TierPage | null>;
  /** keeps a page this isolate rendered, unless the entry read is already that page */
  keep(page: TierPage & { version: string }, keepAlive: (promise: Promise<unknown>) => void): void;
}

export function readTier(env: Env, cacheKey: string): TierRead | undefined {
  if (config(env).PAGE_TIER === "off") return undefined;
  const pages = pagesOf(env);
  if (!pages) return undefined;
  const key = tierKey(cacheKey);
  const entry = key
    .then((name) => pages.getWithMetadata<unknown>(name, { type: "arrayBuffer", cacheTtl: 60 }))
    .catch((error: unknown) => {
      warnOnce("page-tier.read", { error: String(error) });
      return null;
    });
  return {
    async pageFor(version, now) {
      const read = await entry;
      if (!read?.value || !isMetadata(read.metadata)) return null;
      const { metadata } = read;
      if (metadata.version !== version || metadata.until <= now) return null;
      return { body: read.value, type: metadata.type || "text/html; charset=utf-8", until: metadata.until, etag: metadata.etag };
    },
    keep(page, keepAlive) {
      keepAlive(
        (async () => {
          const read = await entry;
          const metadata = isMetadata(read?.metadata) ? read.metadata : undefined;
          if (metadata?.version === page.version && metadata.until >= page.until) return;
          await keepPage(pages, await key, page);
        })().catch((error: unknown) => warnOnce("page-tier.write", { error: String(error) })),
      );
    },
  };
}

/** Writes a page into the tier under `key`. */
export function keepPage(pages: KVNamespace, key: string, page: TierPage & { version: string }): Promise<void> {
  const metadata: TierMetadata = { version: page.version, until: page.until, type: page.type, ...(page.etag ? { etag: page.etag } : {}) };
  return pages.put(key, page.body, { metadata, expirationTtl: TIER_TTL_S });
}

