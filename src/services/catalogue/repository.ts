import { isolateSlot } from "../isolate";
import { log } from "../log";
import type { Catalogue } from "./build";
import { CATALOGUE_KEY_PREFIX, CONTENT_VERSION_KEY, CURRENT_CATALOGUE_KEY } from "./keys";
import { InvalidSnapshotError, isCopyOf, parseSnapshot } from "./snapshot";

/** How long an isolate trusts the content it has before asking KV again (also after a failure). */
const VERSION_TTL_MS = 5_000;

/** No content can be served: nothing in KV, or KV failing before this isolate ever read it. */
export class ContentUnavailableError extends Error {
  override name = "ContentUnavailableError";
}

/** A failure of the content read, named so that the same failure repeated is recognised and logged once. */
interface Failure {
  key: string;
  error: string;
}

/** What the isolate knows of the content (services/isolate.ts). */
const state = isolateSlot("catalogue", () => ({
  lastGood: undefined as Catalogue | undefined,
  checkedAt: Number.NEGATIVE_INFINITY,
  /** the read of a new version's snapshot, shared by the requests that arrive while it runs */
  loading: undefined as { version: string; snapshot: Promise<Catalogue> } | undefined,
  /** the failure logged last; cleared (with a recovery line) once content reads again */
  failing: undefined as Failure | undefined,
  /** a version whose snapshot failed validation: not read again until the pointer moves */
  rejectedVersion: undefined as string | undefined,
  /** the current snapshot's copy, read once beside the pointer while the isolate has no content (decision 043) */
  copy: undefined as CurrentCopy | undefined,
}));

function failureOf(error: unknown, version: string | undefined): Failure {
  if (error instanceof InvalidSnapshotError) return { key: `invalid:${version}`, error: error.message };
  if (error instanceof ContentUnavailableError) return { key: `missing:${version ?? CONTENT_VERSION_KEY}`, error: error.message };
  return { key: "kv", error: String(error) };
}

/** The current snapshot's copy as read beside the pointer: null when it could not be read. */
type CurrentCopy = Promise<{ value: string | null; metadata: unknown } | null>;

/**
 * How long an isolate without content waits for the version pointer before it also reads the
 * current snapshot's copy: KV at hand answers within it (the version's snapshot is then read
 * after it, as always); KV far away does not, and the copy's read overlaps the pointer's.
 */
const COPY_AFTER_MS = 25;

/**
 * The current snapshot's copy, read once for every request of an isolate without content and kept
 * alive like the snapshot's read, when the pointer is slow to come; null when it came in time.
 */
function copyIfSlow(kv: KVNamespace, pointer: Promise<unknown>, keepAlive: KeepAlive | undefined): CurrentCopy {
  const known = state();
  if (known.copy) return known.copy;
  const inTime = Promise.race([
    pointer.then(
      () => true,
      () => true,
    ),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), COPY_AFTER_MS)),
  ]);
  known.copy = inTime.then((came) => (came ? null : kv.getWithMetadata(CURRENT_CATALOGUE_KEY, { type: "text", cacheTtl: 60 }).catch(() => null)));
  keepAlive?.(known.copy);
  return known.copy;
}

async function readSnapshot(kv: KVNamespace, version: string, current: CurrentCopy | undefined): Promise<Catalogue> {
  // the copy read beside the pointer, if it is this version's (a push may have moved one and not yet the other)
  const copy = current ? await current : null;
  if (copy?.value && isCopyOf(copy.metadata, version)) {
    try {
      return await parseSnapshot(copy.value, version, copy.metadata);
    } catch (error) {
      // a copy altered by hand: the version's own snapshot decides
      log.warn("content.copy-refused", { version, error: error instanceof Error ? error.message : String(error) });
    }
  }
  const { value: text, metadata } = await kv.getWithMetadata(`${CATALOGUE_KEY_PREFIX}${version}`, { type: "text", cacheTtl: 3600 });
  if (text === null) throw new ContentUnavailableError(`KV has no catalogue for version ${version}`);
  return parseSnapshot(text, version, metadata);
}

/** Keeps a promise's I/O alive after the request that started it has answered (ExecutionContext.waitUntil). */
export type KeepAlive = (promise: Promise<unknown>) => void;

/**
 * One read of a version's snapshot for every request that needs it. Other requests await the
 * first one's I/O: it is kept alive past that request, or a visitor closing the tab would cancel
 * it and leave the others waiting for ever (workerd ends them as "hung").
 */
