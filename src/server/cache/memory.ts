/**
 * The first tier: the pages this isolate served last, in memory, least recently used first out. A
 * hit costs no I/O at all; the location's Cache API behind it is shared by the isolates of a location.
 */
import { isolateSlot } from "../../services/isolate";

/** Bytes of pages an isolate keeps in memory; a page over an eighth of it is never kept. */
const MEMORY_BYTES = 8 * 1024 * 1024;

/** A page as the cache keeps it. */
export interface Kept {
  body: ArrayBuffer;
  type: string;
  /** when it stops being served (ms since the epoch) */
  expires: number;
  /** its validator (`"<sha-256 of the body>"`, as middleware.ts makes it for every page) */
  etag: string;
}

const state = isolateSlot("edge-cache-memory", () => ({ pages: new Map<string, Kept>(), bytes: 0 }));

function forget(key: string): void {
  const memory = state();
  const kept = memory.pages.get(key);
  if (!kept) return;
  memory.pages.delete(key);
  memory.bytes -= kept.body.byteLength;
}

/** The page kept under `key`, unless it has expired by `now`. */
export function recall(key: string, now: number): Kept | undefined {
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

export function remember(key: string, kept: Kept): void {
  if (kept.body.byteLength > MEMORY_BYTES / 8) return;
  const memory = state();
  forget(key);
  memory.pages.set(key, kept);
  memory.bytes += kept.body.byteLength;
  for (const oldest of memory.pages.keys()) {
    if (memory.bytes <= MEMORY_BYTES) break;
    forget(oldest);
  }
}
