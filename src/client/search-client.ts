import { searchClient, searchIndexClient } from "./api";
import { loadSearchIndex, type SearchAnswer, type SearchIndex, search } from "../services/search/engine";

/** Results the header panel shows at most. */
const PANEL_RESULTS = 12;
/** Pause in typing before a big catalogue's query goes to the server as well. */
export const SERVER_DEBOUNCE_MS = 150;

/** The browser's copy of the search index: fetched once, when the visitor first types. */
let index: Promise<SearchIndex> | undefined;

function browserIndex(version: string): Promise<SearchIndex> {
  index ??= searchIndexClient.search.browser
    .$get({ query: { v: version } })
    .then((response) => {
      if (response.status !== 200) throw new Error(`search index: ${response.status}`);
      return response.json();
    })
    .then(loadSearchIndex)
    .catch((error: unknown) => {
      index = undefined;
      throw error;
    });
  return index;
}

/** Results from the browser's copy; `complete` false means the server knows more (a big catalogue). */
export async function searchInBrowser(version: string, query: string): Promise<SearchAnswer & { complete: boolean }> {
  const local = await browserIndex(version);
  return { ...search(local, query, PANEL_RESULTS), complete: local.complete };
}

/** The same search on the server, over the whole catalogue. */
export async function searchOnServer(query: string, signal: AbortSignal): Promise<SearchAnswer> {
  const response = await searchClient.search.$get({ query: { q: query } }, { init: { signal } });
  if (response.status !== 200) throw new Error(`search: ${response.status}`);
  const { results, layoutSwitched } = await response.json();
  return { results: results.slice(0, PANEL_RESULTS), layoutSwitched };
}
