import type { ReactNode } from "react";

/** The phone's bar: the price, as the page states it, and the page's main call to action. */
export interface ActionBar {
  /** names the bar for assistive technology: what it offers */
  label: string;
  price: ReactNode;
  action: ReactNode;
}

/**
 * What follows a detail page's hero, with the price and the main call to action at hand on a
 * phone: the bar is the last thing in it and sticks to the bottom of the screen (CSS alone), so it
 * shows once the hero has scrolled up, lies over nothing at the start and rests after the content
 * at the end. Wider screens keep the hero's buttons and the section menu instead (decision 026).
 * Without a bar (a seminar that has passed) it is what follows the hero, nothing more.
 */
export function AfterHero({ bar, children }: { bar?: ActionBar; children: ReactNode }) {
  return (
    <div className="after-hero">
      {children}
      {bar ? (
        <aside className="sticky-actions" aria-label={bar.label}>
          <div className="container sticky-actions__inner">
            <p className="sticky-actions__price">{bar.price}</p>
            <div className="sticky-actions__action">{bar.action}</div>
          </div>
        </aside>
      ) : null}
    </div>
  );
}
