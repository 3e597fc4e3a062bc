import { useEffect, useState } from "react";
import { BANNER_EXTRA_DISCOUNT } from "../../services/promo";
import { defineIsland } from "../island";
import { activePromo, loadPromo } from "../state/promo";
import { useSignalValue } from "../state/signals";
import { CloseButton } from "../ui/Button";

const CLOSED_KEY = "promoBannerClosed";

/** The top promo banner (spec 2.7): while the promo is active, its code, the extra 10% and the gift. */
function PromoBanner() {
  const promo = useSignalValue(activePromo);
  const [closed, setClosed] = useState(true);
  useEffect(() => {
    setClosed(sessionStorage.getItem(CLOSED_KEY) === "1");
    void loadPromo();
  }, []);
  if (!promo?.is_active || closed) return null;
  return (
    <aside className="promo-banner" aria-label="Акция">
      <div className="container promo-banner__inner">
        <p className="promo-banner__text">
          Промокод <strong className="promo-banner__code">{promo.promo_code}</strong> — дополнительная скидка {BANNER_EXTRA_DISCOUNT}
          {promo.redirect_url ? (
            <>
              {" "}и{" "}
              <a href={promo.redirect_url} target="_blank" rel="noopener noreferrer">
                мини-курс в подарок
              </a>
            </>
          ) : null}
        </p>
        <CloseButton
          className="promo-banner__close"
          onClick={() => {
            sessionStorage.setItem(CLOSED_KEY, "1");
            setClosed(true);
          }}
        />
      </div>
    </aside>
  );
}

export default defineIsland("promo/PromoBanner", PromoBanner, "idle");
