/** KV keys of the catalogue: the current version, and one snapshot per version. */
export const CONTENT_VERSION_KEY = "content:version";
export const CATALOGUE_KEY_PREFIX = "catalogue:";
