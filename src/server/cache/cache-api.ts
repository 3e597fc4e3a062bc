/**
 * The one way to the location's Cache API (`caches.default`, which Cloudflare's types leave out of
 * the standard `CacheStorage`): none where the runtime has no Cache API (a script rendering pages).
 */
export const locationCache = (): Cache | undefined => (globalThis.caches as (CacheStorage & { default?: Cache }) | undefined)?.default;
