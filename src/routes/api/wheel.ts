import type { Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { WHEEL_CODES } from "../../services/wheel";
import type { AppEnv } from "../../worker/env";
import { promoRegistry } from "../../server/objects";

const VISITOR_COOKIE = "wheel_visitor";
const YEAR_S = 365 * 24 * 3600;

export const wheelRegistry = (c: Context<AppEnv>) => promoRegistry(c.env);

/** The message of a gift code that the wheel did not give. */
export const GIFT_NOT_CONFIRMED = "Подарок не подтверждён: крутите колесо на сайте";

/** A gift code of the wheel counts only with the server's signature of the visitor's draw. */
export async function giftError(c: Context<AppEnv>, gift: unknown, token: unknown): Promise<string | undefined> {
  if (typeof gift !== "string" || !WHEEL_CODES.includes(gift)) return undefined;
  if (typeof token !== "string" || !(await wheelRegistry(c).verify(token, gift))) return GIFT_NOT_CONFIRMED;
  return undefined;
}

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
  const result = await wheelRegistry(c).spin(visitor);
  return c.json({ ok: true, ...result }, 200, { "Cache-Control": "no-store" });
}

export function registerWheelApi(app: Hono<AppEnv>): void {
  app.post("/api/wheel/spin", spin);
}
