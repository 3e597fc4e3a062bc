import { wallClock, type Zone, zoneOfArea, zonesFor } from "../../services/dates";
import type { VisitorArea } from "../../services/visitor-area";

/** How each zone's time is named beside it. */
const inZone: Record<Zone, string> = { moscow: "по Москве", almaty: "в Алматы", tashkent: "в Ташкенте" };

/**
 * An event's start on a card: "15 января, 19:00 мск"; a visitor from Kazakhstan or Uzbekistan
 * reads their own clock first with Moscow's beside it: "15 января, 21:00 в Алматы (19:00 мск)".
 */
export function cardTime(iso: string, area: VisitorArea, { year = false } = {}): string {
  const own = wallClock(iso, zoneOfArea(area));
  const date = year ? own.dateYear : own.date;
  if (own.zone === "moscow") return `${date}, ${own.time} мск`;
  const moscow = wallClock(iso, "moscow");
  return `${date}, ${own.time} ${inZone[own.zone]} (${moscow.day === own.day ? "" : `${year ? moscow.dateYear : moscow.date}, `}${moscow.time} мск)`;
}

/** The date of an event on the visitor's clock, without its time (a recording). */
export const cardDate = (iso: string, area: VisitorArea) => wallClock(iso, zoneOfArea(area)).dateYear;

/**
 * An event's «Когда» on its page: the date, the weekday and the time on the visitor's clock first,
 * then the other capitals' times beside it, each with its date when that is another day.
 */
export function EventWhen({ iso, area }: { iso: string; area: VisitorArea }) {
  const [own, ...others] = zonesFor(area).map((zone) => wallClock(iso, zone));
  return (
    <>
      <time dateTime={iso}>
        {own!.dateYear}, {own!.weekday}
      </time>
      <br />
      {own!.time} {inZone[own!.zone]}
      <span className="facts__note">{others.map((other) => `${other.time}${other.day === own!.day ? "" : ` (${other.date})`} ${inZone[other.zone]}`).join(" · ")}</span>
    </>
  );
}
