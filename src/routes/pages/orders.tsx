/**
 * `/orders/:id`: the buyer's order (decision 085). Where YooKassa sends the buyer back, and the
 * link in the order's answer. It shows the order's state (server/order-view.ts reads the payment
 * back when YooKassa has not told the site yet, so the return shows the outcome at once, without a
 * reload loop): waiting for payment («Оплатить» and until when), paid (the e-ticket: the seminar,
 * its time on the visitor's clock and Moscow's, the place or the link, the signed ticket code (and its QR code) and an
 * `.ics` file), canceled, expired, refunded; and the refund terms of the offer, from content.
 * A free seminar's registration (decision 093): waiting for its confirmation, or registered (the same
 * e-ticket); `/orders/:id/confirm?key=…`, the link of its letter, asks for one press of a button
 * (a POST: a mail scanner that opens every link confirms nothing).
 * Never kept by a cache or a crawler: `no-store`, `noindex`.
 */
import type { Context } from "hono";
import type { Seminar } from "../../services/catalogue/build";
import { cardTime } from "../../components/catalogue/EventTime";
import { QrCode } from "../../components/ui/QrCode";
import { renderNotFound } from "../../render/error-pages";
import { renderPage } from "../../render/render";
import { seminarHref } from "../../services/catalogue/links";
import { indexes } from "../../services/catalogue/queries";
import { formatPrice, pluralize } from "../../services/text";
import type { VisitorArea } from "../../services/visitor-area";
import type { AppEnv } from "../../server/env";
import { log } from "../../services/log";
import { confirmRegistration, isConfirmKey } from "../../server/order-holds";
import { type OrderView, orderView } from "../../server/order-view";

const TICKETS = ["билет", "билета", "билетов"] as const;

