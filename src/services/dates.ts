/**
 * Dates and times as the site shows them: Moscow time first (the institute's), by the time zone
 * data of Intl, never a fixed offset. Formatters are made on first use: building one costs
 * milliseconds, and a fresh isolate should spend them only on the pages that show a date.
 */
import { lazy } from "./lazy";

const MOSCOW = "Europe/Moscow";


const moscowDate = lazy(() => new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", timeZone: MOSCOW }));
const moscowDateYear = lazy(() => new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", year: "numeric", timeZone: MOSCOW }));
const moscowWeekday = lazy(() => new Intl.DateTimeFormat("ru-RU", { weekday: "long", timeZone: MOSCOW }));
const timeIn = (timeZone: string) => lazy(() => new Intl.DateTimeFormat("ru-RU", { hour: "2-digit", minute: "2-digit", timeZone }));
const moscowTime = timeIn(MOSCOW);
const almatyTime = timeIn("Asia/Almaty");
const tashkentTime = timeIn("Asia/Tashkent");
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
/** "четверг" in Moscow time. */
export const formatWeekday = (iso: string) => moscowWeekday().format(new Date(iso));
/** "19:00" in Moscow time. */
export const formatMoscowTime = (iso: string) => moscowTime().format(new Date(iso));
/** "24 ноября" for a calendar date (midnight UTC of that day). */
export const formatCalendarDayMonth = (date: Date) => calendarDayMonth().format(date);

/** The start of an event in Moscow time and in the other two countries' capitals. */
export function eventTimes(iso: string): { moscow: string; almaty: string; tashkent: string } {
  const date = new Date(iso);
  return { moscow: moscowTime().format(date), almaty: almatyTime().format(date), tashkent: tashkentTime().format(date) };
}

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
