import { useEffect, useState } from "react";
import { cardTime } from "../catalogue/EventTime";
import type { VisitorArea } from "../../services/visitor-area";
import { formatPrice, pluralize } from "../../services/text";
import type { OrderSummary } from "../../services/tickets";

export interface ThankYouProps {
  /** where the gift button leads when no promo redirect is stored (spec 2.6) */
  giftExchange: string;
  messengerChannel: string;
  /** the back-to-home link appears only when enabled */
  homeLink?: boolean;
  /** after a ticket order: what was ordered, as the server took it */
  order?: OrderSummary;
  /** h1 where the thanks is the page (/gratefull), h2 inside a dialog */
  heading?: "h1" | "h2";
  /** the visitor's area: an order's time on their clock first (decision 020) */
  area?: VisitorArea;
  /** when and how the institute answers: the area's admissions hours on the visitor's clock and the line it calls from */
  nextSteps?: NextSteps;
}

/** What the visitor is told happens next (issue 28 point 6). */
export interface NextSteps {
  /** «Пн–Сб 11:00–21:00 по времени Алматы (9:00–19:00 мск)» */
  hours: string;
  /** the admissions line of the visitor's area, as shown */
  phone: string;
}

/** When and how the institute answers a lead or an order, in the visitor's zone. */
function NextStepsNote({ steps, order }: { steps: NextSteps; order: boolean }) {
  return (
    <p className="thank-you__next" data-testid="next-steps">
      <strong>Что дальше.</strong>{" "}
      {order
        ? `Письмо с заказом придёт в течение нескольких минут. Если его нет или остались вопросы, позвоните нам: ${steps.phone}, ${steps.hours}.`
        : `Специалист приёмной комиссии позвонит вам с номера ${steps.phone} в рабочие часы — ${steps.hours}: расскажет о программе, условиях и документах для поступления. Заявку, оставленную в нерабочее время, возьмём в работу в начале следующего рабочего дня.`}
    </p>
  );
}

import { PROMO_STORAGE_KEY, safeRedirect } from "../../services/promo";

/** The order a buyer has just placed: seminar, date, tickets and sum. */
function OrderDetails({ order, area }: { order: OrderSummary; area: VisitorArea }) {
  return (
    <dl className="thank-you__order" data-testid="order-summary">
      <div>
        <dt>Семинар</dt>
        <dd>{order.seminar_title}</dd>
      </div>
      <div>
        <dt>Когда</dt>
        <dd>
          <time dateTime={order.date}>{cardTime(order.date, area, { year: true })}</time>
        </dd>
      </div>
      <div>
        <dt>Билеты</dt>
        <dd>{pluralize(order.tickets, ["билет", "билета", "билетов"])}</dd>
      </div>
      <div>
        <dt>Сумма</dt>
        <dd>{order.sum > 0 ? formatPrice(order.sum) : "Бесплатно"}</dd>
      </div>
      {order.held_until ? (
        <div>
          <dt>Бронь до</dt>
          <dd>
            <time dateTime={order.held_until} data-testid="held-until">
              {cardTime(order.held_until, area, { year: true })}
            </time>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** What the buyer reads of their order: the payment before the hold ends, or that the hold has ended (decision 050). */
function orderNote(order: OrderSummary): string {
  if (order.status === "expired" && order.sum === 0) return "Бронь истекла: регистрацию не подтвердили вовремя, и место вернулось в список свободных. Можно зарегистрироваться снова.";
  if (order.status === "expired") return "Бронь истекла: заказ не был оплачен вовремя, и билеты вернулись в продажу. Если вы уже оплатили заказ, позвоните нам.";
  // a free seminar's registration held until its holder confirms the e-mail they gave (decision 093)
  if (order.sum === 0 && order.held_until)
    return "Осталось подтвердить регистрацию: мы отправили письмо на почту, которую вы указали. Откройте ссылку в письме до конца брони — иначе место вернётся в список свободных. Сразу после подтверждения придёт электронный билет.";
  if (order.sum === 0) return "Билеты придут на электронную почту, которую вы указали, а за день до семинара мы пришлём напоминание.";
  const hold = order.held_until ? " Оплатите заказ до конца брони — иначе билеты вернутся в продажу." : "";
  return `Билеты и ссылка на оплату придут на электронную почту, которую вы указали, а за день до семинара мы пришлём напоминание.${hold}`;
}

function storedGiftUrl(): string | undefined {
  try {
    const raw = localStorage.getItem(PROMO_STORAGE_KEY);
    const url = raw ? (JSON.parse(raw) as { redirect_url?: unknown }).redirect_url : undefined;
    // checked again before it becomes a link: local storage is the visitor's to edit
    return safeRedirect(url) ?? undefined;
  } catch (error) {
    console.error("thank-you: cannot read the stored promo", error);
    return undefined;
  }
}

/** The thank-you content of spec 2.6, on /gratefull and in the registration popup. */
export function ThankYou({ giftExchange, messengerChannel, homeLink = false, heading: Heading = "h2", order, area = "other", nextSteps }: ThankYouProps) {
  const [giftUrl, setGiftUrl] = useState(giftExchange);
  useEffect(() => {
    const stored = storedGiftUrl();
    if (stored) setGiftUrl(stored);
  }, []);
  return (
    <div className="thank-you">
      <Heading className="thank-you__title">{order ? (order.sum === 0 ? "Спасибо за регистрацию!" : "Спасибо за заказ!") : "Спасибо за заявку!"}</Heading>
      {order ? <OrderDetails order={order} area={area} /> : null}
      <div className="thank-you__columns">
        <div className="thank-you__column">
          {order ? (
            <p>{orderNote(order)}</p>
          ) : (
            <p>Ваши данные переданы в приёмную комиссию. Специалист свяжется с вами в ближайшее время.</p>
          )}
          {nextSteps ? <NextStepsNote steps={nextSteps} order={order !== undefined} /> : null}
          {/* the gift is on the partners' site: the text and the link's name say so before the visitor leaves (issue 42) */}
          <p className="thank-you__gift">{`${order ? "А пока" : "Пока ждёте звонка"} — заберите подарок от наших блогеров и партнёров: он ждёт вас на их сайте.`}</p>
          <a className="btn btn--primary" href={giftUrl} target="_blank" rel="noopener noreferrer">
            <span className="btn__label">Получить подарок</span>
            <span className="visually-hidden"> на сайте партнёров (откроется в новой вкладке)</span>
          </a>
        </div>
        <div className="thank-you__column thank-you__column--channel">
          <p>Подписывайтесь на наш канал: разборы случаев, эфиры с преподавателями и новости института.</p>
          <a className="btn btn--outline" href={messengerChannel} target="_blank" rel="noopener noreferrer">
            <span className="btn__label">Перейти в канал</span>
            <span className="visually-hidden"> (откроется в новой вкладке)</span>
          </a>
        </div>
      </div>
      {homeLink ? (
        <a className="thank-you__home" href="/">
          Вернуться на главную
        </a>
      ) : null}
    </div>
  );
}
