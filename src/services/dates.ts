const moscowDate = new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", timeZone: "Europe/Moscow" });
const moscowTime = new Intl.DateTimeFormat("ru-RU", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Moscow" });

/** "15 января" in Moscow time. */
export const formatDayMonth = (iso: string) => moscowDate.format(new Date(iso));
/** "19:00" in Moscow time. */
export const formatMoscowTime = (iso: string) => moscowTime.format(new Date(iso));
