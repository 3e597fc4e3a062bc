/**
 * `POST /api/wheel/spin`: the fortune wheel's draw (decision 052, issue 40 point 8). The visitor
 * gives the phone before the spin (the form says the consent a button gives, as the lead popup does); the draw is the phone's in
 * this campaign (wheel.server.ts `phoneDraw`): the same phone always gets the same prize, and a new
 * visit or address changes nothing. It still needs the server's evidence of a visit, each spin is
 * taken from the address group's budget, and the draw is signed; a lead claims its gift only with
 * the same phone (intake/gift.ts).
 */
import { Hono } from "hono";
import { jsonBody } from "../../server/body";
import { config } from "../../server/config.server";
import type { AppEnv } from "../../server/env";
import { withinBudgets } from "../../server/intake/intake";
import { promoRegistry } from "../../server/objects";
import { validJson } from "../../server/validate";
import { phoneDraw, wheelToken } from "../../server/wheel.server";
import { refusals } from "../../services/leads/messages";
import { toE164 } from "../../services/leads/phone-number";
import { fieldErrors, wheelSpinSchema } from "../../services/leads/schemas";
import { prizes } from "../../services/wheel";

export const wheelMessages = {
  off: "Колесо фортуны сейчас выключено",
  unavailable: "Колесо фортуны сейчас недоступно. Попробуйте позже.",
  noVisit: "Колесо крутится на страницах сайта: обновите страницу (нужны включённые cookie) и попробуйте ещё раз.",
  tooMany: "Слишком много попыток с вашего адреса. Попробуйте позже.",
} as const;

/** The campaign a draw belongs to: a new campaign in content draws anew for every phone. */
const DEFAULT_CAMPAIGN = "fortune-wheel";

const noStore = { "Cache-Control": "no-store" };
const refused = (message: string, errors?: Record<string, string>) => ({ ok: false as const, message, ...(errors ? { errors } : {}) });

export const wheelApi = new Hono<AppEnv>().post(
  "/api/wheel/spin",
  jsonBody((c, status, message) => c.json(refused(message), status, noStore)),
  validJson(wheelSpinSchema, (c, _body, parsed) => (parsed.success ? undefined : c.json(refused(refusals.badValue, fieldErrors(parsed.error)), 400, noStore))),
  async (c) => {
    const wheel = c.get("catalogue").site.wheel;
    if (!wheel.enabled) return c.json(refused(wheelMessages.off), 403, noStore);
    const visit = c.get("visit");
    // no signing secret in the deployment (or the keys out of reach): nothing could be signed or checked
    if (visit.kind === "unknown") return c.json(refused(wheelMessages.unavailable), 503, noStore);
    if (visit.kind === "none") return c.json(refused(wheelMessages.noVisit), 403, noStore);
    const input = c.req.valid("json");
    const phone = await toE164(input.phone, input.country);
    if ("error" in phone) return c.json(refused(refusals.badValue, { phone: phone.error }), 400, noStore);
    const limit = config(c.env).SPIN_RATE_LIMIT;
    if (limit > 0 && !(await withinBudgets(c, [{ name: "spins", limit, windowMs: 3600_000, cost: 1 }]))) return c.json(refused(wheelMessages.tooMany), 429, noStore);

    const drawn = await phoneDraw(c.env, phone.e164, wheel.campaign ?? DEFAULT_CAMPAIGN);
    if (!drawn) return c.json(refused(wheelMessages.unavailable), 503, noStore);
    const draw = await promoRegistry(c.env).spin(drawn.id, drawn.prize);
    const token = await wheelToken(c.env, drawn.id, draw.prize, draw.spunAt);
    if (!token) return c.json(refused(wheelMessages.unavailable), 503, noStore);
    const { text, giftCode }: { text: string; giftCode: string } = prizes[draw.prize]!;
    return c.json({ ok: true as const, index: draw.prize, text, giftCode, token, repeated: draw.repeated }, 200, noStore);
  },
);

export type WheelApi = typeof wheelApi;
