import { formatPrice } from "../../services/text";
import { type Instalment, monthlyText } from "../../services/pricing";

/**
 * A price as people pay it: the full sum struck through when a discount applies, the sum, and the
 * monthly payment with its term beside it when the content gives instalment terms (issue 28).
 */
export function PriceWithMonthly({ full, price, instalment }: { full?: number; price: number; instalment: Instalment | null }) {
  return (
    <>
      {full !== undefined && full !== price ? (
        <>
          <span className="price-old">{formatPrice(full)}</span>{" "}
        </>
      ) : null}
      <span className="price-now">{formatPrice(price)}</span>
      {instalment ? <span className="price-monthly">или {monthlyText(instalment)}</span> : null}
    </>
  );
}
