import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { refusals } from "../../services/leads/messages";
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

/**
 * Every write from another origin is refused (403): the browser says so in Origin and
 * Sec-Fetch-Site. Tools without an Origin (ops with a bearer token) pass, and so do the origins of
 * the mirror (MIRROR_ORIGINS, decision 042), whose pages send their forms here.
 */
export const sameOrigin = createMiddleware<AppEnv>(async (c, next) => {
  if (!writes.has(c.req.method)) return next();
  const site = new URL(c.env.SITE_URL).origin;
  const own = new URL(c.req.url).origin;
  const origin = c.req.header("Origin");
  if (origin !== undefined && mirrorOrigins(c.env).includes(origin)) return next();
  const fetchSite = c.req.header("Sec-Fetch-Site");
  if (fetchSite === "cross-site" || (origin !== undefined && origin !== site && origin !== own)) {
    return refuse(c, 403, refusals.crossSite, "FORBIDDEN");
  }
  return next();
});

/** A body is read to its end up to this, discarded past the limit, then refused; a longer declared length is refused unread. */
const MAX_DRAINED_BYTES = 32 * 1024 * 1024;

const tooLarge = (c: Context<AppEnv>) => refuse(c, 413, refusals.tooLarge, "PAYLOAD_TOO_LARGE");

/**
 * Bodies over MAX_BODY_BYTES get 413 once the request has ended: the rest of the body is read and
 * thrown away first (up to MAX_DRAINED_BYTES), whether its length was declared or it came chunked.
 * The runtime's HTTP server drops a connection it answered in the middle of an upload, and a
 * client still writing then meets the reset, often before it has read the 413 (half the 10 MB
 * uploads of tests/http/body-limit.test.ts lost it). A declared length over MAX_DRAINED_BYTES is
 * refused before anything is read.
 */
export const limitBody = createMiddleware<AppEnv>(async (c, next) => {
  const body = c.req.raw.body;
  if (!body) return next();
  const declared = c.req.header("Transfer-Encoding") ? undefined : c.req.header("Content-Length");
  if (declared !== undefined) {
    const length = Number.parseInt(declared, 10);
    if (length <= MAX_BODY_BYTES) return next();
    if (length > MAX_DRAINED_BYTES) return tooLarge(c);
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_DRAINED_BYTES) {
      await reader.cancel();
      break;
    }
    if (size <= MAX_BODY_BYTES) chunks.push(value);
  }
  if (size > MAX_BODY_BYTES) return tooLarge(c);
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  c.req.raw = new Request(c.req.raw, { body: whole });
  return next();
});
