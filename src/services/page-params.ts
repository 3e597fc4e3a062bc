/**
 * The query parameters each page reads; nothing else reaches a page or its cache key, so a
 * parameter a page does not read (`/?about=<random>`) is the same page, served from the cache.
 */
const LISTING = ["type", "sort", "dir", "page"] as const;

const PARAMS: [RegExp, readonly string[]][] = [
  [/^\/(programs(\/[^/]+)?|professions|courses|shortTerm)$/, LISTING],
  [/^\/search$/, ["q"]],
  [/^\/apply$/, ["cta", "about", "seminar", "form"]],
];

/** The parameters the page at this path reads. */
export function pageParamsOf(pathname: string): readonly string[] {
  return PARAMS.find(([path]) => path.test(pathname))?.[1] ?? [];
}

/** The parameters of a URL that its page reads, first value of each, sorted by name. */
export function pageQuery(url: URL): [string, string][] {
  const wanted = pageParamsOf(url.pathname);
  const kept: [string, string][] = [];
  for (const name of wanted) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.push([name, value]);
  }
  return kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
