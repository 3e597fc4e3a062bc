import type { Hono } from "hono";
import type { AppEnv } from "../../worker/env";
import { renderHome } from "./home";

/** Every page route of the site (spec 2.1). */
export function registerPages(app: Hono<AppEnv>): void {
  app.get("/", renderHome);
}
