import { describe, expect, it } from "vitest";
import { defaultCatalogue } from "../../../tests/support/content";
import { searchDocuments } from "./documents";
import { BROWSER_INDEX_MAX_DOCUMENTS, buildBrowserIndex, buildSearchIndex, fromLatinLayout, loadSearchIndex, normalizeTerm, search, searchIndex } from "./engine";

const catalogue = defaultCatalogue();
const documents = searchDocuments(catalogue);
const index = loadSearchIndex(buildSearchIndex(documents));
const titles = (query: string) => searchIndex(index, query).map((r) => r.title);

describe("the keyboard layout converter", () => {
  it("reads a query typed in the Latin layout as Russian", () => {
    expect(fromLatinLayout("ghjatccbz")).toBe("профессия");
    expect(fromLatinLayout("gcb[jkju")).toBe("психолог");
    expect(fromLatinLayout("кириллица")).toBeNull();
    expect(fromLatinLayout("123")).toBeNull();
  });

  it("reads on in Russian a query the field turned into Russian while the keyboard stayed Latin", () => {
    expect(fromLatinLayout("пси[jkjubz")).toBe("психология");
    expect(fromLatinLayout("психология rehcs")).toBe("психология курсы");
    expect(fromLatinLayout("психология, курсы")).toBeNull();
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

  it("forgives two neighbouring letters swapped as it forgives one wrong letter", () => {
    const best = (query: string) => titles(query).slice(0, 5);
    expect(best("консультриование")).toHaveLength(5);
    expect(best("консультриование")).toEqual(best("консультирывание"));
    expect(best("консультриование")).toEqual(best("консультирование"));
    expect(titles("медаитор")).toContain("Медиатор");
  });

  it("names the query it searched when the Latin layout was meant, and nothing otherwise", () => {
    const switched = search(index, "ghjatccbz");
    expect(switched.layoutSwitched).toBe("профессия");
    expect(switched.results.length).toBeGreaterThan(0);
    expect(search(index, "медиатор").layoutSwitched).toBeNull();
    // Latin that finds more as itself than as Russian is left alone
    expect(search(index, "ABA").layoutSwitched).toBeNull();
  });

  it("answers each result with its type, length and price as a visitor reads them", () => {
    const [mediator] = searchIndex(index, "медиатор");
    const program = catalogue.programs.find((p) => p.title === "Медиатор")!;
    expect(mediator).toMatchObject({ typeLabel: "Проф. переподготовка", duration: program.duration });
    // the sum, and the monthly payment and its term where the content offers an instalment (issue 28)
    expect(mediator?.price).toMatch(/^\d[\d\u00a0\u202f ]* ₽(, или \d[\d\u00a0\u202f ]* ₽\/мес на \d+ месяц[а-я]*)?$/);
    const bachelor = searchIndex(index, catalogue.bachelors[0]!.title)[0];
    expect(bachelor).toMatchObject({ typeLabel: "Высшее образование", duration: catalogue.bachelors[0]!.duration });
    expect(bachelor?.price).toMatch(/ ₽ в год$/);
    const teacher = searchIndex(index, catalogue.teachers[0]!.name)[0];
    expect(teacher).toMatchObject({ duration: "", price: "" });
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
    const copy = loadSearchIndex(JSON.stringify(buildSearchIndex(documents)));
    expect(searchIndex(copy, "медиатор")).toEqual(searchIndex(index, "медиатор"));
    expect(searchIndex(copy, "медиатор").length).toBeGreaterThan(0);
  });
});

describe("ranking", () => {
  const doc = (id: string, title: string, text = "") => ({
    id, title, type: "Course", typename: "Course", subtitle: "", slug: id, studyFieldSlug: "", typeLabel: "Курсы", href: `/courses/x/${id}`, duration: "", price: "", text,
  });
  const small = loadSearchIndex(
    buildSearchIndex([
      doc("described", "Работа с тревогой", "Курс для будущего гештальт-терапевта"),
      doc("fuzzy", "Гештальд-подход"),
      doc("long", "Гештальт-терапия в работе с парами и семьями"),
      doc("short", "Гештальт-терапия"),
    ]),
  );
  const ids = (query: string) => searchIndex(small, query).map((r) => r.id);

  it("puts an exact word in the title first, the shorter title before the longer, then typos, then descriptions", () => {
    expect(ids("гештальт")).toEqual(["short", "long", "fuzzy", "described"]);
  });

  it("takes a swap of two neighbouring letters for one typo, not two", () => {
    // «гештальт» with «шт» swapped: one typo is all an eight-letter word is forgiven
    expect(ids("гетшальт")).toEqual(["short", "long", "described"]);
  });

  it("completes the word being typed, but not a word followed by a space", () => {
    expect(ids("гешта").slice(0, 3).sort()).toEqual(["fuzzy", "long", "short"]);
    expect(ids("гешта").at(-1)).toBe("described");
    expect(ids("гешта ")).toEqual([]);
  });

  it("needs every word, and falls back to any word when no document has them all", () => {
    expect(ids("гештальт семьями")).toEqual(["long"]);
    expect(ids("гештальт квантовая")[0]).toBe("short");
  });

  it("ignores everything but letters and digits, and answers nothing for punctuation alone", () => {
    expect(ids("«гештальт»!")).toEqual(ids("гештальт"));
    expect(ids("?!.,")).toEqual([]);
  });
});

describe("the browser's copy", () => {
  it("is the whole index for a catalogue of the real size", () => {
    const data = buildBrowserIndex(documents);
    expect(data.complete).toBe(true);
    expect(data.docs).toHaveLength(documents.length);
  });

  it("is a sample of a big catalogue: both programs and the other kinds, marked incomplete", () => {
    const many = Array.from({ length: 4 }, (_, round) => documents.map((d) => ({ ...d, id: `${d.id}-${round}` }))).flat();
    const data = buildBrowserIndex(many);
    expect(data.complete).toBe(false);
    expect(data.docs).toHaveLength(BROWSER_INDEX_MAX_DOCUMENTS);
    const ids = data.docs.map(([id]) => id!);
    expect(ids.some((id) => id.startsWith("program:"))).toBe(true);
    expect(ids.some((id) => id.startsWith("teacher:"))).toBe(true);
    expect(loadSearchIndex(data).complete).toBe(false);
  });
});
