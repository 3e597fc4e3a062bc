import { describe, expect, it } from "vitest";
import { defaultCatalogue } from "../../../tests/support/content";
import { searchDocuments } from "./documents";
import { buildSearchIndex, fromLatinLayout, loadSearchIndex, normalizeTerm, searchIndex } from "./engine";

const catalogue = defaultCatalogue();
const index = buildSearchIndex(searchDocuments(catalogue));
const titles = (query: string) => searchIndex(index, query).map((r) => r.title);

describe("the keyboard layout converter", () => {
  it("reads a query typed in the Latin layout as Russian", () => {
    expect(fromLatinLayout("ghjatccbz")).toBe("профессия");
    expect(fromLatinLayout("gcb[jkju")).toBe("психолог");
    expect(fromLatinLayout("кириллица")).toBeNull();
    expect(fromLatinLayout("123")).toBeNull();
  });
});

describe("stemming", () => {
  it("brings Russian word forms to one stem", () => {
    expect(normalizeTerm("психологии")).toBe(normalizeTerm("психология"));
    expect(normalizeTerm("Семинары")).toBe(normalizeTerm("семинар"));
    expect(normalizeTerm("Ёлка")).toBe(normalizeTerm("елка"));
  });
});

describe("search", () => {
  it("gives nothing for an empty query", () => {
    expect(searchIndex(index, "")).toEqual([]);
    expect(searchIndex(index, "   ")).toEqual([]);
  });

  it("finds word forms: 'психологии' finds programs titled with 'психология'", () => {
    const found = titles("психологии");
    expect(found.some((t) => /психолог/i.test(t))).toBe(true);
  });

  it("understands the Latin layout: 'rjycekmnfyn' is 'консультант'", () => {
    expect(titles("rjycekmnfyn")).toContain("Психолог-консультант");
  });

  it("forgives a typo or two", () => {
    expect(titles("психолог-консултант")).toContain("Психолог-консультант");
    expect(titles("медиатр")).toContain("Медиатор");
    expect(titles("кансультант")).toContain("Психолог-консультант");
  });

  it("matches prefixes as the visitor types", () => {
    expect(titles("медиа")).toContain("Медиатор");
  });

  it("ranks a title above a description, and an exact word above a fuzzy one", () => {
    const [first] = searchIndex(index, "медиатор");
    expect(first?.title).toBe("Медиатор");
  });

  it("answers with the tags of spec 3 and links to live pages", () => {
    const results = searchIndex(index, "супервизия", 20);
    const supervision = results.find((r) => r.href === "/practical-training/supervision");
    expect(supervision).toMatchObject({ typeLabel: "Практика", slug: "supervision" });
    for (const result of searchIndex(index, "психолог", 20)) expect(result.href).toMatch(/^\/[a-zA-Z-]+\//);
    const seminar = searchIndex(index, catalogue.seminars[0]!.subtitle)[0];
    expect(seminar?.typeLabel).toBe("Семинары");
  });

  it("always has the two fixed practical trainings", () => {
    expect(titles("Личный бренд")).toContain("Личный бренд психолога");
    expect(titles("Групповая супервизия")).toContain("Групповая супервизия");
  });

  it("survives a round trip through JSON, as the browser's compact index does", () => {
    const copy = loadSearchIndex(JSON.stringify(index));
    expect(searchIndex(copy, "медиатор")).toEqual(searchIndex(index, "медиатор"));
  });
});
