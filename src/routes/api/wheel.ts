import type { Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../../server/env";
import { promoRegistry } from "../../server/objects";

const VISITOR_COOKIE = "wheel_visitor";
const YEAR_S = 365 * 24 * 3600;


async function spin(c: Context<AppEnv>) {
  if (!c.get("catalogue").site.wheel.enabled) return c.json({ ok: false, message: "Колесо фортуны сейчас выключено" }, 403);
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
  return c.json({ ok: true, ...result }, 200, { "Cache-Control": "no-store" });
}

export function registerWheelApi(app: Hono<AppEnv>): void {
  app.post("/api/wheel/spin", spin);
}
