/** KV keys of the catalogue: the current version, one snapshot per version, and the current one again. */
export const CONTENT_VERSION_KEY = "content:version";
export const CATALOGUE_KEY_PREFIX = "catalogue:";
/**
 * The current version's snapshot once more, its version in the metadata: a fresh isolate reads it
 * beside the version pointer, so its first page waits for one round of KV reads, not two.
 */
export const CURRENT_CATALOGUE_KEY = "content:current";
/** A program's details (decision 013): `program:<version>:<program id>`. */
export const programDetailsKey = (version: string, programId: string) => `program:${version}:${programId}`;
/** An article's text (decision 013, amended): `article:<version>:<article id>`. */
export const articleBodyKey = (version: string, articleId: string) => `article:${version}:${articleId}`;
/** The search index of a content version, built at push time (spec: stored with the content). */
export const SEARCH_KEY_PREFIX = "search:";
/** The browser's copy of it (the whole index, or a sample of a big catalogue; decision 012). */
export const BROWSER_SEARCH_KEY_PREFIX = "search-browser:";
