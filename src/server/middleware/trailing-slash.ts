import { trimTrailingSlash } from "hono/trailing-slash";

/**
 * One address per page (decision 018): `/programs/` answers 301 with `/programs`, the query kept,
 * before any route runs (Hono's trailing slash, always redirecting). The target is absolute on the
 * request's own origin, so a path such as `//host/` never sends anyone elsewhere; each redirect
 * drops one slash.
 */
export const dropTrailingSlash = trimTrailingSlash({ alwaysRedirect: true });
