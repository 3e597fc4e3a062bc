/**
 * `POST /api/wheel/spin`: the fortune wheel's draw (decision 052): made by the server for a visit
 * it vouched for (the visit evidence), one per visit (the same visitor gets the same draw again),
 * each spin taken from the address group's budget, and signed.
 */
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { config } from "../../server/config.server";
import type { AppEnv } from "../../server/env";
import { withinBudgets } from "../../server/intake/intake";
import { promoRegistry } from "../../server/objects";
import { wheelToken } from "../../server/wheel.server";
import { prizes } from "../../services/wheel";

/** The cookie a visitor's draw was kept under before decision 052: their draw is still theirs. */
const LEGACY_VISITOR_COOKIE = "wheel_visitor";

export const wheelMessages = {
  off: "Колесо фортуны сейчас выключено",
  unavailable: "Колесо фортуны сейчас недоступно. Попробуйте позже.",
  noVisit: "Колесо крутится на страницах сайта: обновите страницу (нужны включённые cookie) и попробуйте ещё раз.",
  tooMany: "Слишком много попыток с вашего адреса. Попробуйте позже.",
} as const;

const refused = (message: string) => ({ ok: false as const, message });

export const wheelApi = new Hono<AppEnv>().post("/api/wheel/spin", async (c) => {
  const noStore = { "Cache-Control": "no-store" };
  if (!c.get("catalogue").site.wheel.enabled) return c.json(refused(wheelMessages.off), 403, noStore);
  const visit = c.get("visit");
  // no signing secret in the deployment (or the old keys out of reach): nothing could be signed or checked
  if (visit.kind === "unknown") return c.json(refused(wheelMessages.unavailable), 503, noStore);
  if (visit.kind === "none") return c.json(refused(wheelMessages.noVisit), 403, noStore);
  const limit = config(c.env).SPIN_RATE_LIMIT;
  if (limit > 0 && !(await withinBudgets(c, [{ name: "spins", limit, windowMs: 3600_000, cost: 1 }]))) return c.json(refused(wheelMessages.tooMany), 429, noStore);

  const registry = promoRegistry(c.env);
  const legacy = getCookie(c, LEGACY_VISITOR_COOKIE);
  const kept = legacy && /^[\w-]{8,64}$/.test(legacy) ? await registry.draw(legacy) : null;
  const [id, draw] = kept ? [legacy!, { ...kept, repeated: true }] : [visit.id, await registry.spin(visit.id)];
  const token = await wheelToken(c.env, id, draw.prize, draw.spunAt);
  if (!token) return c.json(refused(wheelMessages.unavailable), 503, noStore);
  const { text, giftCode }: { text: string; giftCode: string } = prizes[draw.prize]!;
  return c.json({ ok: true as const, index: draw.prize, text, giftCode, token, repeated: draw.repeated }, 200, noStore);
});

export type WheelApi = typeof wheelApi;
