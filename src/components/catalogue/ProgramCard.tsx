import type { Program } from "../../services/catalogue/build";
import { programHref } from "../../services/catalogue/links";
import { typeTag } from "../../services/catalogue/tags";
import { discountedPrice, type InstalmentTerms, instalmentOf } from "../../services/pricing";
import { formatDayMonth } from "../../services/dates";
import type { LocalRate } from "../../services/exchange-rates";
import { PriceWithMonthly } from "./Price";
import { coverAlt, Picture } from "../ui/Picture";

/**
 * How a card sits on its page: its title is an h2 where the list is the page's own content (under
 * the h1), an h3 inside a titled section; the first card of a list page has the largest image in
 * view on a phone, so it is fetched at once rather than lazily.
 */
export interface CardPlacement {
  heading?: "h2" | "h3";
  priority?: boolean;
}

/** A program in a list: cover, type tag, title, its next start, length and the price with the sitewide discount. */
export function ProgramCard({
  program,
  discount,
  instalment: terms,
  heading: Heading = "h3",
  priority = false,
  local,
}: { program: Program; discount: string; instalment?: InstalmentTerms; local?: LocalRate } & CardPlacement) {
  const price = discountedPrice(program.price, discount);
  return (
    <article className="program-card">
      <Picture
        kind="program"
        slug={program.id}
        alt={coverAlt(program)}
        sizes="(max-width: 768px) 100vw, (max-width: 1024px) 50vw, 400px"
        className="program-card__cover"
        priority={priority}
      />
      <div className="program-card__top">
        <span className={`tag tag--${program.type.toLowerCase()}`}>{typeTag(program.type)}</span>
        <span className="discount-badge" data-fact="discount">
          {discount}
        </span>
      </div>
      <Heading className="program-card__title">
        <a href={programHref(program)}>{program.title}</a>
      </Heading>
      <p className="program-card__meta">
        <span className="program-card__start" data-fact="start">
          Старт <time dateTime={program.startDate}>{formatDayMonth(`${program.startDate}T12:00:00Z`)}</time>
        </span>{" "}
        · {program.duration} · {program.hours} ч.
      </p>
      <p className="program-card__price">
        <PriceWithMonthly full={program.price} price={price} instalment={instalmentOf(price, program.instalmentMonths, terms)} local={local} />
      </p>
    </article>
  );
}
