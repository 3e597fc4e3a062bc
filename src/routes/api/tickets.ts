import type { Context, Hono } from "hono";
import * as z from "zod/mini";
import { indexes } from "../../services/catalogue/queries";
import { refusals } from "../../services/leads/messages";
import { toE164 } from "../../services/leads/phone-number";
import type { FieldErrors } from "../../services/leads/schemas";
import { validate } from "../../services/leads/schemas";
import { log } from "../../services/log";
import { CLAIMED_BY_CLIENT, NO_SUCH_SEMINAR, type OrderSummary, perOrderLimit, perPhoneLimit, SEMINAR_PAST, ticketOrderSchema, tooFewTickets } from "../../services/tickets";
import { keyedDigest } from "../../services/visit-evidence";
import { config } from "../../server/config.server";
import type { OrderResult } from "../../services/tickets";
import type { AppEnv } from "../../server/env";
import { withCatalogue } from "../../server/middleware/catalogue";
import { bodyKind, opsJson } from "../../server/body";
import { siteKey } from "../../server/site-keys.server";
import { renderApply } from "../pages/apply";
import { humanCheck } from "../../server/intake/human-check";
import { filledHoneypot, fingerprintOf, leadRecord, newId, parse, type RefusalStatus, storeLead, visitRefusal, withinRateLimit } from "../../server/intake/intake";
import type { OpsApp } from "./ops";
import { giftError } from "../../server/intake/gift";
import { seminarTickets } from "../../server/objects";
import { liveTickets } from "../../server/seminar-tickets";


type Placed = { ok: true; tickets_quantity: number; order: OrderSummary };
type Refused = { status: RefusalStatus; message: string; errors?: FieldErrors; tickets_quantity?: number; values?: Record<string, unknown> };

/**
 * Takes an order: seats and the lead as one fact (SeminarTickets), then the lead handed to the
 * outbox before the answer, so 200 means the order is durably on its way to the CRM. An id used
 * before for another request is refused (409) and any seats it took go back.
 */
async function placeOrder(c: Context<AppEnv>): Promise<Placed | Refused> {
  const parsed = await parse(c);
  if ("status" in parsed) return parsed;
  const { body } = parsed;
  if (filledHoneypot(body)) return { status: 400, message: refusals.honeypot };
  const settings = config(c.env);
  const result = validate(ticketOrderSchema, body);
  const errors: FieldErrors = result.ok ? {} : { ...result.errors };
  if (result.ok && result.data.tickets > settings.TICKETS_PER_ORDER) errors.tickets = perOrderLimit(settings.TICKETS_PER_ORDER);
  const phone = result.ok ? await toE164(result.data.phone, result.data.country) : null;
  if (phone && "error" in phone) errors.phone = phone.error;
  const gift = await giftError(c.env, body.gift, body.giftToken);
  if (gift) errors.gift = gift;
  if (!result.ok || !phone || "error" in phone || Object.keys(errors).length > 0) {
    return { status: 400, message: errors.tickets ?? refusals.badValue, errors, values: body };
  }
  const seminar = indexes(c.get("catalogue")).seminarById.get(result.data.seminar_id);
  if (!seminar) return { status: 400, message: NO_SUCH_SEMINAR, errors: { seminar_id: NO_SUCH_SEMINAR }, values: body };
  if (Date.parse(seminar.targetDate) <= Date.now()) return { status: 409, message: SEMINAR_PAST, values: body };
  const tooFast = await visitRefusal(c);
  if (tooFast) return { status: 400, message: tooFast, values: body };
  const data = { ...result.data, phone: phone.e164 };
  if (!(await withinRateLimit(c, data.tickets))) return { status: 429, message: refusals.rateLimited, values: body };
  // before the tickets are taken: a bot must not hold seats
  const human = await humanCheck(c, body);
  if ("refused" in human) return { status: 400, message: human.refused, errors: { turnstile: human.refused }, values: body };

  const id = data.id ?? newId();
  const claimed = Object.fromEntries(Object.entries(data).filter(([key]) => !(CLAIMED_BY_CLIENT as readonly string[]).includes(key))) as typeof data;
  const lead = {
    ...leadRecord(c, "ticket", { ...claimed, id, price: seminar.price * data.tickets, blockForAmo: `Билеты: ${seminar.title}` }),
    ...human,
    ticket: { seminar_id: seminar.id, seminar_title: seminar.title, tickets: data.tickets, date: Date.parse(seminar.targetDate), seminar_tickets_quantity: 0 },
  };
  const fingerprint = await fingerprintOf("ticket", claimed);
  const stub = seminarTickets(c.env, seminar.id);
  let order: OrderResult;
  try {
    const phoneKey = await keyedDigest(await siteKey(c.env, "phone"), `${seminar.id}:${data.phone}`);
    order = await stub.order({ orderId: id, fingerprint, tickets: data.tickets, initial: seminar.tickets_quantity, phoneKey, perPhone: settings.TICKETS_PER_PHONE, lead });
  } catch (error) {
    log.error("tickets.order", { requestId: c.get("requestId"), seminar: seminar.id, error: String(error) });
    return { status: 503, message: refusals.storeFailed, values: { ...body, id } };
  }
  if (!order.ok) {
    if (order.reason === "conflict") return { status: 409, message: refusals.idConflict, tickets_quantity: order.tickets_quantity, values: { ...body, id: undefined } };
    const message = order.reason === "perPhone" ? perPhoneLimit(settings.TICKETS_PER_PHONE, order.held) : tooFewTickets(order.tickets_quantity);
    return { status: 409, message, tickets_quantity: order.tickets_quantity, values: { ...body, id: undefined } };
  }

  try {
    const waiting = order.duplicate ? await stub.waitingLead(id) : { lead: { ...lead, ticket: { ...lead.ticket, seminar_tickets_quantity: order.tickets_quantity } }, fingerprint };
    if (waiting) {
      const outcome = await storeLead(c, waiting.lead, waiting.fingerprint);
      if (outcome === "conflict") {
        const left = await stub.release(id);
        return { status: 409, message: refusals.idConflict, tickets_quantity: left, values: { ...body, id: undefined } };
      }
      // if this call is lost, the object's alarm finds the outbox has the lead and forgets it then
      await stub.handedOver(id).catch((error: unknown) => log.warn("tickets.handover.mark", { id, error: String(error) }));
    }
  } catch (error) {
    // the seats and the lead are kept together: the object's alarm hands the lead over, and a retry with this id completes it
    log.error("tickets.lead", { requestId: c.get("requestId"), id, error: String(error) });
    return { status: 503, message: refusals.storeFailed, values: { ...body, id } };
  }
  return {
    ok: true,
    tickets_quantity: order.tickets_quantity,
    order: { id, seminar_id: seminar.id, seminar_title: seminar.title, date: seminar.targetDate, tickets: data.tickets, sum: seminar.price * data.tickets },
  };
}

