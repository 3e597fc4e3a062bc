import type { Program } from "../../services/catalogue/build";
import { programHref } from "../../services/catalogue/links";
import { typeTag } from "../../services/catalogue/tags";
import { formatPrice } from "../../services/text";

/** A program in a list: its type tag, title, length and price with the sitewide discount. */
export function ProgramCard({ program, discount }: { program: Program; discount: string }) {
  return (
    <article className="program-card">
      <div className="program-card__top">
        <span className={`tag tag--${program.type.toLowerCase()}`}>{typeTag(program.type)}</span>
        <span className="discount-badge">{discount}</span>
      </div>
      <h3 className="program-card__title">
        <a href={programHref(program)}>{program.title}</a>
      </h3>
      <p className="program-card__meta">
        {program.duration} · {program.hours} ч.
      </p>
      <p className="program-card__price">{formatPrice(program.price)}</p>
    </article>
  );
}
