import { sharedSignal } from "../../client/shared-signal";
import { visitCampaign } from "../../client/visit";
import { type PromoData, PROMO_STORAGE_KEY, safeRedirect } from "../../services/promo";
import { promoClient } from "../../client/api";

/** The visitor's promo, or null when there is none (spec 4). */
export const activePromo = sharedSignal<PromoData | null>(null);
/** False while the promo is being looked up: the sticky bar waits for it (spec 2.7). */
export const promoLoaded = sharedSignal(false);

let lookup: Promise<void> | null = null;

function forget(reason: unknown) {
  console.error("promo:", reason);
  activePromo.value = null;
  try {
    localStorage.removeItem(PROMO_STORAGE_KEY);
  } catch (error) {
    console.error("promo: cannot remove the stored promo", error);
  }
}

/** Looks the promo up once per page; islands that show it wait on the same promise. */
export function loadPromo(): Promise<void> {
  lookup ??= (async () => {
    const name = visitCampaign();
    if (!name) return;
    try {
      const response = await promoClient.promo.findPromo[":utm_campaign"].$get({ param: { utm_campaign: name } });
      if (response.status !== 200) return forget(`lookup answered ${response.status}`);
      const promo = await response.json();
      const redirect = safeRedirect(promo.redirect_url);
      activePromo.value = { ...promo, redirect_url: redirect };
      localStorage.setItem(PROMO_STORAGE_KEY, JSON.stringify({ name, promo_code: promo.promo_code, redirect_url: redirect }));
    } catch (error) {
      forget(error);
    }
  })().finally(() => {
    promoLoaded.value = true;
  });
  return lookup;
}
