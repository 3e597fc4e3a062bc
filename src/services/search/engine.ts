import { stemmer } from "@orama/stemmers/russian";
import layout from "convert-layout/ru";
import SearchableMap from "minisearch/SearchableMap";
import type { SearchDocument, SearchResult } from "./documents";

/** Results one query answers with at most. */
export const MAX_RESULTS = 20;

/**
 * Documents the browser's copy of the index holds at most. A catalogue of this size or less is
 * searched wholly in the browser; a bigger one gets a sample for instant results, and the server
 * answers for the rest (decision 012), so the download stays the same size at 10,000 programs.
 */
export const BROWSER_INDEX_MAX_DOCUMENTS = 250;

const storedFields = ["id", "title", "type", "typename", "subtitle", "slug", "studyFieldSlug", "typeLabel", "href", "duration", "price"] as const;
const fields = ["title", "subtitle", "text"] as const;
type Field = (typeof fields)[number];

/** Titles rank above subtitles and descriptions. */
const fieldWeight: Record<Field, number> = { title: 4, subtitle: 1.5, text: 0.5 };
/** An exact word above a word being typed (a prefix), above a word with one typo, above two. */
const matchWeight = { exact: 1, prefix: 0.6, typo: [1, 0.35, 0.25] } as const;

/** The stored form of an index: plain JSON, built when the content is pushed. */
export interface SearchIndexData {
  format: 2;
  /** false when this is the browser's sample of a bigger catalogue */
  complete: boolean;
  /** every document's stored fields, in the order of `storedFields` */
  docs: string[][];
  /** the words of the documents (lower case, ё as е, Russian stems), sorted */
  terms: string[];
  /** per field, per term: the documents it occurs in, as ascending gaps */
  postings: Record<Field, number[][]>;
  /** words in each document's title: of two equal matches the shorter title is the closer */
  titleWords: number[];
}

const fold = (word: string) => word.toLowerCase().replace(/ё/g, "е");

/** Lower case, ё as е, and the Russian stem: 'психологии' and 'психология' meet as 'психолог'. */
export function normalizeTerm(term: string): string {
  const word = fold(term);
  return /[а-я]/.test(word) ? stemmer(word) : word;
}

/** A word of a query: its stem, matched exactly and with typos, and as typed, matched as a prefix. */
interface QueryWord {
  stem: string;
  typed: string;
}

const tokenize = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Builds the index of the documents; `complete` says whether they are the whole catalogue. */
export function buildSearchIndex(documents: SearchDocument[], complete = true): SearchIndexData {
  const byField = Object.fromEntries(fields.map((field) => [field, new Map<string, number[]>()])) as Record<Field, Map<string, number[]>>;
  const titleWords: number[] = [];
  documents.forEach((doc, id) => {
    for (const field of fields) {
      const words = tokenize(doc[field]);
      if (field === "title") titleWords.push(words.length);
      for (const word of words) {
        const term = normalizeTerm(word);
        const list = byField[field].get(term) ?? [];
        if (list[list.length - 1] !== id) list.push(id);
        byField[field].set(term, list);
      }
    }
  });
  const terms = [...new Set(fields.flatMap((field) => [...byField[field].keys()]))].sort();
  const gaps = (ids: number[] | undefined) => (ids ?? []).map((id, i) => (i === 0 ? id : id - ids![i - 1]!));
  const postings = Object.fromEntries(fields.map((field) => [field, terms.map((term) => gaps(byField[field].get(term)))])) as Record<Field, number[][]>;
  return { format: 2, complete, docs: documents.map((doc) => storedFields.map((name) => doc[name])), terms, postings, titleWords };
}

/**
 * The browser's copy: the whole catalogue when it is small; otherwise a sample (half of it the
 * other kinds, teachers, seminars and the rest, half programs, in the catalogue's order).
 */
export function buildBrowserIndex(documents: SearchDocument[], max = BROWSER_INDEX_MAX_DOCUMENTS): SearchIndexData {
  if (documents.length <= max) return buildSearchIndex(documents, true);
  const isProgram = (doc: SearchDocument) => doc.id.startsWith("program:");
  const others = documents.filter((doc) => !isProgram(doc));
  const programs = documents.filter(isProgram);
  const first = others.slice(0, Math.max(max / 2, max - programs.length));
  const sample = [...first, ...programs.slice(0, max - first.length)];
  return buildSearchIndex(sample, false);
}

/** A loaded index: documents, the sorted vocabulary and the postings, decoded. */
export class SearchIndex {
  readonly complete: boolean;
  private readonly docs: string[][];
  private readonly terms: string[];
  private readonly postings: Record<Field, Uint32Array[]>;
  private readonly titleWords: number[];
  private typoTree: SearchableMap<number> | undefined;

