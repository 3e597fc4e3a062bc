/**
 * When a page rendered now stops being true by the clock alone (decision 043): a seminar, webinar
 * or live course it lists starts (and leaves "upcoming"), or the day changes on one of the clocks
 * the site writes dates by. The content version covers every other change.
 */
import { nextMidnight } from "../dates";
import type { Catalogue } from "./build";
import { derived } from "./repository";

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function collect(value: unknown, found: number[]): void {
  if (typeof value === "string") {
    if (!INSTANT.test(value)) return;
    const instant = Date.parse(value);
    if (Number.isFinite(instant)) found.push(instant);
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, found);
  } else if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) collect(item, found);
  }
}

/** Every instant the catalogue names, ascending: whatever a page shows of an event can change at each. */
const instantsOf = derived((catalogue: Catalogue) => {
  const found: number[] = [];
  collect(catalogue, found);
  return Float64Array.from(new Set(found)).sort();
});

/** The first instant after `now` at which a page of this catalogue may read differently; at most a day away. */
export function pageTrueUntil(catalogue: Catalogue, now: number): number {
  const instants = instantsOf(catalogue);
  let low = 0;
  let high = instants.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (instants[middle]! <= now) low = middle + 1;
    else high = middle;
  }
  return Math.min(nextMidnight(now), instants[low] ?? Number.POSITIVE_INFINITY);
}
