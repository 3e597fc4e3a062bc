import type MiniSearch from "minisearch";
import type { SearchDocument, SearchResult } from "../services/search/documents";
import { loadSearchIndex, searchIndex } from "../services/search/engine";

/** The browser's copy of the search index: fetched once, when the visitor first types. */
let index: Promise<MiniSearch<SearchDocument>> | undefined;

export function browserIndex(version: string): Promise<MiniSearch<SearchDocument>> {
  index ??= fetch(`/api/search/index?v=${encodeURIComponent(version)}`)
    .then((response) => {
      if (!response.ok) throw new Error(`search index: ${response.status}`);
      return response.text();
    })
    .then(loadSearchIndex)
    .catch((error: unknown) => {
      index = undefined;
      throw error;
    });
  return index;
}

export async function searchInBrowser(version: string, query: string): Promise<SearchResult[]> {
  return searchIndex(await browserIndex(version), query, 12);
}
