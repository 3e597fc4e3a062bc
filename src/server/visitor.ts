import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { isCleanUrl, isTrackingId, withoutIgnorables } from "../services/leads/clean-text";
import type { Visitor } from "../services/leads/record";
import { log } from "../services/log";
import { cookies, parseUtmCookie, parseVariant } from "../services/tracking";
import { areaOfCountry, COUNTRY_HEADER, type VisitorArea, visitorCountry } from "../services/visitor-area";
import { config } from "./config.server";
import type { AppEnv } from "./env";

/** What the request says of the visitor: its cookies (set by the tracking middleware) and where the edge saw it. */

/**
 * The visitor's area: Russia, Kazakhstan, Uzbekistan or "other", by the country Cloudflare gives
 * the request (services/visitor-area.ts: which source is believed where). Never the raw value:
 * only one of four names leaves this function. Read once per request, by middleware/request-context.ts;
 * everything else reads `c.var.area`.
 */
export function visitorArea(c: Context<AppEnv>): VisitorArea {
  const cf = (c.req.raw as { cf?: { country?: unknown } }).cf;
  const local = config(c.env).ENVIRONMENT === "local";
  return areaOfCountry(visitorCountry({ cfCountry: cf?.country, header: c.req.header(COUNTRY_HEADER), local }));
}

/**
 * What the request's cookies and the edge say about the visitor, for the lead record (record.ts:
 * visitorShape). Nobody typed these values, so one that does not fit its pattern once what shows
 * nothing is removed is dropped, never forwarded: ids of trackers are letters, digits and `- _ .`;
 * AdvCake's URL is a clean http(s) URL.
 */
export function visitorOf(c: Context<AppEnv>): Visitor {
  // what shows nothing is removed first, as from what a person types (decision 053)
  const cookie = (name: string) => {
    const value = getCookie(c, name);
    return value === undefined ? undefined : withoutIgnorables(value);
  };
  const id = (name: string) => {
    const value = cookie(name);
    return value !== undefined && isTrackingId(value) ? value : undefined;
  };
  const trackUrl = cookie(cookies.advcakeTrackUrl);
  return {
    area: c.var.area,
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
