import type { Program } from "../../services/catalogue/build";
import { programHref } from "../../services/catalogue/links";
import { typeTag } from "../../services/catalogue/tags";
import { discountedPrice } from "../../services/pricing";
import { formatPrice } from "../../services/text";
import { Picture } from "../ui/Picture";

/** A program in a list: cover, type tag, title, length and the price with the sitewide discount. */
export function ProgramCard({ program, discount }: { program: Program; discount: string }) {
  return (
    <article className="program-card">
      <Picture kind="program" slug={program.id} alt="" sizes="(max-width: 768px) 100vw, (max-width: 1024px) 50vw, 400px" className="program-card__cover" />
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
      <p className="program-card__price">
        <span className="price-old">{formatPrice(program.price)}</span> {formatPrice(discountedPrice(program.price, discount))}
      </p>
    </article>
  );
}
