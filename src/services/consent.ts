/**
 * The visitor's answer to the analytics question (152-FZ: analytics needs its own consent):
 * kept in a first-party cookie for a year, read in the browser before any analytics loads.
 */
export const CONSENT_COOKIE = "analytics_consent";
const CONSENT_MAX_AGE_S = 365 * 24 * 3600;

export type AnalyticsConsent = "granted" | "denied";

export function parseConsent(value: string | undefined): AnalyticsConsent | null {
  return value === "granted" || value === "denied" ? value : null;
}

/** The cookie line: Lax, a year, and Secure wherever the page itself is (https). */
export function consentCookie(consent: AnalyticsConsent, secure: boolean): string {
  return `${CONSENT_COOKIE}=${consent}; path=/; max-age=${CONSENT_MAX_AGE_S}; samesite=lax${secure ? "; secure" : ""}`;
}

/** The document the banner links: the consent to analytics processing (spec 2.1's analytics policy). */
/** Buttons anywhere on the page (the footer's) that reopen the consent banner to change the answer. */
export const CONSENT_SETTINGS_SELECTOR = "[data-cookie-settings]";

export const ANALYTICS_POLICY_HREF = "/docs/pdf/analytics-policy.pdf";
