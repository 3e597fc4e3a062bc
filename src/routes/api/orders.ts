/**
 * The buyer's order (decision 085): `GET /api/orders/:id` (its state as JSON), `GET /orders/:id/ticket.ics`
 * (the seminar in the buyer's calendar, once paid or a free registration confirmed), and ops' `POST /ops/orders/:id/refund` (the whole
 * order, or `{tickets: n}` of it: YooKassa returns the money, then the seats come back).
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { jsonBody } from "../../server/body";
import type { AppEnv, OpsApp } from "../../server/env";
import { orderView } from "../../server/order-view";
import { refundOrder } from "../../server/payments";
import { validJson } from "../../server/validate";
import { seminarHref } from "../../services/catalogue/links";
import { indexes } from "../../services/catalogue/queries";
import { orderCalendar } from "../../services/payments/ics";

const NO_ORDER = "Такого заказа нет";
const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

export const ordersApi = new Hono<AppEnv>()
  .get("/api/orders/:id", async (c) => {
    const view = await orderView(c.env, c.get("catalogue"), c.req.param("id"));
    return view ? c.json(view, 200, PRIVATE) : c.json({ ok: false as const, message: NO_ORDER }, 404, PRIVATE);
  })
  .get("/orders/:id/ticket.ics", async (c) => {
    const view = await orderView(c.env, c.get("catalogue"), c.req.param("id"));
    if (view?.status !== "paid" && view?.status !== "registered") return c.json({ ok: false as const, message: NO_ORDER }, 404, PRIVATE);
    const seminar = indexes(c.get("catalogue")).seminarById.get(view.seminar_id)!;
    const site = (c.env.SITE_URL ?? new URL(c.req.url).origin).replace(/\/$/, "");
    const body = orderCalendar({ ...view, durationHours: seminar.durationHours, url: `${site}${seminarHref(seminar)}`, orderUrl: `${site}/orders/${view.id}` });
    return c.body(body, 200, { ...PRIVATE, "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": `attachment; filename="ticket-${view.id}.ics"` });
  });

const refundBody = z.object({ tickets: z.optional(z.number().check(z.int(), z.positive(), z.maximum(100))) });

/** Ops refund an order (behind the ops door, beside confirming one). */
export function registerOrdersOps(ops: OpsApp): void {
  ops.post(
    "/orders/:id/refund",
    jsonBody((c, status, message) => c.json({ ok: false, message }, status)),
    validJson(refundBody, (c, _body, parsed) => (parsed.success ? undefined : c.json({ ok: false, message: "tickets: целое число от 1" }, 400))),
    async (c) => {
      const id = c.req.param("id");
      const outcome = await refundOrder(c.env, id, c.req.valid("json").tickets ?? null);
      if (outcome.ok) return c.json({ ok: true, id, seminar_id: outcome.seminar, refunded_tickets: outcome.tickets, already: !outcome.refunded });
      if (outcome.reason === "unknown") return c.json({ ok: false, message: NO_ORDER }, 404);
      if (outcome.reason === "not_paid") return c.json({ ok: false, message: "Заказ не оплачен: возвращать нечего" }, 409);
      if (outcome.reason === "too_many") return c.json({ ok: false, message: `В заказе ${outcome.left ?? 0} билетов: столько и можно вернуть` }, 400);
      return c.json({ ok: false, message: "ЮKassa не приняла возврат: попробуйте ещё раз" }, 502);
    },
  );
}
