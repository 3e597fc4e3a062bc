import type { BuiltCatalogue, Catalogue } from "../catalogue/build";
import { BROWSER_SEARCH_KEY_PREFIX, SEARCH_KEY_PREFIX } from "../catalogue/keys";
import { isolateSlot } from "../isolate";
import { type Json, jsonOf } from "../json";
import { log } from "../log";
import { type SearchDocument, searchDocuments } from "./documents";
import { buildBrowserIndex, buildSearchIndex, loadSearchIndex, type SearchIndex, type SearchIndexData } from "./engine";

/** The KV entries of a content version's search indexes, as `npm run content:push` writes them. */
export function searchIndexEntries(catalogue: BuiltCatalogue): Array<{ key: string; value: string }> {
  const documents = searchDocuments(catalogue);
  return [
    { key: `${SEARCH_KEY_PREFIX}${catalogue.version}`, value: JSON.stringify(buildSearchIndex(documents)) },
    { key: `${BROWSER_SEARCH_KEY_PREFIX}${catalogue.version}`, value: JSON.stringify(buildBrowserIndex(documents)) },
  ];
}

interface Memo {
  version: string;
  index?: Promise<SearchIndex>;
  browserJson?: Promise<Json<SearchIndexData>>;
}

const state = isolateSlot("search-index", () => ({ memo: undefined as Memo | undefined }));

/**
 * The search indexes of the catalogue's version: built when the content is pushed and stored in
 * KV beside it; read (and the server's parsed) once per version per isolate, each when first
 * asked for: a read begun for a request that does not wait for it would be cancelled with that
 * request. A push without them gets them built here (without the programs' details, which the
 * catalogue does not hold).
 */
function memoOf(version: string): Memo {
  const known = state();
  if (known.memo?.version !== version) known.memo = { version };
  return known.memo;
}

/** The index as `npm run content:push` stored it (this site's own JSON), or built here when the push left it out. */
function read(kv: KVNamespace, catalogue: Catalogue, prefix: string, build: (documents: SearchDocument[]) => SearchIndexData): Promise<Json<SearchIndexData>> {
  return kv.get(`${prefix}${catalogue.version}`, { cacheTtl: 3600 }).then((stored) => {
    if (stored) return stored as Json<SearchIndexData>;
    log.warn("search.index.missing", { version: catalogue.version, key: prefix });
    return jsonOf(build(searchDocuments(catalogue)));
  });
}

export function searchIndexOf(kv: KVNamespace, catalogue: Catalogue): Promise<SearchIndex> {
  const entry = memoOf(catalogue.version);
  if (entry.index) return entry.index;
  const index = read(kv, catalogue, SEARCH_KEY_PREFIX, buildSearchIndex).then(loadSearchIndex);
  entry.index = index;
  // a failure is not remembered: the next request tries again
  index.catch(() => {
    if (entry.index === index) entry.index = undefined;
  });
  return index;
}

export function browserSearchIndexOf(kv: KVNamespace, catalogue: Catalogue): Promise<Json<SearchIndexData>> {
  const entry = memoOf(catalogue.version);
  if (entry.browserJson) return entry.browserJson;
  const json = read(kv, catalogue, BROWSER_SEARCH_KEY_PREFIX, (documents) => buildBrowserIndex(documents));
  entry.browserJson = json;
  json.catch(() => {
    if (entry.browserJson === json) entry.browserJson = undefined;
  });
  return json;
}
