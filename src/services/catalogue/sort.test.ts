import { describe, expect, it } from "vitest";
import { sortPrograms } from "./sort";

const p = (id: string, isPopular: boolean, idx?: number, price?: unknown) => ({
  id,
  isPopular,
  price,
  ...(idx === undefined ? {} : { index_number: { idx } }),
});

describe("program sorts of spec section 5", () => {
  const items = [p("a", false, 3, 100), p("b", true, 9, 50), p("c", false, undefined, 10), p("d", true, 1, "по запросу"), p("e", false, 2, 70)];

  it("puts popular programs first by default, then index_number.idx ascending, missing idx last", () => {
    expect(sortPrograms(items).map((x) => x.id)).toEqual(["d", "b", "e", "a", "c"]);
  });

  it("defaults to field 'default' and direction 'asc'", () => {
    expect(sortPrograms(items)).toEqual(sortPrograms(items, "default", "asc"));
  });

  it("sorts by price ascending and descending with non-numeric prices last", () => {
    expect(sortPrograms(items, "price", "asc").map((x) => x.id)).toEqual(["c", "b", "e", "a", "d"]);
    expect(sortPrograms(items, "price", "desc").map((x) => x.id)).toEqual(["a", "e", "b", "c", "d"]);
  });

  it("sorts by idx ascending with missing idx last", () => {
    expect(sortPrograms(items, "idx").map((x) => x.id)).toEqual(["d", "e", "a", "b", "c"]);
  });

  it("does not reorder the input", () => {
    const before = items.map((x) => x.id);
    sortPrograms(items, "price", "desc");
    expect(items.map((x) => x.id)).toEqual(before);
  });
});
