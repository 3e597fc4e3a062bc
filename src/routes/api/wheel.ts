/** `POST /api/wheel/spin`: the fortune wheel's draw, one per visitor, made and signed by the server. */
import { Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../../server/env";
import { promoRegistry } from "../../server/objects";

const VISITOR_COOKIE = "wheel_visitor";
const YEAR_S = 365 * 24 * 3600;

export const wheelApi = new Hono<AppEnv>().post("/api/wheel/spin", async (c) => {
  if (!c.get("catalogue").site.wheel.enabled) return c.json({ ok: false as const, message: "Колесо фортуны сейчас выключено" }, 403);
  let visitor = getCookie(c, VISITOR_COOKIE);
  if (!visitor || !/^[\w-]{8,64}$/.test(visitor)) {
    visitor = crypto.randomUUID();
    setCookie(c, VISITOR_COOKIE, visitor, {
      path: "/",
      maxAge: YEAR_S,
      httpOnly: true,
      sameSite: "Lax",
      secure: new URL(c.env.SITE_URL).protocol === "https:",
    });
  }
  const result = await promoRegistry(c.env).spin(visitor);
  return c.json({ ok: true as const, ...result }, 200, { "Cache-Control": "no-store" });
});

export type WheelApi = typeof wheelApi;
