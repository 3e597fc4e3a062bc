import { searchIndexEntries } from "../search/repository";
import type { BuiltCatalogue } from "./build";
import { articleBodyKey, CATALOGUE_KEY_PREFIX, CONTENT_VERSION_KEY, CURRENT_CATALOGUE_KEY, programDetailsKey } from "./keys";
import { type CurrentSnapshotSeal, type SnapshotSeal, sealOf, splitCatalogue } from "./snapshot";

/**
 * Every KV entry of a content version, as `npm run content:push` writes them: the snapshot, each
 * program's details, each article's text, the search indexes, the snapshot's copy under the current key, and last the
 * pointer that makes the version current.
 */
export async function contentEntries(
  built: BuiltCatalogue,
): Promise<Array<{ key: string; value: string; metadata?: SnapshotSeal | CurrentSnapshotSeal }>> {
  const { catalogue, details, articles } = splitCatalogue(built);
  const snapshot = JSON.stringify(catalogue);
  // sealed: validated here against the snapshot's schema, so the Worker need not validate it again (decision 043)
  const seal = await sealOf(snapshot);
  return [
    { key: `${CATALOGUE_KEY_PREFIX}${built.version}`, value: snapshot, metadata: seal },
    ...details.map(({ programId, details: value }) => ({ key: programDetailsKey(built.version, programId), value: JSON.stringify(value) })),
    ...articles.map(({ articleId, body }) => ({ key: articleBodyKey(built.version, articleId), value: JSON.stringify(body) })),
    ...searchIndexEntries(built),
    // read by a fresh isolate beside the pointer; the pointer decides which version is current (decision 043)
    { key: CURRENT_CATALOGUE_KEY, value: snapshot, metadata: { ...seal, version: built.version } },
    { key: CONTENT_VERSION_KEY, value: built.version },
  ];
}
