import { formatPrice } from "../../services/text";

interface TicketCounterProps {
  count: number;
  left: number;
  price: number;
  disabled?: boolean;
  onChange: (count: number) => void;
}

/**
 * The tickets mode of spec 4: the counter starts at 1; minus shows only above 1; plus shows only
 * while the seminar has more tickets than the count; the price is the price times the count.
 */
export function TicketCounter({ count, left, price, disabled, onChange }: TicketCounterProps) {
  return (
    <div className="ticket-counter">
      <span className="ticket-counter__label" id="ticket-count-label">
        Билеты
      </span>
      <div className="ticket-counter__controls" role="group" aria-labelledby="ticket-count-label">
        {count > 1 ? (
          <button type="button" className="ticket-counter__btn" aria-label="Меньше билетов" disabled={disabled} onClick={() => onChange(count - 1)}>
            −
          </button>
        ) : null}
        <output className="ticket-counter__count" aria-live="polite" data-testid="ticket-count">
          {count}
        </output>
        {left > count ? (
          <button type="button" className="ticket-counter__btn" aria-label="Больше билетов" disabled={disabled} onClick={() => onChange(count + 1)}>
            +
          </button>
        ) : null}
      </div>
      <p className="ticket-counter__total" data-testid="ticket-total">
        {price > 0 ? formatPrice(price * count) : "Бесплатно"}
      </p>
      <input type="hidden" name="tickets" value={count} />
    </div>
  );
}
