import type { ReactNode } from "react";

/** One key fact of a detail page's hero: «Старт — 9 декабря 2026 г.». */
export interface HeroFact {
  label: string;
  value: ReactNode;
  /** a long value (an address) takes the whole row */
  wide?: boolean;
}

/**
 * A detail page's first screen: the tag, the title, the key facts (the ones a visitor decides by
 * first: a program's price and start, a seminar's date and price), the main call to action, and
 * only then the lead and the picture, so a phone at 390×844 shows the title, the facts and the
 * action before anything decorative (issue 26, decision 055).
 */
export function DetailHero({
  tag,
  title,
  facts,
  actions,
  note,
  lead,
  picture,
}: {
  tag: ReactNode;
  title: string;
  facts: HeroFact[];
  actions: ReactNode;
  /** a line beside the actions (the tickets left) */
  note?: ReactNode;
  lead: string;
  picture?: ReactNode;
}) {
  return (
    <header className="detail-hero">
      <div className={picture ? "container detail-hero__inner" : "container"}>
        <div className="detail-hero__text">
          {tag}
          <h1 className="detail-hero__title">{title}</h1>
          <dl className="facts">
            {facts.map((fact) => (
              <div key={fact.label} className={fact.wide ? "facts__wide" : undefined}>
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
          <div className="detail-hero__actions">
            {actions}
            {note}
          </div>
          <p className="detail-hero__lead">{lead}</p>
        </div>
        {picture}
      </div>
    </header>
  );
}
