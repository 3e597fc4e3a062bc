import type { Context } from "hono";
import type { AppEnv } from "../../server/env";

/**
 * JSON the browser fetches under a version (`?v=`): kept for good when asked under the current
 * version, for a minute when asked under another one (a page from before a push or a deploy).
 */
export function versionedJson(c: Context<AppEnv>, json: string, current: boolean): Response {
  return c.body(json, 200, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=60",
  });
}
