import type { TypedResponse } from "hono";
import type { Json } from "../services/json";

/**
 * JSON the browser fetches under a version (`?v=`): kept for good when asked under the current
 * version, for a minute when asked under another one (a page from before a push or a deploy).
 * Sent as the text it was prepared as, typed as what it holds.
 */
export function versionedJson<T>(json: Json<T>, current: boolean): Response & TypedResponse<T, 200, "json"> {
  const response: Response = new Response(json, {
    status: 200,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=60" },
  });
  return response as Response & TypedResponse<T, 200, "json">;
}
