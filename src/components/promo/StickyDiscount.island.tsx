import { useEffect, useId, useState } from "react";
import { discountDeadline } from "../../services/promo";
import { defineIsland } from "../island";
import { activePromo, loadPromo, promoLoaded } from "../state/promo";
import { useSignalValue } from "../state/signals";
import { CloseButton } from "../ui/Button";

const CLOSED_KEY = "stickyDiscountClosed";

/** Closed once, closed on every page, after a reload and in a new tab (local storage). */
function closedBefore(): boolean {
  try {
    return localStorage.getItem(CLOSED_KEY) === "1";
  } catch (error) {
    console.error("discount: cannot read whether it was closed", error);
    return false;
  }
}

function rememberClosed(): void {
  try {
    localStorage.setItem(CLOSED_KEY, "1");
  } catch (error) {
    console.error("discount: cannot keep it closed", error);
  }
}

/**
 * The bottom bar of spec 2.7: 'Скидка до -30%' on all programs and courses, with the date
 * snippet; hidden while the promo loads or when show_sticky_bottom is false; closable. Its
 * tooltip opens on hover on desktop and on click on mobile. It closes the page's content rather
 * than lying over it (decision 026).
 */
function StickyDiscount({ discount, covers }: { discount: string; covers: string }) {
  const promo = useSignalValue(activePromo);
  const loaded = useSignalValue(promoLoaded);
  const [closed, setClosed] = useState(true);
  const [tooltip, setTooltip] = useState(false);
  const [deadline, setDeadline] = useState("");
  const tipId = useId();
  useEffect(() => {
    setClosed(closedBefore());
    setDeadline(discountDeadline(new Date()));
    void loadPromo();
  }, []);
  if (!loaded || closed || promo?.show_sticky_bottom === false) return null;
  const hover = window.matchMedia("(hover: hover) and (min-width: 769px)").matches;
  return (
    <aside className="sticky-discount" aria-label="Скидка">
      <div className="container sticky-discount__inner">
        <p className="sticky-discount__text">
          Скидка до <strong data-fact="discount">{discount}</strong> {covers} {deadline}
        </p>
        <span className="sticky-discount__tip">
          <button
            type="button"
            className="sticky-discount__info"
            aria-expanded={tooltip}
            aria-describedby={tooltip ? tipId : undefined}
            onClick={hover ? undefined : () => setTooltip((open) => !open)}
            onMouseEnter={hover ? () => setTooltip(true) : undefined}
            onMouseLeave={hover ? () => setTooltip(false) : undefined}
            onFocus={hover ? () => setTooltip(true) : undefined}
            onBlur={hover ? () => setTooltip(false) : undefined}
          >
            Подробнее
          </button>
          {tooltip ? (
            <span role="tooltip" id={tipId} className="sticky-discount__tooltip">
              Подробности о скидках уточняйте у менеджеров приёмной комиссии.
            </span>
          ) : null}
        </span>
        <CloseButton
          className="sticky-discount__close"
          onClick={() => {
            rememberClosed();
            setClosed(true);
          }}
        />
      </div>
    </aside>
  );
}

export default defineIsland("promo/StickyDiscount", StickyDiscount, "visible");
