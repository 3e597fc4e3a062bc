/**
 * The site's JSON API as the islands call it: Hono's typed client, built from the routes' own
 * types (src/routes/api), so a route whose input or answer changes breaks the build here, not a
 * visitor's form at run time. A type-only import: no server code reaches the browser.
 */
import { hc } from "hono/client";
import type { LeadsApi } from "../routes/api/leads";
import type { MenuApi } from "../routes/api/menu";
import type { PromoApi } from "../routes/api/promo";
import type { SearchApi } from "../routes/api/search";
import type { TicketsApi } from "../routes/api/tickets";
import type { WheelApi } from "../routes/api/wheel";

/** Same origin: the paths are the routes' own. */
const here = "/";

export const leadsClient = hc<LeadsApi>(here).api;
export const ticketsClient = hc<TicketsApi>(here).api;
export const promoClient = hc<PromoApi>(here).api;
export const wheelClient = hc<WheelApi>(here).api;
export const searchClient = hc<SearchApi>(here).api;
export const menuClient = hc<MenuApi>(here).api;

/** An answer's JSON, or null when there is none to read (a proxy's error page, a cut connection). */
export async function answerOf<R extends { json(): Promise<unknown> }>(response: R): Promise<Awaited<ReturnType<R["json"]>> | null> {
  try {
    return (await response.json()) as Awaited<ReturnType<R["json"]>>;
  } catch {
    return null;
  }
}
