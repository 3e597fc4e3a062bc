const moscowDate = new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", timeZone: "Europe/Moscow" });
const moscowDateYear = new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Moscow" });
const moscowWeekday = new Intl.DateTimeFormat("ru-RU", { weekday: "long", timeZone: "Europe/Moscow" });
const timeIn = (timeZone: string) => new Intl.DateTimeFormat("ru-RU", { hour: "2-digit", minute: "2-digit", timeZone });
const moscowTime = timeIn("Europe/Moscow");
const almatyTime = timeIn("Asia/Almaty");
const tashkentTime = timeIn("Asia/Tashkent");

/** "15 января" in Moscow time. */
export const formatDayMonth = (iso: string) => moscowDate.format(new Date(iso));
/** "15 января 2026 г." for a date or an instant, in Moscow time. */
export const formatDayMonthYear = (iso: string) => moscowDateYear.format(new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso));
/** "четверг" in Moscow time. */
export const formatWeekday = (iso: string) => moscowWeekday.format(new Date(iso));
/** "19:00" in Moscow time. */
export const formatMoscowTime = (iso: string) => moscowTime.format(new Date(iso));

/** The start of an event in Moscow time and in the other two countries' capitals. */
export function eventTimes(iso: string): { moscow: string; almaty: string; tashkent: string } {
  const date = new Date(iso);
  return { moscow: moscowTime.format(date), almaty: almatyTime.format(date), tashkent: tashkentTime.format(date) };
}
