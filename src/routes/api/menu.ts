import type { Context, Hono } from "hono";
import type { Catalogue } from "../../services/catalogue/build";
import { menuVersion, programMenu } from "../../services/catalogue/menu";
import type { AppEnv } from "../../worker/env";

/** The menu's JSON, once per content version and isolate. */
const bodies = new WeakMap<Catalogue, string>();

/**
 * `GET /api/menu?v=<menu version>`: the program menu of spec 2.4 (types, counts, programs). The
 * header fetches it when it hydrates on a desktop or when the menu opens, instead of carrying it
 * in every page's HTML; immutable under its version (content and deployed code, `menuVersion`).
 */
function apiMenu(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  let body = bodies.get(catalogue);
  if (body === undefined) {
    body = JSON.stringify({ sections: programMenu(catalogue) });
    bodies.set(catalogue, body);
  }
  const current = c.req.query("v") === menuVersion(catalogue.version, c.env.CF_VERSION_METADATA?.id);
  return c.body(body, 200, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=60",
  });
}

export function registerMenuApi(app: Hono<AppEnv>): void {
  app.get("/api/menu", apiMenu);
}
