import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";

/**
 * One address per page: `/programs/` answers 301 with `/programs`, the query kept. The target is
 * absolute on the request's own origin, so a path such as `//host/` can never send anyone elsewhere.
 */
export const dropTrailingSlash = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  if ((c.req.method !== "GET" && c.req.method !== "HEAD") || url.pathname === "/" || !url.pathname.endsWith("/")) return next();
  const path = url.pathname.replace(/\/+$/, "") || "/";
  return c.redirect(`${url.origin}${path.replace(/^\/+/, "/")}${url.search}`, 301);
});
