import type { Context } from "hono";
import { bearerAuth } from "hono/bearer-auth";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import { config } from "../config.server";
import type { AppEnv } from "../env";
import { sameSecret } from "../keys.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** Every refusal of the door: 401 with the one message (a header of another scheme too, which Hono would answer 400), never stored. */
const refused = (c: Context<AppEnv>) => c.json({ ok: false, message: "Нужен токен доступа (Authorization: Bearer ...)" }, 401, { "WWW-Authenticate": "Bearer", ...NO_STORE });

/** Hono's bearer auth against OPS_TOKEN, compared in constant time; with no OPS_TOKEN (unset, blank or refused by config) no token opens it. */
const honoBearer = bearerAuth({
  verifyToken: (token, c: Context<AppEnv>) => {
    const expected = config(c.env).OPS_TOKEN;
    return expected !== undefined && sameSecret(token, expected);
  },
  noAuthenticationHeader: { message: refused },
  invalidAuthenticationHeader: { message: refused },
  invalidToken: { message: refused },
});

/**
 * The one door of ops (`opsApp()`, routes/api/ops.ts): `Authorization: Bearer <OPS_TOKEN>`, by
 * Hono's bearer auth. Its answers (leads, tokens) are never stored by a browser or a proxy.
 */
export const opsDoor = createMiddleware<AppEnv>(async (c, next) => {
  try {
    await honoBearer(c, next);
  } catch (error) {
    if (error instanceof HTTPException && error.status === 401) return error.getResponse();
    throw error;
  }
  c.res.headers.set("Cache-Control", "no-store");
});
