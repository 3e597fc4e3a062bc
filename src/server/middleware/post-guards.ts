/**
 * The guards of every write: it comes from the site (or the mirror) and its body is small. Hono's
 * `csrf` and `bodyLimit` do the work; the project adds only what they cannot do (decision 065).
 */
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { csrf } from "hono/csrf";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import { refusals } from "../../services/leads/messages";
import { config } from "../config.server";
import type { AppEnv } from "../env";
import { graphqlError, isGraphqlPath } from "../graphql-errors";
import { mirrorOrigins } from "./mirror-cors";

/** Bodies above this are refused with 413 (DESIGN.md). */
const MAX_BODY_BYTES = 16 * 1024;

const writes = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A refusal in the caller's format: GraphQL's errors on /graphql (docs/graphql.md), `{ok, message}` elsewhere. */
function refuse(c: Context<AppEnv>, status: 403 | 413, message: string, code: string) {
  if (isGraphqlPath(c.req.path)) return graphqlError(status, message, code);
  return c.json({ ok: false, message }, status);
}

/** The origins a write may come from: the site's, the request's own, and the mirror's (MIRROR_ORIGINS, decision 042). */
function allowedOrigin(origin: string, c: Context<AppEnv>): boolean {
  if (mirrorOrigins(c.env).includes(origin)) return true;
  // a browser that says the request is another site's is believed, whatever Origin says
  if (c.req.header("Sec-Fetch-Site") === "cross-site") return false;
  return origin === new URL(c.env.SITE_URL).origin || origin === new URL(c.req.url).origin;
}

/**
 * What Sec-Fetch-Site lets a write through: the site's own pages (same-origin), and a navigation the
 * visitor made themselves (none: a form page resent from the history, a bookmark), which no other
 * site can cause. A same-site or cross-site write must name an allowed Origin.
 */
const allowedFetchSite = (fetchSite: string) => fetchSite === "same-origin" || fetchSite === "none";

/** Hono's CSRF check with the site's origins: a write passes when Sec-Fetch-Site allows it or Origin is allowed. */
const honoCsrf = csrf({ origin: allowedOrigin, secFetchSite: allowedFetchSite });

/** The bodies hono/csrf judges: those a page of another site can send without a CORS preflight (its own rule). */
const SIMPLE_BODY = /^\b(application\/x-www-form-urlencoded|multipart\/form-data|text\/(?:plain|ping))\b/i;

/** Whether hono/csrf lets the request through (it throws its 403 otherwise). */
async function passesCsrf(c: Context<AppEnv>): Promise<boolean> {
  let passed = false;
  try {
    await honoCsrf(c, async () => {
      passed = true;
    });
  } catch (error) {
    if (!(error instanceof HTTPException)) throw error;
  }
  return passed;
}

/**
 * Every write from another origin is refused (403), in the caller's format. Hono's csrf decides
 * for the bodies a browser sends across sites without asking (forms, text). What it cannot do:
 * - a write with neither Origin nor Sec-Fetch-Site is no browser's (every browser sends Origin with
 *   a write) but a tool's or a webhook's (ops with a bearer token, amoCRM's status hook): it passes;
 * - a JSON write from another origin is refused by the same rule, though a browser would have
 *   asked first (CORS) and been told no.
 */
export const sameOrigin = createMiddleware<AppEnv>(async (c, next) => {
  if (!writes.has(c.req.method)) return next();
  const origin = c.req.header("Origin");
  const fetchSite = c.req.header("Sec-Fetch-Site");
  if (origin === undefined && fetchSite === undefined) return next();
  const simple = SIMPLE_BODY.test(c.req.header("Content-Type") || "text/plain");
  const allowed = simple ? await passesCsrf(c) : (fetchSite !== undefined && allowedFetchSite(fetchSite)) || (origin !== undefined && allowedOrigin(origin, c));
  return allowed ? next() : refuse(c, 403, refusals.crossSite, "FORBIDDEN");
});

const tooLarge = (c: Context<AppEnv>) => refuse(c, 413, refusals.tooLarge, "PAYLOAD_TOO_LARGE");

/**
 * Hono's body limit: a declared length over MAX_BODY_BYTES is refused unread, a chunked body as
 * soon as it passes the limit. Nothing past the limit is read in a deployment.
 */
const honoBodyLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });

/** How much of a body too large the local runtime reads before its 413; a longer declared length is refused unread there too. */
const LOCAL_DRAIN_BYTES = 32 * 1024 * 1024;

/**
 * The local runtime only (ENVIRONMENT "local": `npm start`, the tests): the upload is read to its
 * end (up to LOCAL_DRAIN_BYTES) before hono's body limit answers 413. workerd's own HTTP server
 * drops a connection it answered in the middle of an upload, and a client still writing met the
 * reset before the 413 (decision 064). Cloudflare's edge stands in front of a deployed Worker, so
 * a deployment never reads what it refuses (decision 065).
 */
async function readUploadFirst(c: Context<AppEnv>): Promise<void> {
  const body = c.req.raw.body;
  if (!body) return;
  const declared = c.req.header("Transfer-Encoding") ? undefined : c.req.header("Content-Length");
  const length = declared === undefined ? undefined : Number.parseInt(declared, 10);
  if (length !== undefined && (length <= MAX_BODY_BYTES || length > LOCAL_DRAIN_BYTES)) return;
  const reader = body.getReader();
  // what hono's limit is shown: the body if it is within the limit, else its first MAX_BODY_BYTES + 1 bytes
  const kept = new Uint8Array(MAX_BODY_BYTES + 1);
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size < kept.byteLength) kept.set(value.subarray(0, kept.byteLength - size), size);
    size += value.byteLength;
    if (size > LOCAL_DRAIN_BYTES) {
      await reader.cancel();
      break;
    }
  }
  const headers = new Headers(c.req.raw.headers);
  headers.delete("Transfer-Encoding");
  headers.delete("Content-Length");
  c.req.raw = new Request(c.req.raw, { headers, body: kept.slice(0, Math.min(size, kept.byteLength)) });
}

/** Bodies over MAX_BODY_BYTES get 413 from hono's body limit; the local runtime reads them first (readUploadFirst). */
export const limitBody = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.raw.body && config(c.env).ENVIRONMENT === "local") await readUploadFirst(c);
  return honoBodyLimit(c, next);
});
