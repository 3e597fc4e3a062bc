/** KV keys of the catalogue: the current version, and one snapshot per version. */
export const CONTENT_VERSION_KEY = "content:version";
export const CATALOGUE_KEY_PREFIX = "catalogue:";
/** A program's details (decision 013): `program:<version>:<program id>`. */
export const programDetailsKey = (version: string, programId: string) => `program:${version}:${programId}`;
/** The search index of a content version, built at push time (spec: stored with the content). */
export const SEARCH_KEY_PREFIX = "search:";
/** The browser's copy of it (the whole index, or a sample of a big catalogue; decision 012). */
export const BROWSER_SEARCH_KEY_PREFIX = "search-browser:";
