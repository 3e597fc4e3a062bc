/**
 * `GET /api/visit?page=`: the visit's cookies for a page of the mirror for Russian hosting
 * (decision 042). A static page cannot set cookies from its own answer, so its script asks here
 * (with credentials) and a page without JavaScript loads it as an image: the evidence of the visit
 * that the forms' minimum fill time is measured from, and the UTM, A/B and affiliate cookies its
 * address calls for, on the domain the mirror and the API share. Never cached.
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { sharedCookieDomain } from "../../services/mirror";
import type { AppEnv } from "../../server/env";
import { mirrorOriginOf } from "../../server/middleware/mirror-cors";
import { trackMirrorPage } from "../../server/middleware/tracking";
import { validQuery } from "../../server/validate";

/** The page's path and query on the mirror: a path of the site, never another site's address. */
const visitParams = z.object({ page: z.optional(z.string().check(z.maxLength(2000), z.regex(/^\/(?![/\\])/))) });

export const visitApi = new Hono<AppEnv>().get("/api/visit", validQuery(visitParams), async (c) => {
  const mirror = mirrorOriginOf(c);
  const base = mirror ?? new URL(c.env.SITE_URL).origin;
  const page = new URL(c.req.valid("query").page ?? "/", base);
  const domain = mirror ? sharedCookieDomain(new URL(c.req.url).hostname, new URL(mirror).hostname) : undefined;
  await trackMirrorPage(c, page, domain);
  return c.body(null, 204, { "Cache-Control": "no-store" });
});

export type VisitApi = typeof visitApi;
