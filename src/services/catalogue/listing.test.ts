import { describe, expect, it } from "vitest";
import { defaultCatalogue } from "../../../tests/support/content";
import { pageWindow, listingHref } from "../../components/catalogue/ProgramList";
import { ListingError, listPrograms, PAGE_SIZE, parseListing, parseTypeFilter } from "./listing";

describe("the type filter of spec 5", () => {
  it("accepts 'course' and 'profession' compared lowercased", () => {
    expect(parseTypeFilter("course")).toBe("Course");
    expect(parseTypeFilter("Course")).toBe("Course");
    expect(parseTypeFilter("PROFESSION")).toBe("Profession");
  });

  it.each(["shortterm", "", "courses", "bachelor"])("refuses %j with an error", (value) => {
    expect(() => parseTypeFilter(value)).toThrow(ListingError);
  });
});

describe("the type filter of the list pages", () => {
  it("chooses the short courses as well, which /programs lists beside the two types of spec 5", () => {
    expect(parseListing({ type: "shortterm" }).type).toBe("ShortTerm");
    expect(parseListing({ type: "ShortTerm" }).type).toBe("ShortTerm");
    expect(parseListing({ type: "course" }).type).toBe("Course");
  });

  it("refuses anything else, naming what can be chosen", () => {
    expect(() => parseListing({ type: "bachelor" })).toThrow("Неизвестный тип программы «bachelor»: можно выбрать course, profession или shortterm");
  });

  it("keeps the filter in a shareable link", () => {
    const base = { path: "/programs", fieldInPath: true, typeChoosable: true };
    expect(listingHref(base, parseListing({}), { type: "ShortTerm" })).toBe("/programs?type=shortterm");
  });
});

describe("list queries", () => {
  it("defaults to sort 'default', direction 'asc', page 1", () => {
    expect(parseListing({})).toEqual({ type: undefined, field: undefined, sort: "default", dir: "asc", page: 1 });
  });

  it.each([{ sort: "name" }, { dir: "up" }, { page: "0" }, { page: "2.5" }, { page: "два" }, { type: "x" }])("refuses %j", (params) => {
    expect(() => parseListing(params)).toThrow(ListingError);
  });

  it("lets a route fix the type, whatever the query says", () => {
    expect(parseListing({ type: "nonsense" }, { type: "ShortTerm" }).type).toBe("ShortTerm");
  });
});

describe("listPrograms", () => {
  const catalogue = defaultCatalogue();

  it("filters by type and study field and pages the result", () => {
    const courses = listPrograms(catalogue, parseListing({ type: "course" }));
    expect(courses.total).toBe(catalogue.programs.filter((p) => p.type === "Course").length);
    expect(courses.items.every((p) => p.type === "Course")).toBe(true);
    expect(courses.items.length).toBeLessThanOrEqual(PAGE_SIZE);
    const field = listPrograms(catalogue, parseListing({}, { field: "psihoterapiya" }));
    expect(field.items.every((p) => p.studyFieldSlug === "psihoterapiya")).toBe(true);
  });

  it("walks every program once across the pages", () => {
    const first = listPrograms(catalogue, parseListing({}));
    const seen = Array.from({ length: first.pages }, (_, i) => listPrograms(catalogue, parseListing({ page: String(i + 1) })).items).flat();
    expect(seen.map((p) => p.id).sort()).toEqual(catalogue.programs.map((p) => p.id).sort());
  });

  it("shows the last page for a page past the end", () => {
    const listing = listPrograms(catalogue, parseListing({ page: "999" }));
    expect(listing.page).toBe(listing.pages);
    expect(listing.items.length).toBeGreaterThan(0);
  });

  it("pages a catalogue of 10,000 programs in a blink", () => {
    const big = { ...catalogue, programs: Array.from({ length: 10_000 }, (_, i) => ({ ...catalogue.programs[i % catalogue.programs.length]!, id: `p${i}`, price: (i * 7919) % 250_000 })) };
    const started = performance.now();
    listPrograms(big, parseListing({ sort: "price" }));
    const warm = performance.now();
    const page = listPrograms(big, parseListing({ sort: "price", page: "400" }));
    const done = performance.now();
    expect(page.items).toHaveLength(PAGE_SIZE);
    expect(page.pages).toBe(Math.ceil(10_000 / PAGE_SIZE));
    expect(done - warm).toBeLessThan(warm - started + 5);
  });
});

describe("list links", () => {
  const base = { path: "/programs", fieldInPath: true, typeChoosable: true };
  const query = parseListing({});

  it("leave defaults out and carry the other filters", () => {
    expect(listingHref(base, query, {})).toBe("/programs");
    expect(listingHref(base, query, { type: "Course" })).toBe("/programs?type=course");
    expect(listingHref(base, { ...query, type: "Course" }, { field: "psihoterapiya" })).toBe("/programs/psihoterapiya?type=course");
    expect(listingHref(base, query, { sort: "price", dir: "desc" })).toBe("/programs?sort=price&dir=desc");
    expect(listingHref(base, query, { page: 3 })).toBe("/programs?page=3");
  });

  it("start again from page 1 when a filter changes", () => {
    expect(listingHref(base, { ...query, page: 4 }, { sort: "idx" })).toBe("/programs?sort=idx");
  });

  it("show the first, the last and two pages around the current one", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 834)).toEqual([1, null, 3, 4, 5, 6, 7, null, 834]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });
});
