import { perOrderLimit } from "../../services/ticket-limits";
import { useSignalValue } from "../state/signals";
import { ticketTerms } from "../../client/ticket-state";
import { formatPrice, pluralize } from "../../services/text";

interface TicketCounterProps {
  count: number;
  left: number;
  /** tickets one order may hold (TICKETS_PER_ORDER) */
  perOrder: number;
  price: number;
  disabled?: boolean;
  onChange: (count: number) => void;
}

const total = (price: number, count: number) => (price > 0 ? formatPrice(price * count) : "Бесплатно");

/**
 * The tickets mode of spec 4: the counter starts at 1; minus shows only above 1; plus shows only
 * while the seminar has more tickets than the count (and the order has room); the price is the
 * price times the count. A button not shown keeps its place (hidden, not removed), so nothing
 * moves when it appears. Before the form hydrates (or without JavaScript) a select of counts with
 * their sums stands in for the buttons and posts the count itself.
 */
export function TicketCounter({ count, left, perOrder, price, disabled, onChange }: TicketCounterProps) {
  const most = Math.max(1, Math.min(left, perOrder));
  // how the tickets are paid and refunded (decision 085): a free seminar's form says nothing of payment
  const terms = useSignalValue(ticketTerms);
  const shown = (visible: boolean) => ({ "aria-hidden": visible ? undefined : true, tabIndex: visible ? undefined : -1, disabled: disabled || !visible });
  return (
    <div className="ticket-counter">
      <span className="ticket-counter__label" id="ticket-count-label">
        Билеты
      </span>
      <div className="ticket-counter__controls" role="group" aria-labelledby="ticket-count-label">
        <button type="button" className="ticket-counter__btn" aria-label="Меньше билетов" {...shown(count > 1)} onClick={() => onChange(Math.max(1, count - 1))}>
          −
        </button>
        <output className="ticket-counter__count" aria-live="polite" data-testid="ticket-count">
          {count}
        </output>
        <button type="button" className="ticket-counter__btn" aria-label="Больше билетов" {...shown(most > count)} onClick={() => onChange(Math.min(most, count + 1))}>
          +
        </button>
      </div>
      <select
        className="ticket-counter__select"
        name="tickets"
        aria-labelledby="ticket-count-label"
        value={Math.min(count, most)}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      >
        {Array.from({ length: most }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {pluralize(n, ["билет", "билета", "билетов"])} — {total(price, n)}
          </option>
        ))}
      </select>
      <p className="ticket-counter__total" data-testid="ticket-total">
        {total(price, count)}
      </p>
      <p className="ticket-counter__limit">{perOrderLimit(perOrder)}</p>
      {price > 0 && terms.payment ? (
        <p className="ticket-counter__limit" data-testid="payment-note">
          {terms.payment}
        </p>
      ) : null}
      {price > 0 && terms.abroad ? (
        <p className="ticket-counter__limit" data-testid="abroad-note">
          {terms.abroad}
        </p>
      ) : null}
      {price > 0 && terms.refund ? (
        <details className="ticket-counter__limit">
          <summary>Условия возврата</summary>
          <p data-testid="ticket-refund-terms">{terms.refund}</p>
        </details>
      ) : null}
    </div>
  );
}
