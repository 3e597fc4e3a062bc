import type { Context } from "hono";
import { cors } from "hono/cors";
import { createMiddleware } from "hono/factory";
import { config } from "../config.server";
import type { AppEnv } from "../env";

/** The origins of the mirror for Russian hosting (MIRROR_ORIGINS, decision 042); none when it is unset or bad. */
export const mirrorOrigins = (env: Env): readonly string[] => config(env).MIRROR_ORIGINS ?? [];

/** The mirror's origin a request comes from: its Origin, or for a request without one (an image) its Referer's; undefined for any other. */
export function mirrorOriginOf(c: Context<AppEnv>): string | undefined {
  const origins = mirrorOrigins(c.env);
  if (origins.length === 0) return undefined;
  const origin = c.req.header("Origin");
  if (origin !== undefined) return origins.includes(origin) ? origin : undefined;
  const referer = c.req.header("Referer");
  if (!referer) return undefined;
  try {
    const from = new URL(referer).origin;
    return origins.includes(from) ? from : undefined;
  } catch {
    return undefined;
  }
}

/** Hono's CORS for a listed origin: its own origin back, with credentials (the visit's cookies); preflights kept ten minutes. */
const corsForMirror = cors({
  origin: (origin) => origin,
  credentials: true,
  allowMethods: ["GET", "POST"],
  allowHeaders: ["Content-Type"],
  maxAge: 600,
});

/**
 * CORS of the JSON API for the mirror's pages: a request from an origin of MIRROR_ORIGINS gets
 * Hono's CORS headers; any other origin (or all, when the setting is unset or bad) gets none, so
 * the browser keeps the answer from its page.
 */
export const mirrorCors = createMiddleware<AppEnv>(async (c, next) => {
  const origin = c.req.header("Origin");
  if (origin === undefined || !mirrorOrigins(c.env).includes(origin)) return next();
  return corsForMirror(c, next);
});
