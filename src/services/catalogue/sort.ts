import type { Program } from "./build";

export type SortField = "default" | "price" | "idx";
export type SortDirection = "asc" | "desc";

type Sortable = Pick<Program, "index_number"> & { isPopular?: boolean; price?: unknown };

const idxOf = (item: Sortable) => item.index_number?.idx;
const numeric = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** Missing values sort last whatever the direction. */
function compareMaybe(a: number | undefined, b: number | undefined, direction: SortDirection): number {
  const aOk = numeric(a);
  const bOk = numeric(b);
  if (!aOk || !bOk) return aOk === bOk ? 0 : aOk ? -1 : 1;
  return direction === "asc" ? a - b : b - a;
}

/**
 * Section 5 sorts: default puts popular first, then index_number.idx ascending, missing last;
 * price ascending or descending, non-numeric last; idx ascending. Stable; returns a new array.
 */
export function sortPrograms<T extends Sortable>(items: readonly T[], field: SortField = "default", direction: SortDirection = "asc"): T[] {
  const compare = (a: T, b: T): number => {
    switch (field) {
      case "price":
        return compareMaybe(a.price as number | undefined, b.price as number | undefined, direction);
      case "idx":
        return compareMaybe(idxOf(a), idxOf(b), "asc");
      default:
        if (Boolean(a.isPopular) !== Boolean(b.isPopular)) return a.isPopular ? -1 : 1;
        return compareMaybe(idxOf(a), idxOf(b), "asc");
    }
  };
  return [...items].sort(compare);
}
