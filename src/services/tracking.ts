import { isCleanText, withoutIgnorables } from "./leads/clean-text";

/**
 * Visitor tracking of spec sections 3, 4, 7 and 9, decided on the server from the first request:
 * UTM parameters, the A/B test 'ABforms', the affiliate click and the analytics ids in cookies.
 */
export const utmKeys = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term"] as const;
export type Utm = Partial<Record<(typeof utmKeys)[number], string>>;

export const cookies = {
  utm: "utm",
  abVariant: "roistat_ab",
  abSubmit: "roistat_ab_submit",
  clickId: "click_id",
  clickSource: "click_source",
  admitadUid: "admitad_uid",
  ymUid: "_ym_uid",
  roistatVisit: "roistat_visit",
  advcakeTrackId: "advcake_track_id",
  advcakeTrackUrl: "advcake_track_url",
} as const;

/** Spec 9: the UTM cookie lives 90 days, 120 for the source 'leadmagnet'. */
const UTM_MAX_AGE_S = 7_776_000;
const UTM_MAX_AGE_LEADMAGNET_S = 120 * 24 * 3600;
/** Spec 4 and 9: the A/B cookies live 210 days. */
export const AB_MAX_AGE_S = 18_144_000;
/** Spec 7: the affiliate click id lives 90 days. */
export const CLICK_MAX_AGE_S = 90 * 24 * 3600;

export type AbVariant = "hidden" | "visible";
/** Spec 4: hidden 90%, visible 10%. */
const AB_VISIBLE_SHARE = 0.1;

export function assignVariant(random: number): AbVariant {
  return random < AB_VISIBLE_SHARE ? "visible" : "hidden";
}

export function parseVariant(value: string | undefined): AbVariant {
  return value === "visible" ? "visible" : "hidden";
}

/**
 * A UTM value worth keeping: one line of text, no markup, control, direction or invisible
 * characters, at most 200 long. Nobody types them: a link does, so one that does not fit is
 * dropped, never forwarded to the CRM and never a reason to refuse the visitor's lead.
 */
export const isUtmValue = (value: string) => value.length <= 200 && isCleanText(value);

/** The names of the UTM parameters a form may send (`utms`, spec 3): utm_ and a word. */
export const UTMS_NAME = /^utm_[a-z]{1,12}$/;

/** UTM parameters of a URL, what shows nothing removed and trimmed; junk ones dropped; empty when it has none. */
export function utmFromUrl(url: URL): Utm {
  const utm: Utm = {};
  for (const key of utmKeys) {
    const raw = url.searchParams.get(key);
    const value = raw === null ? undefined : withoutIgnorables(raw).trim();
    if (value && isUtmValue(value)) utm[key] = value;
  }
  return utm;
}

export function utmMaxAge(utm: Utm): number {
  return utm.utm_source?.toLowerCase() === "leadmagnet" ? UTM_MAX_AGE_LEADMAGNET_S : UTM_MAX_AGE_S;
}

/** Reads the UTM cookie, cleaned as the URL's parameters are; a cookie that cannot be parsed counts as none (spec 8: logged). */
export function parseUtmCookie(value: string | undefined, onError: (error: unknown) => void = () => undefined): Utm {
  if (!value) return {};
  try {
    const parsed = JSON.parse(value) as Record<string, unknown>;
    const utm: Utm = {};
    for (const key of utmKeys) {
      const raw = parsed[key];
      const value = typeof raw === "string" ? withoutIgnorables(raw).trim() : undefined;
      if (value && isUtmValue(value)) utm[key] = value;
    }
    return utm;
  } catch (error) {
    onError(error);
    return {};
  }
}
