/** Promos of spec 3 and 4: the data, the local copy, and which redirect addresses are safe. */
import { formatCalendarDayMonth, moscowClock, moscowInstant } from "./dates";

export type { PromoData } from "./promo-schema";



/** Spec 3: the local copy under the key promoData holds name, promo_code and redirect_url. */
export const PROMO_STORAGE_KEY = "promoData";

/** Hosts a promo may send a visitor to (the gift mini-course lives on the institute's own sites). */
const DEFAULT_REDIRECT_HOSTS = ["mip.institute", "gift.mip.institute", "lms.mip.institute"];

/**
 * A redirect is safe only as written `https://` on one of the allowed hosts exactly (no other
 * subdomain) and the default port, without credentials, without white space or control characters
 * anywhere: `javascript:`, `data:`, `JaVaScRiPt:`, " https://…", `https://user@host`,
 * `https://evil.mip.institute` and `https://mip.institute:8443` are all refused. Checked when ops
 * set it and again before rendering.
 */
export function safeRedirect(raw: unknown, hosts: readonly string[] = DEFAULT_REDIRECT_HOSTS): string | null {
  if (typeof raw !== "string" || raw.length > 2000) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(raw) || !raw.startsWith("https://")) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port !== "") return null;
  if (!hosts.includes(url.hostname.toLowerCase())) return null;
  return url.href;
}

/** The extra discount the promo banner announces (spec 9). */
export const BANNER_EXTRA_DISCOUNT = "10%";

/** Spec 2.6 and 9: before 1 June 2025 (Moscow) the snippet says 'until 31 May'. */
const deadlineCutoff = (): Date => moscowInstant(2025, 6, 1, 0, 0);

/**
 * The next-date rule of spec 4, in Moscow time: Sunday to Tuesday gives Tuesday, Wednesday to
 * Friday gives Friday, Saturday gives Tuesday. The result is that calendar date (midnight UTC).
 */
export function nextTuesdayOrFriday(now: Date): Date {
  const { year, month, day, weekday } = moscowClock(now);
  const add = weekday <= 2 ? 2 - weekday : weekday <= 5 ? 5 - weekday : 3;
  return new Date(Date.UTC(year, month - 1, day + add));
}

/** "до 31 мая" before the cut-off, then "до 24 ноября" by the next-date rule. */
export function discountDeadline(now: Date): string {
  if (now.getTime() < deadlineCutoff().getTime()) return "до 31 мая";
  return `до ${formatCalendarDayMonth(nextTuesdayOrFriday(now))}`;
}
