import type { Context, Hono } from "hono";
import * as z from "zod/mini";
import type { Seminar } from "../../services/catalogue/build";
import { indexes } from "../../services/catalogue/queries";
import { refusals } from "../../services/leads/messages";
import { validate } from "../../services/leads/schemas";
import { log } from "../../services/log";
import { ticketOrderSchema, tooFewTickets } from "../../services/tickets";
import type { AppEnv } from "../../worker/env";
import { opsJson } from "../../worker/middleware/post-guards";
import { filledTooFast, leadRecord, parse, storeLead, withinRateLimit } from "./leads";
import { humanCheck } from "./human-check";
import { giftError } from "./wheel";

export const ticketsOf = (c: Context<AppEnv>, seminar: Pick<Seminar, "id">) =>
  c.env.SEMINAR_TICKETS.get(c.env.SEMINAR_TICKETS.idFromName(seminar.id));

/** Tickets left right now: the object's count, or the content's before the first order. */
export function liveTickets(c: Context<AppEnv>, seminar: Seminar): Promise<number> {
  return ticketsOf(c, seminar).ticketsLeft(seminar.tickets_quantity);
}

async function postTickets(c: Context<AppEnv>) {
  const parsed = await parse(c);
  if ("status" in parsed) return c.json({ ok: false, message: parsed.message }, parsed.status);
  const { body } = parsed;
  if (typeof body.website === "string" && body.website.trim() !== "") return c.json({ ok: false, message: refusals.honeypot }, 400);
  const result = validate(ticketOrderSchema, body);
  if (!result.ok) return c.json({ ok: false, message: "Проверьте поля формы", errors: result.errors }, 400);
  const gift = await giftError(c, body.gift, body.giftToken);
  if (gift) return c.json({ ok: false, message: gift, errors: { gift } }, 400);
  const seminar = indexes(c.get("catalogue")).seminarById.get(result.data.seminar_id);
  if (!seminar) {
    return c.json({ ok: false, message: "Такого семинара нет", errors: { seminar_id: "Такого семинара нет" } }, 400);
  }
  if (Date.parse(seminar.targetDate) <= Date.now()) return c.json({ ok: false, message: "Семинар уже прошёл: билеты не продаются." }, 409);
  if (filledTooFast(c, body)) return c.json({ ok: false, message: refusals.tooFast }, 400);
  if (!(await withinRateLimit(c))) return c.json({ ok: false, message: refusals.rateLimited }, 429);
  // before the tickets are taken: a bot must not hold seats
  const human = await humanCheck(c, body);
  if ("refused" in human) return c.json({ ok: false, message: human.refused, errors: { turnstile: human.refused } }, 400);

  const data = result.data;
  const id = data.id ?? crypto.randomUUID().replace(/-/g, "");
  let order: Awaited<ReturnType<ReturnType<typeof ticketsOf>["order"]>>;
  try {
    order = await ticketsOf(c, seminar).order(id, data.tickets, seminar.tickets_quantity);
  } catch (error) {
    log.error("tickets.order", { requestId: c.get("requestId"), seminar: seminar.id, error: String(error) });
    return c.json({ ok: false, message: refusals.storeFailed }, 503);
  }
  if (!order.ok) return c.json({ ok: false, message: tooFewTickets(order.tickets_quantity), tickets_quantity: order.tickets_quantity }, 409);

  const lead = leadRecord(c, "ticket", {
    ...data,
    id,
    price: seminar.price * data.tickets,
    blockForAmo: data.blockForAmo ?? `Билеты: ${seminar.title}`,
  });
  if (human.turnstile) lead.turnstile = human.turnstile;
  lead.ticket = {
    seminar_id: seminar.id,
    seminar_title: seminar.title,
    tickets: data.tickets,
    date: Date.parse(seminar.targetDate),
    seminar_tickets_quantity: order.tickets_quantity,
  };
  try {
    // the same order id again finds its tickets taken and stores the lead now: a retry completes it
    await storeLead(c, lead);
  } catch (error) {
    log.error("tickets.lead", { requestId: c.get("requestId"), id, error: String(error) });
    return c.json({ ok: false, message: refusals.storeFailed }, 503);
  }
  return c.json({ ok: true, tickets_quantity: order.tickets_quantity });
}

const setTickets = z.object({ tickets_quantity: z.number().check(z.int(), z.nonnegative(), z.maximum(100_000)) });

export function registerTicketsApi(app: Hono<AppEnv>): void {
  app.post("/api/tickets", postTickets);

  app.get("/api/seminars/:id/tickets", async (c) => {
    const seminar = indexes(c.get("catalogue")).seminarById.get(c.req.param("id"));
    if (!seminar) return c.json({ ok: false, message: "Такого семинара нет" }, 404);
    return c.json({ ok: true, tickets_quantity: await liveTickets(c, seminar) }, 200, { "Cache-Control": "no-store" });
  });

  // ops routes are behind opsOnly (registerOpsApi guards /ops/*)
  app.get("/ops/seminars", async (c) => {
    const seminars = c.get("catalogue").seminars;
    const counts = await Promise.all(seminars.map((s) => liveTickets(c, s)));
    return c.json(seminars.map((s, i) => ({ id: s.id, title: s.title, targetDate: s.targetDate, tickets_quantity: counts[i] })));
  });

  app.put("/ops/seminars/:id/tickets", async (c) => {
    const seminar = c.get("catalogue").seminars.find((s) => s.id === c.req.param("id"));
    if (!seminar) return c.json({ ok: false, message: "Такого семинара нет" }, 404);
    const parsed = await opsJson(c.req.raw, setTickets, "tickets_quantity: целое число от 0");
    if ("refusal" in parsed) return c.json(parsed.refusal, 400);
    await ticketsOf(c, seminar).setTickets(parsed.data.tickets_quantity);
    return c.json({ ok: true, id: seminar.id, tickets_quantity: parsed.data.tickets_quantity });
  });
}
