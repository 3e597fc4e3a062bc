import type { Context, Hono } from "hono";
import type { Catalogue } from "../../services/catalogue/build";
import { menuVersion, programMenu } from "../../services/catalogue/menu";
import { derived } from "../../services/catalogue/repository";
import type { AppEnv } from "../../server/env";
import { versionedJson } from "./versioned";

/** The menu's JSON, once per content version and isolate. */
const menuJson = derived((catalogue: Catalogue) => JSON.stringify({ sections: programMenu(catalogue) }));

/**
 * `GET /api/menu?v=<menu version>`: the program menu of spec 2.4 (types, counts, programs). The
 * header fetches it when it hydrates on a desktop or when the menu opens, instead of carrying it
 * in every page's HTML; immutable under its version (content and deployed code, `menuVersion`).
 */
function apiMenu(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  return versionedJson(c, menuJson(catalogue), c.req.query("v") === menuVersion(catalogue.version, c.env.CF_VERSION_METADATA?.id));
}

export function registerMenuApi(app: Hono<AppEnv>): void {
  app.get("/api/menu", apiMenu);
}
