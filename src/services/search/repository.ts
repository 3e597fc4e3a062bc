import type MiniSearch from "minisearch";
import type { Catalogue } from "../catalogue/build";
import { SEARCH_KEY_PREFIX } from "../catalogue/keys";
import { log } from "../log";
import { searchDocuments, type SearchDocument } from "./documents";
import { buildSearchIndex, loadSearchIndex } from "./engine";

interface Memo {
  version: string;
  json: Promise<string>;
  index: Promise<MiniSearch<SearchDocument>>;
}

let memo: Memo | undefined;

/**
 * The search index of the catalogue's version: built when the content is pushed and stored in KV
 * beside it; read and parsed once per version per isolate. A push without one gets it built here.
 */
function load(kv: KVNamespace, catalogue: Catalogue): Memo {
  if (memo?.version === catalogue.version) return memo;
  const json = kv.get(`${SEARCH_KEY_PREFIX}${catalogue.version}`, { cacheTtl: 3600 }).then((stored) => {
    if (stored) return stored;
    log.warn("search.index.missing", { version: catalogue.version });
    return JSON.stringify(buildSearchIndex(searchDocuments(catalogue)));
  });
  const next: Memo = { version: catalogue.version, json, index: json.then(loadSearchIndex) };
  memo = next;
  json.catch(() => {
    if (memo === next) memo = undefined;
  });
  return next;
}

export const searchIndexOf = (kv: KVNamespace, catalogue: Catalogue) => load(kv, catalogue).index;
export const searchIndexJsonOf = (kv: KVNamespace, catalogue: Catalogue) => load(kv, catalogue).json;
