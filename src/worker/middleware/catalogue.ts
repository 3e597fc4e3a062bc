import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { contentUnavailable } from "../../routes/pages/errors";
import { ContentUnavailableError, getCatalogue, type KeepAlive } from "../../services/catalogue/repository";
import type { AppEnv } from "../env";

/** The request's waitUntil; none when the app is called without a runtime (a script rendering pages). */
function keepAlive(c: Context<AppEnv>): KeepAlive | undefined {
  try {
    const context = c.executionCtx;
    return (promise) => context.waitUntil(promise);
  } catch {
    return undefined;
  }
}

/**
 * Puts the current catalogue on the context; KV is read once per content version per isolate.
 * With no content at all (the repository has logged why, once), the answer is a 503, not a crash.
 */
export const withCatalogue = createMiddleware<AppEnv>(async (c, next) => {
  try {
    c.set("catalogue", await getCatalogue(c.env.CATALOGUE, Date.now(), keepAlive(c)));
  } catch (error) {
    if (!(error instanceof ContentUnavailableError)) throw error;
    const api = c.req.path.startsWith("/api/") || c.req.path === "/graphql";
    const json = api && !(c.req.header("Accept") ?? "").includes("text/html");
    return contentUnavailable(c.get("requestId") ?? "unknown", json);
  }
  await next();
});
