import type { Seminar } from "../../services/catalogue/build";
import { seminarHref } from "../../services/catalogue/links";
import { formatPrice } from "../../services/text";
import type { VisitorArea } from "../../services/visitor-area";
import { Picture } from "../ui/Picture";
import { cardTime } from "./EventTime";
import type { CardPlacement } from "./ProgramCard";

/** A seminar's price as its card and its page show it. */
export const priceText = (price: number) => (price > 0 ? formatPrice(price) : "Бесплатно");

/** A seminar on a card; its time on the visitor's clock first (decision 020). */
export function SeminarCard({ seminar, area, heading: Heading = "h3", priority = false }: { seminar: Seminar; area: VisitorArea } & CardPlacement) {
  return (
    <article className="event-card">
      <Picture kind="seminar" slug={seminar.slug} alt="" sizes="(max-width: 768px) 100vw, 400px" className="program-card__cover" priority={priority} />
      <p className="event-card__date">
        <time dateTime={seminar.targetDate}>{cardTime(seminar.targetDate, area)}</time>
        <span className="event-card__format">{seminar.format === "online" ? "Онлайн" : "Очно, Москва"}</span>
      </p>
      <Heading className="event-card__title">
        <a href={seminarHref(seminar)}>{seminar.title}</a>
      </Heading>
      <p className="event-card__subtitle">{seminar.subtitle}</p>
      <p className="event-card__price">{priceText(seminar.price)}</p>
    </article>
  );
}
