import type { Context } from "hono";
import { nextStepsFor } from "../../components/layout/contacts";
import ThankYouIsland from "../../components/forms/ThankYou.island";
import { renderApply } from "../../render/form-pages";
import { renderPage } from "../../render/render";
import { indexes } from "../../services/catalogue/queries";
import type { OrderSummary } from "../../services/tickets";
import type { AppEnv } from "../../server/env";
import { seminarTickets } from "../../server/objects";

/** The order a confirmation names: read back from the seminar's object, never taken from the address. */
async function placedOrder(c: Context<AppEnv>): Promise<OrderSummary | undefined> {
  const id = c.req.query("order");
  const seminar = indexes(c.get("catalogue")).seminarById.get(c.req.query("seminar") ?? "");
  if (!id || !seminar || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) return undefined;
  const order = await seminarTickets(c.env, seminar.id).orderOf(id);
  if (!order) return undefined;
  return {
    id,
    seminar_id: seminar.id,
    seminar_title: seminar.title,
    date: seminar.targetDate,
    tickets: order.tickets,
    sum: seminar.price * order.tickets,
    status: order.status,
    // until when it is held, while it is (decision 050)
    ...(order.status === "held" && order.holdUntil ? { held_until: new Date(order.holdUntil).toISOString() } : {}),
  };
}

/** `/gratefull`: the thank-you page of spec 2.6, with the back-to-home link; after a ticket order, the order. */
export async function renderThanks(c: Context<AppEnv>) {
  const { site } = c.get("catalogue");
  const order = await placedOrder(c);
  return renderPage(c, {
    meta: { title: order ? "Билеты заказаны" : "Спасибо за заявку", robots: "noindex, follow" },
    body: (
      <section className="container form-page">
        <ThankYouIsland giftExchange={site.links.giftExchange} messengerChannel={site.links.messengerChannel} homeLink
          heading="h1"
          order={order}
          area={c.var.area}
          nextSteps={nextStepsFor(site, c.var.area)}
        />
      </section>
    ),
  });
}

/** `/apply`: the form of a CTA (render/form-pages.tsx). */
export const applyPage = (c: Context<AppEnv>) => renderApply(c);
