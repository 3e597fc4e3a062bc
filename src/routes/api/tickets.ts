/**
 * `POST /api/tickets` as JSON (DESIGN.md), a seminar's live count, and the ops' ticket counts. A
 * ticket form posted without JavaScript is answered before these, as a page (routes/pages/forms.tsx).
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { indexes } from "../../services/catalogue/queries";
import { NO_SUCH_SEMINAR, paymentNote, ticketOrderSchema } from "../../services/tickets";
import { paymentSettings } from "../../services/payments/settings";
import { jsonBody } from "../../server/body";
import type { AppEnv, OpsApp } from "../../server/env";
import { refusalJson } from "../../server/intake/intake";
import { orderRefusal, placeOrder } from "../../server/intake/orders";
import { withCatalogue } from "../../server/middleware/catalogue";
import { seminarTickets } from "../../server/objects";
import { confirmOrder } from "../../server/order-holds";
import { liveSeats, liveTickets } from "../../server/seminar-tickets";
import { validJson } from "../../server/validate";

export const ticketsApi = new Hono<AppEnv>()
  .post(
    "/api/tickets",
    jsonBody((c, status, message) => c.json({ ok: false, message }, status)),
    validJson(ticketOrderSchema, async (c, body, parsed) => {
      const refusal = await orderRefusal(c, body, parsed);
      return refusal ? refusalJson(c, refusal) : undefined;
    }),
    async (c) => {
      const outcome = await placeOrder(c, c.req.valid("json"), await c.req.json());
      return "order" in outcome ? c.json({ ok: true as const, tickets_quantity: outcome.tickets_quantity, order: outcome.order }, 200) : refusalJson(c, outcome);
    },
  )
  .get("/api/seminars/:id/tickets", async (c) => {
    const seminar = indexes(c.get("catalogue")).seminarById.get(c.req.param("id"));
    if (!seminar) return c.json({ ok: false as const, message: NO_SUCH_SEMINAR }, 404);
    const { left, held } = await liveSeats(c.env, seminar);
    // how its tickets are paid (decision 085): said by the ticket form; a visitor whose card YooKassa may not take is told how they can pay
    const terms = c.get("catalogue").site.tickets;
    const payments = paymentSettings(c.env);
    const paid = seminar.price > 0;
    const abroad = paid && (c.var.area === "KZ" || c.var.area === "UZ") ? terms?.abroadPayment : undefined;
    return c.json(
      {
        ok: true as const,
        tickets_quantity: left,
        held,
        ...(paid ? { payment_note: paymentNote(payments.yookassa !== null, payments.holdMinutes) } : {}),
        ...(abroad ? { abroad_note: abroad } : {}),
        ...(paid && terms ? { refund_terms: terms.refundTerms } : {}),
      },
      200,
      { "Cache-Control": "no-store", Vary: "CF-IPCountry" },
    );
  });

export type TicketsApi = typeof ticketsApi;

const setTickets = z.object({ tickets_quantity: z.number().check(z.int(), z.nonnegative(), z.maximum(100_000)) });

/** Ops read and set the seminars' ticket counts (mounted at /ops, behind its token; they need the catalogue). */
export function registerTicketsOps(ops: OpsApp): void {
  ops.use("/seminars", withCatalogue);
  ops.use("/seminars/*", withCatalogue);
  ops.get("/seminars", async (c) => {
    const seminars = c.get("catalogue").seminars;
    const counts = await Promise.all(seminars.map((s) => liveTickets(c.env, s)));
    return c.json(seminars.map((s, i) => ({ id: s.id, title: s.title, targetDate: s.targetDate, tickets_quantity: counts[i] })));
  });

  // an order is paid: its seats are kept past its hold (decision 050); an order whose hold ended first stays ended
  ops.post("/orders/:id/confirm", async (c) => {
    const id = c.req.param("id");
    const confirmed = await confirmOrder(c.env, id, "ops");
    if (confirmed.outcome === "unknown") return c.json({ ok: false, message: "Нет такого заказа" }, 404);
    if (confirmed.outcome === "expired") {
      const at = confirmed.at ? new Date(confirmed.at).toISOString() : null;
      return c.json({ ok: false, status: "expired", expired_at: at, message: "Бронь заказа истекла раньше: места вернулись в продажу" }, 409);
    }
    return c.json({ ok: true, id, seminar_id: confirmed.seminar, status: "confirmed", already: confirmed.already });
  });

  ops.put(
    "/seminars/:id/tickets",
    jsonBody((c, status, message) => c.json({ ok: false, message }, status)),
    validJson(setTickets, (c, _body, parsed) => (parsed.success ? undefined : c.json({ ok: false, message: "tickets_quantity: целое число от 0" }, 400))),
    async (c) => {
      const seminar = c.get("catalogue").seminars.find((s) => s.id === c.req.param("id"));
      if (!seminar) return c.json({ ok: false, message: NO_SUCH_SEMINAR }, 404);
      const { tickets_quantity } = c.req.valid("json");
      await seminarTickets(c.env, seminar.id).setTickets(tickets_quantity);
      return c.json({ ok: true, id: seminar.id, tickets_quantity });
    },
  );
}
