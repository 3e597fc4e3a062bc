import { env } from "cloudflare:test";
import type { Catalogue } from "../../src/services/catalogue/build";
import { CATALOGUE_KEY_PREFIX, CONTENT_VERSION_KEY, SEARCH_KEY_PREFIX } from "../../src/services/catalogue/keys";
import { searchDocuments } from "../../src/services/search/documents";
import { buildSearchIndex } from "../../src/services/search/engine";
import { forgetCatalogue } from "../../src/services/catalogue/repository";
import { defaultCatalogue } from "../support/content";

/** Puts a catalogue into the test's KV as `npm run content:push` would, and makes it current. */
export async function seedCatalogue(catalogue: Catalogue = defaultCatalogue()): Promise<Catalogue> {
  await env.CATALOGUE.put(`${CATALOGUE_KEY_PREFIX}${catalogue.version}`, JSON.stringify(catalogue));
  await env.CATALOGUE.put(`${SEARCH_KEY_PREFIX}${catalogue.version}`, JSON.stringify(buildSearchIndex(searchDocuments(catalogue))));
  await env.CATALOGUE.put(CONTENT_VERSION_KEY, catalogue.version);
  forgetCatalogue();
  return catalogue;
}