async function postTickets(c: Context<AppEnv>) {
  const html = bodyKind(c.req.header("Content-Type")) === "form";
  const outcome = await placeOrder(c);
  if ("ok" in outcome) {
    const { order } = outcome;
    return html
      ? c.redirect(`/gratefull?order=${encodeURIComponent(order.id)}&seminar=${encodeURIComponent(order.seminar_id)}`, 303)
      : c.json({ ok: true, tickets_quantity: outcome.tickets_quantity, order });
  }
  if (html && outcome.status !== 415) {
    const seminar = typeof outcome.values?.seminar_id === "string" ? outcome.values.seminar_id : undefined;
    return renderApply(c, {
      status: outcome.status,
      errors: outcome.errors && Object.keys(outcome.errors).length > 0 ? { ...outcome.errors, form: outcome.message } : { form: outcome.message },
      values: { ...outcome.values, cta: "buyTicket", seminar },
    });
  }
  const extra = {
    ...(outcome.message === refusals.idConflict ? { code: "id_conflict" } : {}),
    ...(outcome.errors ? { errors: outcome.errors } : {}),
    ...(outcome.tickets_quantity !== undefined ? { tickets_quantity: outcome.tickets_quantity } : {}),
  };
  return c.json({ ok: false, message: outcome.message, ...extra }, outcome.status);
}

const setTickets = z.object({ tickets_quantity: z.number().check(z.int(), z.nonnegative(), z.maximum(100_000)) });

export function registerTicketsApi(app: Hono<AppEnv>): void {
  app.post("/api/tickets", postTickets);

  app.get("/api/seminars/:id/tickets", async (c) => {
    const seminar = indexes(c.get("catalogue")).seminarById.get(c.req.param("id"));
    if (!seminar) return c.json({ ok: false, message: NO_SUCH_SEMINAR }, 404);
    return c.json({ ok: true, tickets_quantity: await liveTickets(c.env, seminar) }, 200, { "Cache-Control": "no-store" });
  });
}

/** Ops read and set the seminars' ticket counts (mounted at /ops, behind its token; they need the catalogue). */
export function registerTicketsOps(ops: OpsApp): void {
  ops.use("/seminars", withCatalogue);
  ops.use("/seminars/*", withCatalogue);
  ops.get("/seminars", async (c) => {
    const seminars = c.get("catalogue").seminars;
    const counts = await Promise.all(seminars.map((s) => liveTickets(c.env, s)));
    return c.json(seminars.map((s, i) => ({ id: s.id, title: s.title, targetDate: s.targetDate, tickets_quantity: counts[i] })));
  });

  ops.put("/seminars/:id/tickets", async (c) => {
    const seminar = c.get("catalogue").seminars.find((s) => s.id === c.req.param("id"));
    if (!seminar) return c.json({ ok: false, message: NO_SUCH_SEMINAR }, 404);
    const parsed = await opsJson(c.req.raw, setTickets, "tickets_quantity: целое число от 0");
    if ("refusal" in parsed) return c.json(parsed.refusal, 400);
    await seminarTickets(c.env, seminar.id).setTickets(parsed.data.tickets_quantity);
    return c.json({ ok: true, id: seminar.id, tickets_quantity: parsed.data.tickets_quantity });
  });
}
