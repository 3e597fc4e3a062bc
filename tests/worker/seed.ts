import { env } from "cloudflare:test";
import type { BuiltCatalogue } from "../../src/services/catalogue/build";
import { contentEntries } from "../../src/services/catalogue/publish";
import { freshIsolate } from "../../src/services/isolate";
import { defaultCatalogue } from "../support/content";

/** Puts a catalogue into the test's KV as `npm run content:push` would (the pointer last), and makes it current. */
export async function seedCatalogue<T extends BuiltCatalogue>(catalogue: T = defaultCatalogue() as T): Promise<T> {
  // in parallel: a 10,000-program catalogue has 10,000 entries of details
  const entries = await contentEntries(catalogue);
  const pointer = entries.pop()!;
  for (let i = 0; i < entries.length; i += 500) await Promise.all(entries.slice(i, i + 500).map(({ key, value, metadata }) => env.CATALOGUE.put(key, value, { metadata })));
  await env.CATALOGUE.put(pointer.key, pointer.value);
  freshIsolate();
  return catalogue;
}
