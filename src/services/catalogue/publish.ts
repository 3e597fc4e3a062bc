import { searchIndexEntries } from "../search/repository";
import type { BuiltCatalogue } from "./build";
import { CATALOGUE_KEY_PREFIX, CONTENT_VERSION_KEY, programDetailsKey } from "./keys";
import { splitCatalogue } from "./snapshot";

/**
 * Every KV entry of a content version, as `npm run content:push` writes them: the snapshot, each
 * program's details, the search indexes, and last the pointer that makes the version current.
 */
export function contentEntries(built: BuiltCatalogue): Array<{ key: string; value: string }> {
  const { catalogue, details } = splitCatalogue(built);
  return [
    { key: `${CATALOGUE_KEY_PREFIX}${built.version}`, value: JSON.stringify(catalogue) },
    ...details.map(({ programId, details: value }) => ({ key: programDetailsKey(built.version, programId), value: JSON.stringify(value) })),
    ...searchIndexEntries(built),
    { key: CONTENT_VERSION_KEY, value: built.version },
  ];
}
