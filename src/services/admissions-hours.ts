import { moscowInstant, wallClock, zoneOfArea } from "./dates";
import type { VisitorArea } from "./visitor-area";

/** The admissions office's hours, on Moscow's clock: the one source of every «Пн–Сб 9:00–19:00» of the site (site.json). */
export interface AdmissionsHours {
  /** «Пн–Сб» */
  days: string;
  /** «09:00» */
  opens: string;
  /** «19:00» */
  closes: string;
}

const inZone = { almaty: "по времени Алматы", tashkent: "по времени Ташкента" } as const;

/** «09:00» → «9:00» on the zone's clock (the offset from Moscow's is the same every day of the year: no zone here changes it). */
function onClock(time: string, zone: "moscow" | "almaty" | "tashkent"): string {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  // any day does: Moscow, Almaty and Tashkent keep no summer time
  return wallClock(moscowInstant(2026, 1, 15, hour, minute).toISOString(), zone).time.replace(/^0/, "");
}

/**
 * The hours as the visitor reads them: Moscow's for Russia and everyone else («Пн–Сб 9:00–19:00 мск»),
 * the visitor's own clock first for Kazakhstan and Uzbekistan, Moscow's beside it
 * («Пн–Сб 11:00–21:00 по времени Алматы (9:00–19:00 мск)»).
 */
export function admissionsHoursText(hours: AdmissionsHours, area: VisitorArea = "RU"): string {
  const moscow = `${onClock(hours.opens, "moscow")}–${onClock(hours.closes, "moscow")}`;
  const zone = zoneOfArea(area);
  if (zone === "moscow") return `${hours.days} ${moscow} мск`;
  return `${hours.days} ${onClock(hours.opens, zone)}–${onClock(hours.closes, zone)} ${inZone[zone]} (${moscow} мск)`;
}
