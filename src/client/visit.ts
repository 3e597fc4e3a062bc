import { isCleanUrl } from "../services/leads/clean-text";
import { cookies, isUtmValue, parseUtmCookie, UTMS_NAME } from "../services/tracking";

/**
 * What the browser keeps about the visit (spec 3 and 9): UTM parameters and the referrer in
 * session storage, read by the lead forms; cleared after a successful not-found submission.
 */
const UTMS_KEY = "utms";
const REFERER_KEY = "referer";

export function rememberVisit(): void {
  try {
    const params = new URLSearchParams(location.search);
    const utms: Record<string, string> = {};
    // what the server would refuse (markup, invisible characters, a name it does not know) is not kept:
    // a junk link must not make every form of the session fail
    for (const [key, value] of params) if (UTMS_NAME.test(key) && value && isUtmValue(value.trim())) utms[key] = value.trim();
    if (Object.keys(utms).length > 0) sessionStorage.setItem(UTMS_KEY, JSON.stringify(utms));
    const referrer = document.referrer;
    if (referrer && referrer.length <= 1000 && isCleanUrl(referrer) && new URL(referrer).origin !== location.origin && !sessionStorage.getItem(REFERER_KEY)) {
      sessionStorage.setItem(REFERER_KEY, referrer);
    }
  } catch (error) {
    console.error("visit: session storage unavailable", error);
  }
}

/**
 * A page of the mirror for Russian hosting (decision 042) has no server to hand out the visit's
 * cookies with it: it asks the Worker for them, with its address (the UTM and affiliate
 * parameters). A page without JavaScript loads the same address as an image (scripts/mirror.ts).
 */
export function askForVisitCookies(): void {
  // the Worker's own pages need none of it: the typed client loads only on the mirror's
  if (!document.documentElement.dataset.apiOrigin) return;
  void import("./api")
    .then(({ visitClient }) => visitClient.visit.$get({ query: { page: `${location.pathname}${location.search}` } }))
    .catch((error: unknown) => console.error("visit: the Worker did not answer", error));
}

export function visitContext(): { utms?: Record<string, string>; referer?: string } {
  try {
    const utms = sessionStorage.getItem(UTMS_KEY);
    const referer = sessionStorage.getItem(REFERER_KEY);
    return { ...(utms ? { utms: JSON.parse(utms) as Record<string, string> } : {}), ...(referer ? { referer } : {}) };
  } catch (error) {
    console.error("visit: cannot read the stored UTM and referrer", error);
    return {};
  }
}

export function forgetVisit(): void {
  try {
    sessionStorage.removeItem(UTMS_KEY);
    sessionStorage.removeItem(REFERER_KEY);
  } catch (error) {
    console.error("visit: cannot clear the stored UTM and referrer", error);
  }
}

/** Spec 4: 300 ms after mount, the source in the UTM cookie is compared with 'edpartners'. */
const PARTNER_CHECK_DELAY_MS = 300;

/**
 * On a match the page is marked as arriving through the partner (for the tag manager and the
 * partner's own scripts); what the partner's pixel does then is the partner's business.
 */
export function checkPartner(): void {
  setTimeout(() => {
    const source = parseUtmCookie(readCookie(cookies.utm), (error) => console.error("partner check: cannot read the UTM cookie", error)).utm_source;
    if (source?.toLowerCase() !== "edpartners") return;
    document.documentElement.dataset.partner = "edpartners";
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event: "partner_edpartners" });
  }, PARTNER_CHECK_DELAY_MS);
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Reads one cookie the browser may see. */
export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split("; ")) {
    if (!part.startsWith(prefix)) continue;
    try {
      return decodeURIComponent(part.slice(prefix.length));
    } catch (error) {
      console.error(`cookie ${name}: not readable`, error);
      return undefined;
    }
  }
  return undefined;
}

/** The visitor's campaign: from the URL, or from the UTM cookie the server kept (a promo is looked up by it, spec 4). */
export function visitCampaign(): string | undefined {
  const fromUrl = new URLSearchParams(location.search).get("utm_campaign");
  if (fromUrl) return fromUrl;
  return parseUtmCookie(readCookie(cookies.utm), (error) => console.error("promo: cannot read the UTM cookie", error)).utm_campaign;
}

/** Fires a conversion goal (spec 2.6): Yandex Metrika when it is on the page, and the tag manager's layer. */
export function reachGoal(target: string): void {
  const w = window as Window & { ym?: (id: number, action: string, target: string) => void; __YM_ID__?: number };
  if (typeof w.ym === "function" && w.__YM_ID__) w.ym(w.__YM_ID__, "reachGoal", target);
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ event: target });
}

export function newLeadId(): string {
  return crypto.randomUUID().replace(/-/g, "");
}
