import { formatPrice } from "../../services/text";
import { approximateText, type LocalRate, rateDateText } from "../../services/exchange-rates";
import { type Instalment, monthlyText } from "../../services/pricing";

/**
 * A price as people pay it: the full sum struck through when a discount applies, the sum, and the
 * monthly payment with its term beside it when the content gives instalment terms (issue 28); for a
 * visitor from Kazakhstan or Uzbekistan, about what it is in their money (issue 42, decision 081).
 */
export function PriceWithMonthly({ full, price, instalment, local }: { full?: number; price: number; instalment: Instalment | null; local?: LocalRate }) {
  return (
    <>
      {full !== undefined && full !== price ? (
        <>
          <span className="price-old">{formatPrice(full)}</span>{" "}
        </>
      ) : null}
      <span className="price-now">{formatPrice(price)}</span>
      {local ? (
        <>
          {" "}
          <LocalPrice roubles={price} rate={local} />
        </>
      ) : null}
      {instalment ? <span className="price-monthly">или {monthlyText(instalment)}</span> : null}
    </>
  );
}

/** «≈ 575 800 ₸»: a rouble sum in the visitor's money at the Central Bank's rate, said to be approximate. */
export function LocalPrice({ roubles, rate }: { roubles: number; rate: LocalRate }) {
  return (
    <span className="price-local" data-testid="price-local" title={`Примерно, ${rateDateText(rate)}`}>
      {approximateText(roubles, rate)}
    </span>
  );
}
