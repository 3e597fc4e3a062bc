import { isolateSlot } from "../isolate";
import { log } from "../log";
import type { ArticleBody, ProgramDetails } from "./build";
import { articleBodyKey, programDetailsKey } from "./keys";
import { ContentUnavailableError } from "./repository";
import { olderArticleText, parseArticleBody, parseProgramDetails } from "./snapshot";

/** Parts an isolate keeps parsed, per kind: the most visited pages do not read KV again. */
const KEPT = 200;

interface Kept<T> {
  kept: Map<string, T>;
  /** keys whose failure was logged: the same failure is logged once, not per request */
  logged: Set<string>;
}

const programDetails = isolateSlot("program-details", (): Kept<ProgramDetails> => ({ kept: new Map(), logged: new Set() }));
const articleBodies = isolateSlot("article-bodies", (): Kept<ArticleBody> => ({ kept: new Map(), logged: new Set() }));

/**
 * A part of a content version that KV keeps apart from the snapshot (decision 013), read from KV on
 * its page's first visit and kept (the most recent 200). When it cannot be read or is invalid, the
 * page answers 503 (ContentUnavailableError), and the failure is logged once per key as `<event>.unavailable`.
 */
async function keptPart<T>(kv: KVNamespace, key: string, state: Kept<T>, parse: (text: string, key: string) => T, event: string): Promise<T> {
  const { kept, logged } = state;
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
    const part = parse(text, key);
    kept.set(key, part);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    if (logged.delete(key)) log.info(`${event}.recovered`, { key });
    return part;
  } catch (error) {
    if (!logged.has(key)) {
      logged.add(key);
      log.error(`${event}.unavailable`, { key, error: String(error) });
    }
    throw error instanceof ContentUnavailableError ? error : new ContentUnavailableError(String(error));
  }
}

/** A program's details of a content version (decision 013): its page's modules, outcomes, FAQ... */
export const programDetailsOf = (kv: KVNamespace, version: string, programId: string): Promise<ProgramDetails> =>
  keptPart(kv, programDetailsKey(version, programId), programDetails(), parseProgramDetails, "program.details");

/** An article's text of a content version (decision 013, amended): only its own page shows it. */
export async function articleBodyOf(kv: KVNamespace, version: string, articleId: string): Promise<ArticleBody> {
  const key = articleBodyKey(version, articleId);
  // a version pushed before the texts were kept apart carried them in its snapshot
  return olderArticleText(key) ?? keptPart(kv, key, articleBodies(), parseArticleBody, "article.body");
}
