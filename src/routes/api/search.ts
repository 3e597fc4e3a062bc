/** `GET /api/search?q=` and the browser's copy of the index (DESIGN.md). */
import { Hono } from "hono";
import * as z from "zod/mini";
import { browserSearchIndexOf } from "../../services/search/repository";
import type { AppEnv } from "../../server/env";
import { validQuery } from "../../server/validate";
import { searchParams, searchResults } from "../../server/search";
import { versionedJson } from "../../server/versioned-json";

const versionParams = z.object({ v: z.optional(z.string()) });

export const searchApi = new Hono<AppEnv>()
  /** an empty query gives `[]`; `layoutSwitched` names the Russian reading of a Latin query when the results answer it */
  .get("/api/search", validQuery(searchParams), async (c) => {
    const { results, layoutSwitched } = await searchResults(c, c.req.valid("query").q);
    return c.json({ results, layoutSwitched }, 200, { "Cache-Control": "public, max-age=60" });
  })
  /**
   * The compact index the browser searches as the visitor types (the whole catalogue, or a sample of
   * a big one: then the browser asks `/api/search` too); immutable for its content version. Not
   * `/index`: Hono's client drops a last `/index` from every path it builds (it means "/" to it).
   */
  .get("/api/search/browser", validQuery(versionParams), async (c) => {
    const catalogue = c.get("catalogue");
    return versionedJson(await browserSearchIndexOf(c.env.CATALOGUE, catalogue), c.req.valid("query").v === catalogue.version);
  });

export type SearchApi = typeof searchApi;