  constructor(data: SearchIndexData) {
    if (data.format !== 2) throw new Error(`search index: unknown format ${String(data.format)}`);
    this.complete = data.complete;
    this.docs = data.docs;
    this.terms = data.terms;
    this.titleWords = data.titleWords;
    const decode = (gaps: number[]) => {
      const ids = new Uint32Array(gaps.length);
      let id = 0;
      for (let i = 0; i < gaps.length; i++) ids[i] = id += gaps[i]!;
      return ids;
    };
    this.postings = Object.fromEntries(fields.map((field) => [field, data.postings[field].map(decode)])) as Record<Field, Uint32Array[]>;
  }

  get size(): number {
    return this.docs.length;
  }

  result(doc: number): SearchResult {
    const stored = this.docs[doc]!;
    return Object.fromEntries(storedFields.map((name, i) => [name, stored[i] ?? ""])) as unknown as SearchResult;
  }

  titleWordsOf(doc: number): number {
    return this.titleWords[doc] ?? 1;
  }

  /**
   * Terms of the vocabulary a query word matches, each with how well: its stem exactly, the word as
   * typed as the beginning of a longer one ('медиа' of 'медиатор'; not the stem: 'яяя' stems to
   * 'я'), its stem with one typo (two in a long word). Two neighbouring letters swapped count as
   * one typo, as a wrong letter does (Damerau): 'консультриование' is one typo from
   * 'консультирование', not two.
   */
  matches(word: QueryWord, options: { prefix: boolean; typos: boolean }): Array<[term: number, weight: number]> {
    const found: Array<[number, number]> = [];
    const exact = this.find(word.stem);
    if (exact >= 0) found.push([exact, matchWeight.exact]);
    if (options.prefix) {
      for (let term = this.lowerBound(word.typed); term < this.terms.length && this.terms[term]!.startsWith(word.typed); term++) {
        if (term !== exact) found.push([term, matchWeight.prefix]);
      }
    }
    const typos = word.stem.length <= 3 ? 0 : word.stem.length <= 8 ? 1 : 2;
    if (!options.typos || typos === 0) return found;
    this.typoTree ??= SearchableMap.from(this.terms.map((term, i) => [term, i] as [string, number]));
    let close = exact >= 0;
    for (const [term, distance] of this.typoTree.fuzzyGet(word.stem, typos).values()) {
      if (distance > 0) found.push([term, matchWeight.typo[distance] ?? 0]);
      if (distance === 1) close = true;
    }
    // a swap is one typo (a term found twice keeps its better weight: runPass takes the best)
    const stem = word.stem;
    const swaps: string[] = [];
    for (let i = 0; i + 1 < stem.length; i++) {
      if (stem[i] === stem[i + 1]) continue;
      const swapped = stem.slice(0, i) + stem[i + 1] + stem[i] + stem.slice(i + 2);
      swaps.push(swapped);
      const term = this.find(swapped);
      if (term >= 0) {
        found.push([term, matchWeight.typo[1]]);
        close = true;
      }
    }
    // a swap and one more typo, where a long word is forgiven two: looked for only when nothing
    // closer matched, since it costs a fuzzy look-up per swap
    if (typos === 2 && !close) {
      for (const swapped of swaps) {
        for (const [term, distance] of this.typoTree.fuzzyGet(swapped, 1).values()) {
          if (distance === 1) found.push([term, matchWeight.typo[2]]);
        }
      }
    }
    return found;
  }

  private find(word: string): number {
    const at = this.lowerBound(word);
    return this.terms[at] === word ? at : -1;
  }

  documentsOf(field: Field, term: number): Uint32Array {
    return this.postings[field][term]!;
  }

