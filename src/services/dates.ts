/**
 * Dates and times as the site shows them: Moscow time (the institute's), and an event's time in
 * the visitor's zone first (decision 020), by the time zone data of Intl, never a fixed offset.
 * Formatters are made on first use: building one costs milliseconds, and a fresh isolate should
 * spend them only on the pages that show a date.
 */
import { lazy } from "./lazy";
import type { VisitorArea } from "./visitor-area";

const MOSCOW = "Europe/Moscow";

/** The capitals whose clocks an event's time is given in: the institute's, then Almaty and Tashkent. */
const zones = { moscow: MOSCOW, almaty: "Asia/Almaty", tashkent: "Asia/Tashkent" } as const;
export type Zone = keyof typeof zones;

const moscowDate = lazy(() => new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", timeZone: MOSCOW }));
const moscowDateYear = lazy(() => new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", year: "numeric", timeZone: MOSCOW }));
/** The formatters of one zone: date, date with the year, weekday, time, and the calendar day to compare. */
const clockFormats = new Map<Zone, Record<"date" | "dateYear" | "weekday" | "time" | "day", Intl.DateTimeFormat>>();
function formatsOf(zone: Zone) {
  let formats = clockFormats.get(zone);
  if (!formats) {
    const timeZone = zones[zone];
    formats = {
      date: new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", timeZone }),
      dateYear: new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", year: "numeric", timeZone }),
      weekday: new Intl.DateTimeFormat("ru-RU", { weekday: "long", timeZone }),
      time: new Intl.DateTimeFormat("ru-RU", { hour: "2-digit", minute: "2-digit", timeZone }),
      day: new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone }),
    };
    clockFormats.set(zone, formats);
  }
  return formats;
}
/** the parts of a Moscow date and time, as numbers */
const moscowParts = lazy(
  () => new Intl.DateTimeFormat("en-US", { timeZone: MOSCOW, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", weekday: "short", hourCycle: "h23" }),
);
/** a calendar date with no time zone (the result of the rules below), in Russian */
const calendarDayMonth = lazy(() => new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", timeZone: "UTC" }));

/** "15 января" in Moscow time. */
export const formatDayMonth = (iso: string) => moscowDate().format(new Date(iso));
/** "15 января 2026 г." for a date or an instant, in Moscow time. */
export const formatDayMonthYear = (iso: string) => moscowDateYear().format(new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso));
/** "24 ноября" for a calendar date (midnight UTC of that day). */
export const formatCalendarDayMonth = (date: Date) => calendarDayMonth().format(date);

/** An instant on one zone's clock: "15 января", "15 января 2026 г.", "четверг", "19:00", and its calendar day ("2026-01-15"). */
export interface WallClock {
  zone: Zone;
  date: string;
  dateYear: string;
  weekday: string;
  time: string;
  day: string;
}

export function wallClock(iso: string, zone: Zone): WallClock {
  const instant = new Date(iso);
  const formats = formatsOf(zone);
  return {
    zone,
    date: formats.date.format(instant),
    dateYear: formats.dateYear.format(instant),
    weekday: formats.weekday.format(instant),
    time: formats.time.format(instant),
    day: formats.day.format(instant),
  };
}

/** The clock a visitor of the area lives by: Almaty's for Kazakhstan, Tashkent's for Uzbekistan, Moscow's for Russia and everyone else. */
export const zoneOfArea = (area: VisitorArea): Zone => (area === "KZ" ? "almaty" : area === "UZ" ? "tashkent" : "moscow");

/** The zones in the order a visitor of the area reads an event's time: theirs, then the others as always. */
export const zonesFor = (area: VisitorArea): Zone[] => {
  const own = zoneOfArea(area);
  return [own, ...(Object.keys(zones) as Zone[]).filter((zone) => zone !== own)];
};

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The Moscow calendar date and time of an instant; `weekday` 0 is Sunday. */
export function moscowClock(instant: Date): { year: number; month: number; day: number; hour: number; minute: number; weekday: number } {
  const parts = Object.fromEntries(moscowParts().formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ""),
  };
}

/** The instant of a Moscow wall-clock time on a Moscow calendar date (month 1–12; days may run past the month). */
export function moscowInstant(year: number, month: number, day: number, hour: number, minute: number): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Moscow's offset from UTC at that moment, read back from Intl
  const seen = moscowClock(new Date(asUtc));
  const offset = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) - asUtc;
  return new Date(asUtc - offset);
}

const DAY_MS = 86_400_000;
/** A zone's offset from UTC at an instant, ms, read from its clock (the day and the time formatters). */
function offsetMs(zone: Zone, instant: number): number {
  const formats = formatsOf(zone);
  const [year, month, day] = formats.day.format(instant).split("-").map(Number) as [number, number, number];
  const [hour, minute] = formats.time.format(instant).split(":").map(Number) as [number, number];
  return Date.UTC(year, month - 1, day, hour % 24, minute) - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The first midnight after `now` on any clock a page is written by: Moscow's, Almaty's, Tashkent's
 * and UTC's (the footer's year). What a page says of "today" holds until then.
 */
export function nextMidnight(now: number): number {
  let next = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  for (const zone of Object.keys(zones) as Zone[]) {
    const offset = offsetMs(zone, now);
    const local = now + offset;
    next = Math.min(next, Math.floor(local / DAY_MS) * DAY_MS + DAY_MS - offset);
  }
  return next;
}

