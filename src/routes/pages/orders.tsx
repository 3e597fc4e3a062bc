/**
 * `/orders/:id`: the buyer's order (decision 085). Where YooKassa sends the buyer back, and the
 * link in the order's answer. It shows the order's state (server/order-view.ts reads the payment
 * back when YooKassa has not told the site yet, so the return shows the outcome at once, without a
 * reload loop): waiting for payment («Оплатить» and until when), paid (the e-ticket: the seminar,
 * its time on the visitor's clock and Moscow's, the place or the link, the signed ticket code (and its QR code) and an
 * `.ics` file), canceled, expired, refunded; and the refund terms of the offer, from content.
 * Never kept by a cache or a crawler: `no-store`, `noindex`.
 */
import type { Context } from "hono";
import { cardTime } from "../../components/catalogue/EventTime";
import { QrCode } from "../../components/ui/QrCode";
import { renderNotFound } from "../../render/error-pages";
import { renderPage } from "../../render/render";
import { seminarHref } from "../../services/catalogue/links";
import { indexes } from "../../services/catalogue/queries";
import { formatPrice, pluralize } from "../../services/text";
import type { VisitorArea } from "../../services/visitor-area";
import type { AppEnv } from "../../server/env";
import { type OrderView, orderView } from "../../server/order-view";

const TICKETS = ["билет", "билета", "билетов"] as const;

const HEADINGS: Record<OrderView["status"], string> = {
  awaiting_payment: "Заказ ждёт оплаты",
  paid: "Заказ оплачен: ваш электронный билет",
  canceled: "Оплата отменена",
  expired: "Бронь истекла",
  refunded: "Деньги за заказ возвращены",
};

function minutesLeft(iso: string): string {
  const minutes = Math.max(1, Math.ceil((Date.parse(iso) - Date.now()) / 60_000));
  return pluralize(minutes, ["минута", "минуты", "минут"]);
}

function State({ view, area }: { view: OrderView; area: VisitorArea }) {
  switch (view.status) {
    case "awaiting_payment":
      return (
        <div data-testid="order-state">
          {view.held_until ? (
            <p>
              {"Места за вами до "}
              <time dateTime={view.held_until} data-testid="held-until">
                {cardTime(view.held_until, area, { year: true })}
              </time>
              {` (осталось ${minutesLeft(view.held_until)}). Оплатите заказ до конца брони — иначе билеты вернутся в продажу.`}
            </p>
          ) : null}
          {view.payment_url ? (
            <a className="btn btn--primary" href={view.payment_url} data-testid="pay">
              <span className="btn__label">Оплатить</span>
            </a>
          ) : (
            <p>Ссылку на оплату пришлём на вашу почту. Если письма нет, позвоните нам.</p>
          )}
        </div>
      );
    case "paid":
      return (
        <div data-testid="order-state">
          <p>
            {view.late ? "Оплата пришла после конца брони, но места ещё были: билеты ваши. " : ""}
            Покажите код билета на входе или назовите его куратору, если семинар онлайн.
          </p>
          {view.ticket_code ? (
            <figure className="ticket-code">
              <QrCode className="ticket-code__qr" text={view.ticket_code} label={`QR-код билета ${view.ticket_code}`} />
              <figcaption>
                {"Код билета: "}
                <code data-testid="ticket-code">{view.ticket_code}</code>
              </figcaption>
            </figure>
          ) : null}
          {view.refunded_tickets > 0 ? <p>{`Возвращено: ${pluralize(view.refunded_tickets, TICKETS)}.`}</p> : null}
          <a className="btn btn--outline" href={`/orders/${view.id}/ticket.ics`} download={`ticket-${view.id}.ics`}>
            <span className="btn__label">Добавить в календарь</span>
          </a>
        </div>
      );
    case "canceled":
      return <p data-testid="order-state">Оплата не прошла или была отменена, и билеты вернулись в продажу. Деньги не списаны. Можно заказать билеты снова.</p>;
    case "expired":
      return <p data-testid="order-state">Заказ не был оплачен вовремя, и билеты вернулись в продажу. Если вы уже оплатили заказ, позвоните нам.</p>;
    case "refunded":
      return (
        <p data-testid="order-state">
          {view.late
            ? "Оплата пришла после конца брони, когда места уже закончились, поэтому мы сразу вернули деньги на карту, с которой оплачен заказ. Обычно они приходят за 1–10 рабочих дней."
            : `Мы вернули деньги за ${pluralize(view.refunded_tickets, TICKETS)} на карту, с которой оплачен заказ. Обычно они приходят за 1–10 рабочих дней.`}
        </p>
      );
  }
}

export async function orderPage(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  const view = await orderView(c.env, catalogue, c.req.param("id") ?? "");
  if (!view) {
    const missing = await renderNotFound(c);
    missing.headers.set("Cache-Control", "no-store");
    return missing;
  }
  const seminar = indexes(catalogue).seminarById.get(view.seminar_id);
  const area = c.var.area;
  const terms = catalogue.site.tickets?.refundTerms;
  const response = await renderPage(c, {
    meta: { title: HEADINGS[view.status], robots: "noindex, nofollow" },
    body: (
      <section className="container form-page">
        <div className="thank-you" data-status={view.status}>
          <h1 className="thank-you__title">{HEADINGS[view.status]}</h1>
          <State view={view} area={area} />
          <dl className="thank-you__order" data-testid="order-summary">
            <div>
              <dt>Семинар</dt>
              <dd>{seminar ? <a href={seminarHref(seminar)}>{view.seminar_title}</a> : view.seminar_title}</dd>
            </div>
            <div>
              <dt>Когда</dt>
              <dd>
                <time dateTime={view.date}>{cardTime(view.date, area, { year: true })}</time>
              </dd>
            </div>
            <div>
              <dt>{view.format === "online" ? "Где (онлайн)" : "Где"}</dt>
              <dd>{view.place}</dd>
            </div>
            <div>
              <dt>Билеты</dt>
              <dd>{pluralize(view.tickets, TICKETS)}</dd>
            </div>
            <div>
              <dt>Сумма</dt>
              <dd>{view.sum > 0 ? formatPrice(view.sum) : "Бесплатно"}</dd>
            </div>
            <div>
              <dt>Номер заказа</dt>
              <dd>{view.id}</dd>
            </div>
          </dl>
          {terms ? (
            <section aria-labelledby="refund-terms">
              <h2 id="refund-terms">Возврат билетов</h2>
              <p data-testid="refund-terms">{terms}</p>
            </section>
          ) : null}
        </div>
      </section>
    ),
  });
  response.headers.set("Cache-Control", "no-store");
  response.headers.set("X-Robots-Tag", "noindex");
  return response;
}
