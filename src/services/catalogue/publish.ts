import { searchIndexEntries } from "../search/repository";
import type { BuiltCatalogue } from "./build";
import { CATALOGUE_KEY_PREFIX, CONTENT_VERSION_KEY, programDetailsKey } from "./keys";
import { type SnapshotSeal, sealOf, splitCatalogue } from "./snapshot";

/**
 * Every KV entry of a content version, as `npm run content:push` writes them: the snapshot, each
 * program's details, the search indexes, and last the pointer that makes the version current.
 */
export async function contentEntries(built: BuiltCatalogue): Promise<Array<{ key: string; value: string; metadata?: SnapshotSeal }>> {
  const { catalogue, details } = splitCatalogue(built);
  const snapshot = JSON.stringify(catalogue);
  return [
    // sealed: validated here against the snapshot's schema, so the Worker need not validate it again (decision 029)
    { key: `${CATALOGUE_KEY_PREFIX}${built.version}`, value: snapshot, metadata: await sealOf(snapshot) },
    ...details.map(({ programId, details: value }) => ({ key: programDetailsKey(built.version, programId), value: JSON.stringify(value) })),
    ...searchIndexEntries(built),
    { key: CONTENT_VERSION_KEY, value: built.version },
  ];
}
