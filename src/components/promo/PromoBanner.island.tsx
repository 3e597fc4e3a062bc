import { useEffect, useState } from "react";
import { BANNER_EXTRA_DISCOUNT } from "../../services/promo";
import { defineIsland } from "../island";
import { activePromo, loadPromo } from "../state/promo";
import { useSignalValue } from "../state/signals";
import { CloseButton } from "../ui/Button";

const CLOSED_KEY = "promoBannerClosed";

/** The code of the promo the visitor closed: it stays closed on every page and after a reload; a new promo shows. */
function closedCode(): string | null {
  try {
    return localStorage.getItem(CLOSED_KEY);
  } catch (error) {
    console.error("promo banner: cannot read whether it was closed", error);
    return null;
  }
}

/** The top promo banner (spec 2.7): while the promo is active, its code, the extra 10% and the gift. */
function PromoBanner() {
  const promo = useSignalValue(activePromo);
  // "" until local storage is read, so nothing shows before it is
  const [closed, setClosed] = useState<string | null>("");
  useEffect(() => {
    setClosed(closedCode());
    void loadPromo();
  }, []);
  if (!promo?.is_active || closed === "" || closed === promo.promo_code) return null;
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
            try {
              localStorage.setItem(CLOSED_KEY, promo.promo_code);
            } catch (error) {
              console.error("promo banner: cannot keep it closed", error);
            }
            setClosed(promo.promo_code);
          }}
        />
      </div>
    </aside>
  );
}

export default defineIsland("promo/PromoBanner", PromoBanner, "campaign");
