import { isolateSlot } from "../isolate";
import { log } from "../log";
import type { ProgramDetails } from "./build";
import { programDetailsKey } from "./keys";
import { ContentUnavailableError } from "./repository";
import { parseProgramDetails } from "./snapshot";

/** Details an isolate keeps parsed: the most visited programs' pages do not read KV again. */
const KEPT = 200;
const state = isolateSlot("program-details", () => ({
  kept: new Map<string, ProgramDetails>(),
  /** keys whose failure was logged: the same failure is logged once, not per request */
  logged: new Set<string>(),
}));

/**
 * A program's details of a content version (decision 013), read from KV on its page's first
 * visit and kept (the most recent 200). When they cannot be read or are invalid, the page answers
 * 503 (ContentUnavailableError), and the failure is logged once per key.
 */
export async function programDetailsOf(kv: KVNamespace, version: string, programId: string): Promise<ProgramDetails> {
  const key = programDetailsKey(version, programId);
  const { kept, logged } = state();
  const hit = kept.get(key);
  if (hit) {
    // most recently used last, so the oldest goes first
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  try {
    const text = await kv.get(key, { type: "text", cacheTtl: 3600 });
    if (text === null) throw new ContentUnavailableError(`KV has no ${key}`);
    const details = parseProgramDetails(text, key);
    kept.set(key, details);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    if (logged.delete(key)) log.info("program.details.recovered", { key });
    return details;
  } catch (error) {
    if (!logged.has(key)) {
      logged.add(key);
      log.error("program.details.unavailable", { key, error: String(error) });
    }
    throw error instanceof ContentUnavailableError ? error : new ContentUnavailableError(String(error));
  }
}
