import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { isCleanUrl, isTrackingId } from "../services/leads/clean-text";
import type { Visitor } from "../services/leads/record";
import { log } from "../services/log";
import { cookies, parseUtmCookie, parseVariant } from "../services/tracking";
import { looksLikeVisit, VISIT_COOKIE, visitIssuedAt } from "../services/visit-evidence";
import { areaOfCountry, COUNTRY_HEADER, type VisitorArea, visitorCountry } from "../services/visitor-area";
import { config } from "./config.server";
import type { AppEnv } from "./env";
import { siteKey } from "./site-keys.server";

/** What the request says of the visitor: its cookies (set by the tracking middleware) and where the edge saw it. */

/**
 * The visitor's area: Russia, Kazakhstan, Uzbekistan or "other", by the country Cloudflare gives
 * the request (services/visitor-area.ts: which source is believed where). Never the raw value:
 * only one of four names leaves this function.
 */
export function visitorArea(c: Context<AppEnv>): VisitorArea {
  const cf = (c.req.raw as { cf?: { country?: unknown } }).cf;
  const local = config(c.env).ENVIRONMENT === "local";
  return areaOfCountry(visitorCountry({ cfCountry: cf?.country, header: c.req.header(COUNTRY_HEADER), local }));
}

/**
 * When the visitor first opened the site, by the server's own signed evidence; null when the
 * request carries none (a script that never opened a page) or a forged one.
 */
export async function firstVisitAt(c: Context<AppEnv>): Promise<number | null> {
  const value = getCookie(c, VISIT_COOKIE);
  if (!looksLikeVisit(value)) return null;
  return visitIssuedAt(await siteKey(c.env, "visit"), value);
}

/**
 * What the request's cookies and the edge say about the visitor, for the lead record (record.ts:
 * visitorShape). Nobody typed these values, so one that does not fit its pattern is dropped, never
 * forwarded: ids of trackers are letters, digits and `- _ .`; AdvCake's URL is a clean http(s) URL.
 */
export function visitorOf(c: Context<AppEnv>): Visitor {
  const id = (name: string) => {
    const value = getCookie(c, name);
    return value !== undefined && isTrackingId(value) ? value : undefined;
  };
  const trackUrl = getCookie(c, cookies.advcakeTrackUrl);
  return {
    area: visitorArea(c),
    utm: parseUtmCookie(getCookie(c, cookies.utm), (error) => log.warn("tracking.cookie", { error: String(error) })),
    roistatAB: parseVariant(getCookie(c, cookies.abVariant)),
    roistat_visit: id(cookies.roistatVisit),
    ymUid: id(cookies.ymUid),
    advcake_track_id: id(cookies.advcakeTrackId),
    advcake_track_url: trackUrl !== undefined && trackUrl.length <= 1000 && isCleanUrl(trackUrl) ? trackUrl : undefined,
    admitad_uid: id(cookies.admitadUid),
    click_id: id(cookies.clickId),
  };
}

/** The Referer header when it is a clean http(s) URL the sinks may have; otherwise nothing. */
export function refererOf(c: Context<AppEnv>, max: number): string | undefined {
  const value = c.req.header("Referer");
  return value !== undefined && value.length <= max && isCleanUrl(value) ? value : undefined;
}