  private lowerBound(word: string): number {
    let low = 0;
    let high = this.terms.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.terms[mid]! < word) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

export function loadSearchIndex(json: string | SearchIndexData): SearchIndex {
  return new SearchIndex(typeof json === "string" ? (JSON.parse(json) as SearchIndexData) : json);
}

/**
 * A query typed in the Latin layout of a Russian keyboard ('ghjatccbz' is 'профессия'). In a query
 * that has Russian words too (typed on after the field showed the words searched: 'психология rehcs')
 * only its words with Latin letters are read so.
 */
export function fromLatinLayout(query: string): string | null {
  if (!/[a-z[\];',.`]/i.test(query)) return null;
  const converted = /[а-яё]/i.test(query) ? query.replace(/\S*[a-z]\S*/gi, (word) => layout.fromEn(word)) : layout.fromEn(query);
  return converted !== query ? converted : null;
}

interface Pass {
  fields: readonly Field[];
  typos: boolean;
  every: boolean;
}

/** Words of a query the search weighs at most: the rest of a pasted paragraph changes nothing. */
const MAX_WORDS = 6;

/**
 * One pass over the index: each word's best match per document (field weight × match weight),
 * summed over the words; with `every`, a document must match every word. The word being typed
 * (the last, unless the query ends with a space) also matches as a prefix. Among equal scores the
 * shorter title wins, then the catalogue's order. Work is proportional to the postings matched,
 * not to the catalogue, and only `limit` results are kept.
 */
function runPass(index: SearchIndex, words: QueryWord[], typing: boolean, pass: Pass, limit: number): Array<[doc: number, score: number]> {
  const n = words.length;
  const best = new Float32Array(index.size * n);
  const touched: number[] = [];
  const seen = new Uint8Array(index.size);
  words.forEach((word, w) => {
    const prefix = typing && w === n - 1;
    for (const [term, match] of index.matches(word, { prefix, typos: pass.typos })) {
      for (const field of pass.fields) {
        const weight = fieldWeight[field] * match;
        for (const doc of index.documentsOf(field, term)) {
          const slot = doc * n + w;
          if (best[slot]! < weight) best[slot] = weight;
          if (!seen[doc]) {
            seen[doc] = 1;
            touched.push(doc);
          }
        }
      }
    }
  });
  const top: Array<[number, number]> = [];
  // in the catalogue's order, so that equal scores keep it
  const order = touched.length * 8 > index.size ? Array.from(seen.keys()).filter((doc) => seen[doc]) : touched.sort((a, b) => a - b);
  for (const doc of order) {
    let score = 0;
    let matched = 0;
    for (let w = 0; w < n; w++) {
      const value = best[doc * n + w]!;
      if (value > 0) matched++;
      score += value;
    }
    if (pass.every && matched < n) continue;
    score += 0.1 / index.titleWordsOf(doc);
    if (top.length === limit && score <= top[limit - 1]![1]) continue;
    let at = top.length;
    while (at > 0 && top[at - 1]![1] < score) at--;
    top.splice(at, 0, [doc, score]);
    if (top.length > limit) top.pop();
  }
  return top;
}

/**
 * Exact words and prefixes in titles and subtitles first: when they alone fill a page, typos and
 * descriptions (the bulk of the index) could not rank above them, so they are not searched. Then
 * every field with typos forgiven; then any word instead of every word.
 */
function run(index: SearchIndex, query: string, limit: number): Array<[number, number]> {
  const words = tokenize(query)
    .slice(0, MAX_WORDS)
    .map((word) => ({ stem: normalizeTerm(word), typed: fold(word) }));
  if (words.length === 0) return [];
  const typing = !/\s$/.test(query);
  const titles = runPass(index, words, typing, { fields: ["title", "subtitle"], typos: false, every: true }, limit);
  if (titles.length >= limit) return titles;
  const all = runPass(index, words, typing, { fields, typos: true, every: true }, limit);
  if (all.length > 0 || words.length === 1) return all;
  return runPass(index, words, typing, { fields, typos: true, every: false }, limit);
}

export interface SearchAnswer {
  results: SearchResult[];
  /**
   * The query as the Russian keyboard would have typed it ('профессия' for 'ghjatccbz'), when that
   * is what the results answer; null when they answer the query as typed.
   */
  layoutSwitched: string | null;
}

/**
 * The search of spec 4: an empty query gives nothing; otherwise the query as typed and, when it
 * is Latin, as the Russian keyboard would have typed it; the better of the two wins, and the
 * answer names the Russian reading when it is the one that won.
 */
export function search(index: SearchIndex, rawQuery: string, limit = MAX_RESULTS): SearchAnswer {
  const query = rawQuery.trimStart().slice(0, 100);
  if (!query.trim()) return { results: [], layoutSwitched: null };
  const best = new Map<number, number>();
  const top = (found: Array<[number, number]>) => found.reduce((max, [, score]) => Math.max(max, score), 0);
  const typed = run(index, query, limit);
  for (const [doc, score] of typed) best.set(doc, score);
  const russian = fromLatinLayout(query);
  let layoutSwitched: string | null = null;
  if (russian) {
    const converted = run(index, russian, limit);
    for (const [doc, score] of converted) best.set(doc, Math.max(score, best.get(doc) ?? 0));
    if (converted.length > 0 && top(converted) > top(typed)) layoutSwitched = russian.trim();
  }
  const results = [...best]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([doc]) => index.result(doc));
  return { results, layoutSwitched };
}

/** The results of `search` alone. */
export const searchIndex = (index: SearchIndex, rawQuery: string, limit = MAX_RESULTS): SearchResult[] => search(index, rawQuery, limit).results;
