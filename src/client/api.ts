/**
 * The site's JSON API as the islands call it: Hono's typed client, built from the routes' own
 * types (src/routes/api), so a route whose input or answer changes breaks the build here, not a
 * visitor's form at run time. A type-only import: no server code reaches the browser.
 */
import { hc } from "hono/client";
import type { CaptchaApi } from "../routes/api/captcha";
import type { LeadsApi } from "../routes/api/leads";
import type { PromoApi } from "../routes/api/promo";
import type { SearchApi } from "../routes/api/search";
import type { TicketsApi } from "../routes/api/tickets";
import type { VisitApi } from "../routes/api/visit";
import type { WheelApi } from "../routes/api/wheel";

/**
 * The Worker's origin when the page is a page of the mirror for Russian hosting (decision 042):
 * `data-api-origin` on <html>, written by scripts/mirror.ts. None on the Worker's own pages (and on
 * the server, which renders the islands).
 */
const apiOrigin: string | undefined = (typeof document === "undefined" ? undefined : document.documentElement.dataset.apiOrigin) || undefined;

/** Same origin: the paths are the routes' own. */
const here = "/";
/** What the server decides (a lead, an order, the seats left, a promo, a spin, a search): the Worker, with the visit's cookies from a mirror. */
const worker = apiOrigin ? `${apiOrigin}/` : here;
const withCookies = apiOrigin ? { init: { credentials: "include" as const } } : undefined;

export const leadsClient = hc<LeadsApi>(worker, withCookies).api;
export const ticketsClient = hc<TicketsApi>(worker, withCookies).api;
export const promoClient = hc<PromoApi>(worker, withCookies).api;
export const wheelClient = hc<WheelApi>(worker, withCookies).api;
export const searchClient = hc<SearchApi>(worker, withCookies).api;
export const visitClient = hc<VisitApi>(worker, withCookies).api;
export const captchaClient = hc<CaptchaApi>(worker, withCookies).api;
/** The browser's search index, a file of a content version: the mirror has its own copy beside its pages. */
export const searchIndexClient = hc<SearchApi>(here).api;

/** An answer's JSON, or null when there is none to read (a proxy's error page, a cut connection). */
export async function answerOf<R extends { json(): Promise<unknown> }>(response: R): Promise<Awaited<ReturnType<R["json"]>> | null> {
  try {
    return (await response.json()) as Awaited<ReturnType<R["json"]>>;
  } catch {
    return null;
  }
}
