import { Hono } from "hono";
import * as z from "zod/mini";
import type { Catalogue } from "../../services/catalogue/build";
import { menuVersion, programMenu } from "../../services/catalogue/menu";
import { derived } from "../../services/catalogue/repository";
import { jsonOf } from "../../services/json";
import type { AppEnv } from "../../server/env";
import { validQuery } from "../../server/validate";
import { versionedJson } from "../../server/versioned-json";

/** The menu's JSON, once per content version and isolate. */
const menuJson = derived((catalogue: Catalogue) => jsonOf({ sections: programMenu(catalogue) }));

/**
 * `GET /api/menu?v=<menu version>`: the program menu of spec 2.4 (types, counts, programs). The
 * header fetches it when it hydrates on a desktop or when the menu opens, instead of carrying it
 * in every page's HTML; immutable under its version (content and deployed code, `menuVersion`).
 */
export const menuApi = new Hono<AppEnv>().get("/api/menu", validQuery(z.object({ v: z.optional(z.string()) })), (c) => {
  const catalogue = c.get("catalogue");
  return versionedJson(menuJson(catalogue), c.req.valid("query").v === menuVersion(catalogue.version, c.env.CF_VERSION_METADATA?.id));
});

export type MenuApi = typeof menuApi;
