import type { ReactNode } from "react";
import CarouselArrows from "./CarouselArrows.island";

/** A horizontal list that snaps item by item; usable without JavaScript (spec: scroll-snap). */
export function Carousel({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="carousel">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <ul className="carousel__track" id={id} aria-label={label} tabIndex={0}>
        {children}
      </ul>
      <CarouselArrows track={id} />
    </div>
  );
}