function snapshotOf(kv: KVNamespace, version: string, keepAlive: KeepAlive | undefined, copy: CurrentCopy | undefined): Promise<Catalogue> {
  const known = state();
  if (known.loading?.version === version) return known.loading.snapshot;
  const snapshot = readSnapshot(kv, version, copy);
  const current = { version, snapshot };
  known.loading = current;
  const settled = snapshot.then(
    () => undefined,
    () => undefined,
  );
  keepAlive?.(settled);
  void settled.then(() => {
    if (known.loading === current) known.loading = undefined;
  });
  return snapshot;
}

async function refresh(kv: KVNamespace, now: number, keepAlive: KeepAlive | undefined, pointer = kv.get(CONTENT_VERSION_KEY, { cacheTtl: 60 })): Promise<Catalogue> {
  const known = state();
  let version: string | undefined;
  // an isolate with no content yet, its KV far away, reads the current snapshot's copy beside the pointer: one round, not two (decision 043)
  const current = known.lastGood ? undefined : copyIfSlow(kv, pointer, keepAlive);
  try {
    version = (await pointer) ?? undefined;
    if (!version) throw new ContentUnavailableError(`KV has no ${CONTENT_VERSION_KEY}: run \`npm run content:push\``);
    if (version === known.rejectedVersion) throw new InvalidSnapshotError(`catalogue:${version} was refused before`);
    let catalogue = known.lastGood;
    if (catalogue?.version !== version) {
      try {
        catalogue = await snapshotOf(kv, version, keepAlive, current);
      } catch (error) {
        if (error instanceof InvalidSnapshotError) known.rejectedVersion = version;
        throw error;
      }
    }
    known.checkedAt = now;
    known.copy = undefined;
    if (known.failing) log.info("content.recovered", { version, after: known.failing.key });
    known.failing = undefined;
    known.lastGood = catalogue;
    return catalogue;
  } catch (error) {
    // the next request waits the same pause before asking KV again, rather than every request asking
    known.checkedAt = now;
    known.copy = undefined;
    const failure = failureOf(error, version);
    if (failure.key !== known.failing?.key) {
      log.error("content.unavailable", { failure: failure.key, error: failure.error, serving: known.lastGood?.version ?? null });
    }
    known.failing = failure;
    if (!known.lastGood) throw error instanceof ContentUnavailableError ? error : new ContentUnavailableError(failure.error);
    return known.lastGood;
  }
}

/**
 * The catalogue of the current content version: KV is read once per version and the parsed,
 * validated snapshot is shared by every request of this isolate. When KV fails or a snapshot is
 * invalid, the last good version keeps serving; each distinct failure is logged once, and the
 * recovery too. With nothing good yet (a cold isolate), it throws ContentUnavailableError.
 */
export async function getCatalogue(kv: KVNamespace, now = Date.now(), keepAlive?: KeepAlive): Promise<Catalogue> {
  const known = state();
  if (known.lastGood && now - known.checkedAt < VERSION_TTL_MS) return known.lastGood;
  // the version pointer is small and cached at the edge: each request reads it with its own I/O
  return refresh(kv, now, keepAlive);
}

/**
 * The content a request will be answered with, in two steps: the version as soon as the pointer
 * says it (a page already rendered for that version can be served without the snapshot), and the
 * catalogue itself. The version is the one the catalogue will have, unless that version's snapshot
 * turns out unusable: then it is the catalogue's own (the last good one).
 */
export interface ContentRead {
  version: Promise<string>;
  catalogue: Promise<Catalogue>;
}

export function readContent(kv: KVNamespace, now = Date.now(), keepAlive?: KeepAlive): ContentRead {
  const known = state();
  if (known.lastGood && now - known.checkedAt < VERSION_TTL_MS) {
    const catalogue = Promise.resolve(known.lastGood);
    return { version: Promise.resolve(known.lastGood.version), catalogue };
  }
  const pointer = kv.get(CONTENT_VERSION_KEY, { cacheTtl: 60 });
  const catalogue = refresh(kv, now, keepAlive, pointer);
  // nobody may be waiting for the catalogue (a page served from a cache): its failure is logged by refresh
  catalogue.catch(() => undefined);
  const version = pointer.then(
    (named) => (named && named !== known.rejectedVersion ? named : catalogue.then((read) => read.version)),
    () => catalogue.then((read) => read.version),
  );
  version.catch(() => undefined);
  return { version, catalogue };
}

/**
 * Whether this isolate has read content before: if not, its first page waits for KV, which may be
 * far away (a fresh isolate at a quiet edge), and it asks the pages tier for it (server/cache/).
 */
export const hasReadContent = (): boolean => state().lastGood !== undefined;

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
