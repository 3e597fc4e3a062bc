import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { contentUnavailable, RETRY_AFTER_S } from "../bare-pages";
import { GRAPHQL_UNAVAILABLE, graphqlError, isGraphqlPath } from "../graphql-errors";
import { type ContentRead, ContentUnavailableError, type KeepAlive, readContent } from "../../services/catalogue/repository";
import type { AppEnv } from "../env";
import { bodyKind } from "../body";

/**
 * What still works with no content at all: a lead or a subscription sent as JSON (the site's own
 * forms with JavaScript) needs nothing from the catalogue, and a lead must never be lost.
 */
const WITHOUT_CONTENT = new Set(["/api/leads", "/api/subscribe"]);

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
 * Starts reading the request's content: its version, then the catalogue (services/catalogue/
 * repository.ts). The page cache waits for the version alone, the pages for the catalogue (withCatalogue).
 */
export const readingContent = createMiddleware<AppEnv>(async (c, next) => {
  contentOf(c);
  await next();
});

/** The request's content read, started here if nothing before has (ops' routes come before `readingContent`). */
export function contentOf(c: Context<AppEnv>): ContentRead {
  let content = c.get("content");
  if (!content) {
    content = readContent(c.env.CATALOGUE, Date.now(), keepAlive(c));
    c.set("content", content);
  }
  return content;
}

/**
 * Puts the current catalogue on the context; KV is read once per content version per isolate.
 * With no content at all (the repository has logged why, once), the answer is a 503, not a crash,
 * except for the leads and subscriptions sent as JSON, which go on without it.
 */
export const withCatalogue = createMiddleware<AppEnv>(async (c, next) => {
  try {
    c.set("catalogue", await contentOf(c).catalogue);
  } catch (error) {
    if (!(error instanceof ContentUnavailableError)) throw error;
    if (c.req.method === "POST" && WITHOUT_CONTENT.has(c.req.path) && bodyKind(c.req.header("Content-Type")) === "json") return next();
    if (isGraphqlPath(c.req.path)) return graphqlError(503, GRAPHQL_UNAVAILABLE, "SERVICE_UNAVAILABLE", { "Retry-After": String(RETRY_AFTER_S) });
    const api = c.req.path.startsWith("/api/");
    // a form posted without JavaScript is a browser waiting for a page
    const form = bodyKind(c.req.header("Content-Type")) === "form";
    const json = api && !form && !(c.req.header("Accept") ?? "").includes("text/html");
    return contentUnavailable(c.get("requestId") ?? "unknown", json);
  }
  await next();
});
