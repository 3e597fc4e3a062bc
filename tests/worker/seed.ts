import { env } from "cloudflare:test";
import type { Catalogue } from "../../src/services/catalogue/build";
import { CATALOGUE_KEY_PREFIX, CONTENT_VERSION_KEY } from "../../src/services/catalogue/keys";
import { forgetCatalogue } from "../../src/services/catalogue/repository";
import { searchIndexEntries } from "../../src/services/search/repository";
import { defaultCatalogue } from "../support/content";

/** Puts a catalogue into the test's KV as `npm run content:push` would, and makes it current. */
export async function seedCatalogue(catalogue: Catalogue = defaultCatalogue()): Promise<Catalogue> {
  await env.CATALOGUE.put(`${CATALOGUE_KEY_PREFIX}${catalogue.version}`, JSON.stringify(catalogue));
  for (const { key, value } of searchIndexEntries(catalogue)) await env.CATALOGUE.put(key, value);
  await env.CATALOGUE.put(CONTENT_VERSION_KEY, catalogue.version);
  forgetCatalogue();
  return catalogue;
}
