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

/**
 * A visitor cookie: the whole site, SameSite=Lax, Secure on https. `domain` is the domain the
 * mirror and the API share, for a visit of the mirror (decision 042); host-only otherwise.
 */
const cookieOptions = (c: Context<AppEnv>, maxAge: number, domain?: string) => ({
  path: "/",
  maxAge,
  sameSite: "Lax" as const,
  secure: new URL(c.env.SITE_URL).protocol === "https:",
  ...(domain ? { domain } : {}),
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

/** Whether this page must hand out the evidence of a visit: when the visitor has none (or a forged one); not when it could not be checked. */
const needsVisitEvidence = (c: Context<AppEnv>): boolean => c.get("visit").kind === "none";

/**
 * The cookies a visit gets from its page's address (spec 3, 4, 7, 9): UTM, the A/B variant, the
 * affiliate's ids; on `domain` when the page is the mirror's.
 */
async function pageCookies(c: Context<AppEnv>, url: URL, domain?: string): Promise<void> {
  const utm = utmFromUrl(url);
  if (Object.keys(utm).length > 0) setCookie(c, cookies.utm, JSON.stringify(utm), cookieOptions(c, utmMaxAge(utm), domain));

  if (!getCookie(c, cookies.abVariant)) {
    const variant = assignVariant(Math.random());
    setCookie(c, cookies.abVariant, variant, cookieOptions(c, AB_MAX_AGE_S, domain));
    setCookie(c, cookies.abSubmit, "1", cookieOptions(c, AB_MAX_AGE_S, domain));
  }

  const admitadUid = url.searchParams.get("admitad_uid");
  if (admitadUid && /^[\w-]{1,128}$/.test(admitadUid)) setCookie(c, cookies.admitadUid, admitadUid, { ...cookieOptions(c, CLICK_MAX_AGE_S, domain), httpOnly: true });

  const endpoint = config(c.env).AFFILIATE_CLICK_URL;
  if (url.searchParams.has("a") && endpoint) {
    const clickId = await affiliateClick(endpoint, url);
    if (clickId) {
      // read by the server alone (the lead record), so no script needs them: HttpOnly
      setCookie(c, cookies.clickId, clickId, { ...cookieOptions(c, CLICK_MAX_AGE_S, domain), httpOnly: true });
      const source = utm.utm_source ?? parseUtmCookie(getCookie(c, cookies.utm)).utm_source;
      if (source) setCookie(c, cookies.clickSource, source, { ...cookieOptions(c, CLICK_MAX_AGE_S, domain), httpOnly: true });
    }
  }
}

/** The evidence of the visit, signed with the visit key (none when a deployment has no signing secret). */
async function handOutEvidence(c: Context<AppEnv>, evidence: Promise<Uint8Array<ArrayBuffer> | null>, domain?: string): Promise<void> {
  try {
    const secret = await evidence;
    // a deployment without a signing secret hands out none (config() has said so)
    if (!secret) return;
    await setSignedCookie(c, VISIT_COOKIE, visitValue(Date.now(), newVisitId()), secret, { ...cookieOptions(c, VISIT_MAX_AGE_S, domain), httpOnly: true });
  } catch (error) {
    // the page is more important than the evidence: the next page hands it out
    log.warn("visit.evidence", { requestId: c.get("requestId"), error: String(error) });
  }
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
  await pageCookies(c, url);
  await next();
  // signed when the page leaves: the fill time counts from when the visitor could see it
  if (key) await handOutEvidence(c, key);
});

/**
 * The same for a page of the mirror, which has no server of its own to set them (`GET /api/visit`,
 * decision 042): the cookies its address calls for and the evidence of the visit, on the domain
 * the mirror and the API share (none: the API's host alone).
 */
export async function trackMirrorPage(c: Context<AppEnv>, page: URL, domain: string | undefined): Promise<void> {
  const key = needsVisitEvidence(c) ? signingKeyBytes(c.env, "visit") : null;
  await pageCookies(c, page, domain);
  if (key) await handOutEvidence(c, key, domain);
}
