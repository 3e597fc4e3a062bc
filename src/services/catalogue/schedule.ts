/**
 * The pace of a course read from its content's words, for structured data (decision 017): the page
 * shows the words, crawlers get the same facts as numbers. Content that cannot be read is refused
 * by the content check (schemas.ts), so every course has a schedule.
 */

const weekdays: Record<string, string> = {
  понедельникам: "Monday",
  вторникам: "Tuesday",
  средам: "Wednesday",
  четвергам: "Thursday",
  пятницам: "Friday",
  субботам: "Saturday",
  воскресеньям: "Sunday",
};

export interface WeeklySchedule {
  /** schema.org DayOfWeek names */
  days: string[];
  start: string;
  end: string;
  minutes: number;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/** "По вторникам и четвергам, 19:00–21:00 мск" → Tuesday and Thursday, 19:00 to 21:00 (120 minutes). */
export function weeklySchedule(text: string): WeeklySchedule | null {
  const match = /^По ([а-яё ,]+), (\d{2}:\d{2})\s*[–-]\s*(\d{2}:\d{2}) мск$/i.exec(text.trim());
  if (!match) return null;
  const words = match[1]!.toLowerCase().split(/,\s*|\s+и\s+/);
  const days = words.map((word) => weekdays[word.trim()]);
  if (days.length === 0 || days.some((day) => day === undefined)) return null;
  const [start, end] = [match[2]!, match[3]!];
  const minutes = minutesOf(end) - minutesOf(start);
  if (minutes <= 0) return null;
  return { days: days as string[], start, end, minutes };
}

/** "4 года" → 4; null when the words are not a number of years. */
export function studyYears(duration: string): number | null {
  const match = /^(\d+)\s+(год|года|лет)$/.exec(duration.trim());
  return match ? Number(match[1]) : null;
}

/** An ISO 8601 duration of minutes: 120 → PT2H, 90 → PT1H30M. */
export function minutesDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours > 0 ? `${hours}H` : ""}${rest > 0 || hours === 0 ? `${rest}M` : ""}`;
}
