import { useEffect, useState } from "react";
import { defineIsland } from "../island";
import { ArrowRightIcon } from "./icons";

/** The label of the next arrow (spec 9). */
const NEXT_LABEL = "Стрелка вправо";
const PREVIOUS_LABEL = "Стрелка влево";

/**
 * Arrows for a scroll-snap carousel: the track scrolls by touch, wheel and keyboard without
 * JavaScript; the arrows add a page-wise step and show where the ends are.
 */
function CarouselArrows({ track }: { track: string }) {
  const [edges, setEdges] = useState({ start: true, end: false });
  useEffect(() => {
    const element = document.getElementById(track);
    if (!element) return;
    const update = () =>
      setEdges({ start: element.scrollLeft <= 1, end: element.scrollLeft + element.clientWidth >= element.scrollWidth - 1 });
    update();
    element.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      element.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [track]);
  const step = (direction: 1 | -1) => {
    const element = document.getElementById(track);
    element?.scrollBy({ left: direction * element.clientWidth * 0.9, behavior: "smooth" });
  };
  return (
    <div className="carousel__arrows">
      <button type="button" className="carousel__arrow carousel__arrow--prev" aria-label={PREVIOUS_LABEL} aria-controls={track} disabled={edges.start} onClick={() => step(-1)}>
        <ArrowRightIcon />
      </button>
      <button type="button" className="carousel__arrow" aria-label={NEXT_LABEL} aria-controls={track} disabled={edges.end} onClick={() => step(1)}>
        <ArrowRightIcon />
      </button>
    </div>
  );
}

export default defineIsland("ui/CarouselArrows", CarouselArrows, "visible");
