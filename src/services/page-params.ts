/**
 * The query parameters each page reads, in their canonical form; nothing else reaches a page or
 * its cache key. A parameter a page does not read (`/?about=<random>`) is the same page, served
 * from the cache; so is a value that means what another means (`page=02` is `page=2`, a default
 * written out is the page without it) and a value the page would ignore (an unknown CTA, a
 * seminar that does not exist, a label no CTA of the site carries). A value the page refuses
 * (`page=abc`) stays as it is: its answer is an error, which is never cached.
 */
import type { Catalogue } from "./catalogue/build";
import { ctaKeys } from "./catalogue/cta-keys";
import { ctaLabelsOf } from "./catalogue/cta-labels";
import { indexes } from "./catalogue/queries";
import { derived } from "./catalogue/repository";

/** What the canonical values depend on besides the URL: the content. */
export interface PageFacts {
  /** whether the catalogue has a seminar with this id */
  seminar(id: string): boolean;
  /** whether a CTA of the site carries this label (cta-labels.ts) */
  about(label: string): boolean;
}

const ctaLabels = derived(ctaLabelsOf);

export const pageFacts = (catalogue: Catalogue): PageFacts => ({
  seminar: (id) => indexes(catalogue).seminarById.has(id),
  about: (label) => ctaLabels(catalogue).has(label),
});

/** A value's canonical form; null when the page is the same without it. */
type Canonical = (value: string, facts: PageFacts, url: URL) => string | null;

const LIST_TYPES = ["course", "profession", "shortterm"];
const positive = (value: string) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : null;
};

const ORDER: Record<string, Canonical> = {
  sort: (value) => (value === "default" ? null : value),
  dir: (value) => (value === "asc" ? null : value),
  page: (value) => {
    const n = positive(value);
    return n === null ? value : n === 1 ? null : String(n);
  },
};
const LISTING: Record<string, Canonical> = {
  ...ORDER,
  type: (value) => (LIST_TYPES.includes(value.toLowerCase()) ? value.toLowerCase() : value),
};

const APPLY: Record<string, Canonical> = {
  // the page without a CTA is the general application's
  cta: (value) => ((ctaKeys as readonly string[]).includes(value) && value !== "submitApplication" ? value : null),
  form: (value) => (value === "notFound" || value === "freeAccess" ? value : null),
  seminar: (value, facts, url) => (url.searchParams.get("cta") === "buyTicket" && facts.seminar(value) ? value : null),
  about: (value, facts) => (facts.about(value) ? value : null),
};

const SEARCH: Record<string, Canonical> = {
  // server/search.ts reads the first 100 characters
  q: (value) => value.slice(0, 100) || null,
};

const PARAMS: [RegExp, Record<string, Canonical>][] = [
  [/^\/programs(\/[^/]+)?$/, LISTING],
  // a list of one type: `type` is not read
  [/^\/(professions|courses|shortTerm)$/, ORDER],
  [/^\/search$/, SEARCH],
  [/^\/apply$/, APPLY],
];

/**
 * Whether the canonical form of this address's parameters depends on the content (a seminar's id,
 * a CTA's label): its cache key is made with the catalogue, the others' with its version alone.
 */
export const readsContent = (url: URL): boolean => url.pathname === "/apply" && (url.searchParams.has("seminar") || url.searchParams.has("about"));

/** The parameters of a URL that its page reads, first value of each, canonical, sorted by name. */
export function pageQuery(url: URL, facts: PageFacts): [string, string][] {
  const canonical = PARAMS.find(([path]) => path.test(url.pathname))?.[1] ?? {};
  const kept: [string, string][] = [];
  for (const [name, normalise] of Object.entries(canonical)) {
    const value = url.searchParams.get(name);
    const normal = value === null ? null : normalise(value, facts, url);
    if (normal !== null) kept.push([name, normal]);
  }
  return kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