const HEADINGS: Record<OrderView["status"], string> = {
  awaiting_payment: "Заказ ждёт оплаты",
  paid: "Заказ оплачен: ваш электронный билет",
  canceled: "Оплата отменена",
  expired: "Бронь истекла",
  refunded: "Деньги за заказ возвращены",
  awaiting_confirmation: "Подтвердите регистрацию",
  registered: "Вы зарегистрированы: ваш электронный билет",
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
    case "awaiting_confirmation":
      return (
        <div data-testid="order-state">
          <p>
            {"Мы отправили письмо на почту, которую вы указали. Откройте в нём ссылку «Подтвердить регистрацию»"}
            {view.held_until ? (
              <>
                {" до "}
                <time dateTime={view.held_until} data-testid="held-until">
                  {cardTime(view.held_until, area, { year: true })}
                </time>
                {` (осталось ${minutesLeft(view.held_until)})`}
              </>
            ) : null}
            {" — иначе место вернётся в список свободных. Сразу после подтверждения здесь и в письме появится электронный билет."}
          </p>
          <p>Письма нет? Проверьте папку «Спам» или позвоните нам.</p>
        </div>
      );
    case "paid":
    case "registered":
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
      return view.sum === 0 ? (
        <p data-testid="order-state">Регистрацию не подтвердили вовремя, и место вернулось в список свободных. Можно зарегистрироваться снова.</p>
      ) : (
        <p data-testid="order-state">Заказ не был оплачен вовремя, и билеты вернулись в продажу. Если вы уже оплатили заказ, позвоните нам.</p>
      );
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

/** The order's seminar, time, place, tickets, sum and number. */
function OrderSummary({ view, seminar, area }: { view: OrderView; seminar: Seminar | undefined; area: VisitorArea }) {
  return (
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
  );
}

/** Never kept by a cache, never indexed: an order's page is its holder's alone. */
const privately = (response: Response) => {
  response.headers.set("Cache-Control", "no-store");
  response.headers.set("X-Robots-Tag", "noindex");
  return response;
};

/** No such order, or not this link's key: one answer for both, so a guess learns nothing. */
export async function noSuchOrder(c: Context<AppEnv>) {
  return privately(await renderNotFound(c));
}

export async function orderPage(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  const view = await orderView(c.env, catalogue, c.req.param("id") ?? "");
  if (!view) return noSuchOrder(c);
  const seminar = indexes(catalogue).seminarById.get(view.seminar_id);
  const area = c.var.area;
  // a free registration paid nothing: there is nothing to return
  const terms = view.sum > 0 ? catalogue.site.tickets?.refundTerms : undefined;
  const response = await renderPage(c, {
    meta: { title: HEADINGS[view.status], robots: "noindex, nofollow" },
    body: (
      <section className="container form-page">
        <div className="thank-you" data-status={view.status}>
          <h1 className="thank-you__title">{HEADINGS[view.status]}</h1>
          <State view={view} area={area} />
          <OrderSummary view={view} seminar={seminar} area={area} />
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
  return privately(response);
}

/** The order and its confirmation link's key, when the key is the order's (decision 093); null otherwise. */
async function confirming(c: Context<AppEnv>): Promise<OrderView | null> {
  const id = c.req.param("id") ?? "";
  const key = c.req.query("key") ?? "";
  if (!(await isConfirmKey(c.env, id, key))) return null;
  return orderView(c.env, c.get("catalogue"), id);
}

/**
 * `GET /orders/:id/confirm?key=…`: the link in a free registration's letter (decision 093). While the
 * registration waits, one button confirms it; once it is confirmed, or its hold has ended, the order's
 * page says so.
 */
export async function confirmRegistrationPage(c: Context<AppEnv>) {
  const view = await confirming(c);
  if (!view) return noSuchOrder(c);
  if (view.status === "registered") {
    // confirmed: told again, in case the last press's word to the outbox was lost (told twice is one)
    await confirmRegistration(c.env, view.id).catch((error: unknown) => log.warn("tickets.confirm.retell", { order: view.id, error: String(error) }));
  }
  if (view.status !== "awaiting_confirmation") return privately(c.redirect(`/orders/${view.id}`, 303));
  const seminar = indexes(c.get("catalogue")).seminarById.get(view.seminar_id);
  const area = c.var.area;
  const action = `/orders/${view.id}/confirm?key=${encodeURIComponent(c.req.query("key") ?? "")}`;
  const response = await renderPage(c, {
    meta: { title: "Подтвердите регистрацию", robots: "noindex, nofollow" },
    body: (
      <section className="container form-page">
        <div className="thank-you" data-status={view.status}>
          <h1 className="thank-you__title">Подтвердите регистрацию</h1>
          <form method="post" action={action} data-testid="confirm-form">
            <p>
              {"Нажмите кнопку, и место останется за вами"}
              {view.held_until ? (
                <>
                  {" (бронь до "}
                  <time dateTime={view.held_until}>{cardTime(view.held_until, area, { year: true })}</time>
                  {")"}
                </>
              ) : null}
              {". Электронный билет откроется здесь же и придёт на почту."}
            </p>
            {/* in a paragraph: its margin keeps the order below apart, with the first screen's own CSS */}
            <p>
              <button type="submit" className="btn btn--primary">
                <span className="btn__label">Подтвердить регистрацию</span>
              </button>
            </p>
          </form>
          <OrderSummary view={view} seminar={seminar} area={area} />
        </div>
      </section>
    ),
  });
  return privately(response);
}

/** `POST /orders/:id/confirm?key=…`: the registration confirmed, then the order's page (its e-ticket, or that its hold ended first). */
export async function confirmRegistrationPost(c: Context<AppEnv>) {
  const view = await confirming(c);
  if (view?.sum !== 0) return noSuchOrder(c);
  try {
    await confirmRegistration(c.env, view.id);
  } catch (error) {
    log.error("tickets.confirm", { requestId: c.get("requestId"), order: view.id, error: String(error) });
    const again = await renderPage(c, {
      status: 503,
      meta: { title: "Не получилось подтвердить", robots: "noindex, nofollow" },
      body: (
        <section className="container form-page">
          <h1>Не получилось подтвердить регистрацию</h1>
          <p role="alert">Место пока за вами. Попробуйте ещё раз через минуту: откройте ссылку из письма снова.</p>
        </section>
      ),
    });
    return privately(again);
  }
  return privately(c.redirect(`/orders/${view.id}`, 303));
}
