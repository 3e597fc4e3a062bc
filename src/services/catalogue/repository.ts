import { log } from "../log";
import type { Catalogue } from "./build";
import { CATALOGUE_KEY_PREFIX, CONTENT_VERSION_KEY } from "./keys";

/** How long an isolate trusts the content version it read before asking KV again. */
const VERSION_TTL_MS = 5_000;

export class ContentUnavailableError extends Error {
  override name = "ContentUnavailableError";
}

interface Memo {
  version: string;
  catalogue: Promise<Catalogue>;
}

let memo: Memo | undefined;
let lastGood: Catalogue | undefined;
let versionCheckedAt = 0;
let failureLogged = false;

async function readVersion(kv: KVNamespace, now: number): Promise<string> {
  if (memo && now - versionCheckedAt < VERSION_TTL_MS) return memo.version;
  const version = await kv.get(CONTENT_VERSION_KEY, { cacheTtl: 60 });
  if (!version) throw new ContentUnavailableError(`KV has no ${CONTENT_VERSION_KEY}: run \`npm run content:push\``);
  versionCheckedAt = now;
  return version;
}

async function readSnapshot(kv: KVNamespace, version: string): Promise<Catalogue> {
  const catalogue = await kv.get<Catalogue>(`${CATALOGUE_KEY_PREFIX}${version}`, { type: "json", cacheTtl: 3600 });
  if (!catalogue) throw new ContentUnavailableError(`KV has no catalogue for version ${version}`);
  return catalogue;
}

/**
 * The catalogue of the current content version: KV is read once per version and the parsed
 * snapshot is shared by every request of this isolate. When KV fails, the last good version
 * keeps serving and the failure is logged once.
 */
export async function getCatalogue(kv: KVNamespace, now = Date.now()): Promise<Catalogue> {
  try {
    const version = await readVersion(kv, now);
    if (memo?.version !== version) {
      const catalogue = readSnapshot(kv, version);
      memo = { version, catalogue };
      catalogue.catch(() => {
        if (memo?.catalogue === catalogue) memo = undefined;
      });
    }
    const catalogue = await memo.catalogue;
    lastGood = catalogue;
    failureLogged = false;
    return catalogue;
  } catch (error) {
    if (!lastGood) throw error;
    if (!failureLogged) {
      failureLogged = true;
      log.error("content.unavailable", { error: String(error), serving: lastGood.version });
    }
    return lastGood;
  }
}

/** Forgets what this isolate has read, as a fresh isolate would (tests switch content versions). */
export function forgetCatalogue(): void {
  memo = undefined;
  lastGood = undefined;
  versionCheckedAt = 0;
  failureLogged = false;
}

/** Per-version derived data (indexes, menus), computed once per isolate and content version. */
export function derived<T>(build: (catalogue: Catalogue) => T): (catalogue: Catalogue) => T {
  const cache = new WeakMap<Catalogue, T>();
  return (catalogue) => {
    let value = cache.get(catalogue);
    if (value === undefined) {
      value = build(catalogue);
      cache.set(catalogue, value);
    }
    return value;
  };
}
