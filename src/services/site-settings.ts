import { type CaptchaProvider, captchaProviders } from "./leads/captcha";
import { DEFAULT_TICKETS_PER_ORDER } from "./ticket-limits";

export type { CaptchaProvider } from "./leads/captcha";

/** The deployment's settings a page may know (src/server/config.server.ts lists them): nothing secret. */
export interface SiteSettings {
  /** spec 4: forms skip sending and open the thank-you at once */
  leadsDryRun?: boolean;
  /** tickets one order may hold (TICKETS_PER_ORDER): the counter stops there and says so */
  ticketsPerOrder?: number;
  /** the lead forms show this provider's captcha widget with `captchaSiteKey` (decisions 010 and 045); ALTCHA, the site's own, has no key (decision 092) */
  captcha?: CaptchaProvider;
  captchaSiteKey?: string;
  /** analytics asks for consent, then loads this Yandex Metrika counter */
  ymCounterId?: string;
}

/** How the settings ride on <html>: the same for every visitor, so cached pages carry them too. */
export function settingsAttributes(settings: SiteSettings): Record<string, string> {
  return {
    ...(settings.leadsDryRun ? { "data-leads-dry-run": "1" } : {}),
    // the default rides on no page: a deployment that keeps it changes no byte of its pages
    ...(settings.ticketsPerOrder && settings.ticketsPerOrder !== DEFAULT_TICKETS_PER_ORDER ? { "data-tickets-per-order": String(settings.ticketsPerOrder) } : {}),
    ...(settings.captcha === "altcha" ? { "data-captcha": "altcha" } : {}),
    ...(settings.captcha && settings.captcha !== "altcha" && settings.captchaSiteKey ? { "data-captcha": settings.captcha, "data-captcha-site-key": settings.captchaSiteKey } : {}),
    ...(settings.ymCounterId ? { "data-ym-counter": settings.ymCounterId } : {}),
  };
}

/** The settings as the browser reads them back from <html>. */
export function settingsFromPage(): SiteSettings {
  if (typeof document === "undefined") return {};
  const data = document.documentElement.dataset;
  return {
    leadsDryRun: data.leadsDryRun === "1",
    ticketsPerOrder: Number(data.ticketsPerOrder) || DEFAULT_TICKETS_PER_ORDER,
    captcha: (captchaProviders as readonly string[]).includes(data.captcha ?? "") ? (data.captcha as CaptchaProvider) : undefined,
    captchaSiteKey: data.captchaSiteKey || undefined,
    ymCounterId: data.ymCounter || undefined,
  };
}
