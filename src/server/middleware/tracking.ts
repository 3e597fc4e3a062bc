import type { Context } from "hono";
import { getCookie, setCookie, setSignedCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { log } from "../../services/log";
import {
  AB_MAX_AGE_S, assignVariant, CLICK_MAX_AGE_S, cookies, parseUtmCookie, utmFromUrl, utmMaxAge,
} from "../../services/tracking";
import { newVisitId, VISIT_COOKIE, VISIT_MAX_AGE_S, visitValue } from "../../services/visit-evidence";
import { config } from "../config.server";
import type { AppEnv } from "../env";
import { signingKeyBytes } from "../keys.server";

/** How long a page waits for the affiliate network's click id before it renders without one. */
const CLICK_TIMEOUT_MS = 1_500;

const cookieOptions = (c: Context<AppEnv>, maxAge: number) => ({
  path: "/",
  maxAge,
  sameSite: "Lax" as const,
  secure: new URL(c.env.SITE_URL).protocol === "https:",
});

/** The affiliate click of spec 7: sends a, o, return=click_id and the sub-parameters; answers the click id. */
async function affiliateClick(endpoint: string, url: URL): Promise<string | undefined> {
  const request = new URL(endpoint);
  for (const [key, value] of url.searchParams) {
    if (key === "a" || key === "o" || /^sub\d*$/.test(key) || key.startsWith("aff_sub")) request.searchParams.set(key, value.slice(0, 200));
  }
  request.searchParams.set("return", "click_id");
  try {
    const response = await fetch(request.href, { signal: AbortSignal.timeout(CLICK_TIMEOUT_MS) });
    if (!response.ok) return undefined;
    const text = (await response.text()).trim();
    const id = text.startsWith("{") ? (JSON.parse(text) as { click_id?: unknown }).click_id : text;
    return typeof id === "string" && /^[\w-]{1,128}$/.test(id) ? id : undefined;
  } catch (error) {
    log.warn("tracking.click", { error: String(error) });
    return undefined;
  }
}

/** Machine answers (APIs, feeds) carry no visitor cookies: they may be cached for everyone. */
const untracked = /^\/(api|ops|graphql)(\/|$)|^\/(sitemap\.xml|robots\.txt)$/;

/**
 * Whether this page must hand out the evidence of a visit: when the visitor has none (or a forged
 * one), and when theirs has the form before decision 054 (given again in the new form, with its
 * time and id, so the old key is needed no longer). Not when it could not be checked.
 */
function needsVisitEvidence(c: Context<AppEnv>): boolean {
  const visit = c.get("visit");
  return visit.kind === "none" || (visit.kind === "visit" && visit.legacy === true);
}

/**
 * Sets the visitor's tracking cookies from the first page request (spec 3, 4, 7, 9), so no script
 * is needed and nothing flickers: UTM, the A/B variant, the affiliate click id, and the evidence
 * of the first visit that the forms' minimum fill time is measured from.
 */
export const tracking = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  if (c.req.method !== "GET" || untracked.test(url.pathname)) return next();
  const key = needsVisitEvidence(c) ? signingKeyBytes(c.env, "visit") : null;
  const utm = utmFromUrl(url);
  if (Object.keys(utm).length > 0) setCookie(c, cookies.utm, JSON.stringify(utm), cookieOptions(c, utmMaxAge(utm)));

  if (!getCookie(c, cookies.abVariant)) {
    const variant = assignVariant(Math.random());
    setCookie(c, cookies.abVariant, variant, cookieOptions(c, AB_MAX_AGE_S));
    setCookie(c, cookies.abSubmit, "1", cookieOptions(c, AB_MAX_AGE_S));
  }

  const admitadUid = url.searchParams.get("admitad_uid");
  if (admitadUid && /^[\w-]{1,128}$/.test(admitadUid)) setCookie(c, cookies.admitadUid, admitadUid, { ...cookieOptions(c, CLICK_MAX_AGE_S), httpOnly: true });

  const endpoint = config(c.env).AFFILIATE_CLICK_URL;
  if (url.searchParams.has("a") && endpoint) {
    const clickId = await affiliateClick(endpoint, url);
    if (clickId) {
      // read by the server alone (the lead record), so no script needs them: HttpOnly
      setCookie(c, cookies.clickId, clickId, { ...cookieOptions(c, CLICK_MAX_AGE_S), httpOnly: true });
      const source = utm.utm_source ?? parseUtmCookie(getCookie(c, cookies.utm)).utm_source;
      if (source) setCookie(c, cookies.clickSource, source, { ...cookieOptions(c, CLICK_MAX_AGE_S), httpOnly: true });
    }
  }
  const handOut = async (evidence: Promise<Uint8Array<ArrayBuffer> | null>) => {
    try {
      const secret = await evidence;
      // a deployment without a signing secret hands out none (config() has said so)
      if (!secret) return;
      const visit = c.get("visit");
      // an old cookie given again keeps its time, its id and its end
      const [at, id] = visit.kind === "visit" ? [visit.at, visit.id] : [Date.now(), newVisitId()];
      const maxAge = Math.max(1, VISIT_MAX_AGE_S - Math.floor((Date.now() - at) / 1000));
      await setSignedCookie(c, VISIT_COOKIE, visitValue(at, id), secret, { ...cookieOptions(c, maxAge), httpOnly: true });
    } catch (error) {
      // the page is more important than the evidence: the next page hands it out
      log.warn("visit.evidence", { requestId: c.get("requestId"), error: String(error) });
    }
  };
  await next();
  // signed when the page leaves: the fill time counts from when the visitor could see it
  if (key) await handOut(key);
});
