import { stemmer } from "@orama/stemmers/russian";
import layout from "convert-layout/ru";
import MiniSearch, { type Options, type SearchOptions } from "minisearch";
import type { SearchDocument, SearchResult } from "./documents";

/** Results one query answers with at most. */
export const MAX_RESULTS = 20;

const storeFields = ["title", "type", "typename", "subtitle", "slug", "studyFieldSlug", "typeLabel", "href"] as const;

/** Lower case, ё as е, and the Russian stem: 'психологии' and 'психология' meet as 'психолог'. */
export function normalizeTerm(term: string): string {
  const word = term.toLowerCase().replace(/ё/g, "е");
  return /[а-я]/.test(word) ? stemmer(word) : word;
}

export const indexOptions: Options<SearchDocument> = {
  idField: "id",
  fields: ["title", "subtitle", "text"],
  storeFields: [...storeFields],
  tokenize: (text) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean),
  processTerm: (term) => normalizeTerm(term),
};

/**
 * Titles rank above subtitles and descriptions; one or two typos are forgiven (two in long words);
 * the word being typed (the last, while still short) is a prefix. A long finished word is not
 * expanded as a prefix: it would match half the catalogue and cost the most for the least.
 */
const searchOptions: SearchOptions = {
  boost: { title: 4, subtitle: 1.5, text: 0.5 },
  prefix: (term, index, terms) => index === terms.length - 1 && term.length <= 6,
  fuzzy: (term) => (term.length <= 3 ? false : term.length <= 8 ? 1 : 2),
  weights: { fuzzy: 0.3, prefix: 0.6 },
  combineWith: "AND",
};

export function buildSearchIndex(documents: SearchDocument[]): MiniSearch<SearchDocument> {
  const index = new MiniSearch<SearchDocument>(indexOptions);
  index.addAll(documents);
  return index;
}

export function loadSearchIndex(json: string): MiniSearch<SearchDocument> {
  return MiniSearch.loadJSON<SearchDocument>(json, indexOptions);
}

/** A query typed in the Latin layout of a Russian keyboard ('ghjatccbz' is 'профессия'). */
export function fromLatinLayout(query: string): string | null {
  if (!/[a-z[\];',.`]/i.test(query) || /[а-яё]/i.test(query)) return null;
  const converted = layout.fromEn(query);
  return converted !== query ? converted : null;
}

type Hit = SearchResult & { score: number };

/**
 * Exact words in titles first: when they alone fill a page, typo-tolerant matches and the
 * descriptions (the bulk of the index) could not rank above them, so they are not searched. Then
 * every field with typos forgiven; then any word instead of every word.
 */
function run(index: MiniSearch<SearchDocument>, query: string, limit: number): Hit[] {
  let hits = index.search(query, { ...searchOptions, fields: ["title", "subtitle"], fuzzy: false });
  if (hits.length < limit) hits = index.search(query, searchOptions);
  if (hits.length === 0) hits = index.search(query, { ...searchOptions, combineWith: "OR" });
  // hits come best first: only a page's worth becomes results
  return hits.slice(0, limit).map((hit) => ({
    id: hit.id as string,
    score: hit.score,
    ...(Object.fromEntries(storeFields.map((field) => [field, hit[field] ?? ""])) as Omit<SearchResult, "id">),
  }));
}

/**
 * The search of spec 4: an empty query gives nothing; otherwise the query as typed and, when it
 * is Latin, as the Russian keyboard would have typed it; the better of the two wins.
 */
export function searchIndex(index: MiniSearch<SearchDocument>, rawQuery: string, limit = MAX_RESULTS): SearchResult[] {
  const query = rawQuery.trim().slice(0, 100);
  if (!query) return [];
  const best = new Map<string, Hit>();
  for (const variant of [query, fromLatinLayout(query)]) {
    if (!variant) continue;
    for (const hit of run(index, variant, limit)) {
      const seen = best.get(hit.id);
      if (!seen || seen.score < hit.score) best.set(hit.id, hit);
    }
  }
  return [...best.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ score: _score, ...result }) => result);
}
