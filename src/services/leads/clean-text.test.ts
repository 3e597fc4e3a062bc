import { describe, expect, it } from "vitest";
import { formulaSafe, hasPhoneCharactersOnly, hasTwoLetters, isCleanText, isCode, isHtmlEmail, isPersonName, isPlainText, withoutIgnorables } from "./clean-text";

describe("a person's text", () => {
  it.each(["Анна", "Анна-Мария", "О'Нил", "Жанна д’Арк", "Айгерим", "Oʻgʻiloy", "Jean Paul", "J. R. R."])("takes the name %s", (name) => {
    expect(isPersonName(name)).toBe(true);
  });

  it.each(["<script>", "Анна<b>", "Анна2", "Анна\u202eанА", "Анна\u0000", "-Анна", "Анна  Мария", "Анна\nМария", " Анна", "🙂", "Анна;"])(
    "refuses the name %j",
    (name) => {
      expect(isPersonName(name)).toBe(false);
    },
  );

  it("refuses control, direction and invisible characters, and lone surrogates, in any text", () => {
    for (const bad of ["a\u0000b", "a\u0007b", "a\u202eb", "a\u2066b", "a\u200bb", "a\ufeffb", "a\ud800b", "a\u0085b"]) expect(isPlainText(bad, true)).toBe(false);
    expect(isPlainText("Вопрос про\nрассрочку\tи сроки", true)).toBe(true);
    expect(isPlainText("одна\nстрока")).toBe(false);
    expect(isPlainText("emoji 🙂 are text")).toBe(true);
  });

  it("refuses markup characters in clean text", () => {
    expect(isCleanText("<script>alert(1)</script>")).toBe(false);
    expect(isCleanText("a > b")).toBe(false);
    expect(isCleanText("Сколько стоит курс? 10% скидка & рассрочка")).toBe(true);
  });

  it("knows what people type in a phone field", () => {
    for (const ok of ["+7 (912) 345-67-89", "8 916 123.45.67", "+998901234567", ""]) expect(hasPhoneCharactersOnly(ok)).toBe(true);
    for (const bad of ["call me at 79161234567 pls", "<script>alert(1)</script>79161234567", "79161234567+", "7916\u00001234567", "+7 912 ext 5"]) {
      expect(hasPhoneCharactersOnly(bad)).toBe(false);
    }
  });

  it("takes codes of letters, digits, - _ .", () => {
    expect(isCode("promo3")).toBe(true);
    expect(isCode("ЛЕТО-2026")).toBe(true);
    expect(isCode("promo 3")).toBe(false);
    expect(isCode("<b>")).toBe(false);
  });
});

describe("what shows nothing, removed before anything is checked (decision 053)", () => {
  it.each([
    ["Default_Ignorable_Code_Point", "\u00ad\u034f\u115f\u1160\u17b4\u180b\u180e\u200b\u200c\u200d\u2060\u2064\u3164\ufe0f\ufeff\uffa0"],
    ["bidi controls", "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"],
    ["tag characters", "\u{E0001}\u{E0020}\u{E0041}\u{E007F}"],
    ["the blank Braille cell", "\u2800"],
  ])("removes %s", (_, marks) => {
    expect(withoutIgnorables(`Ан${marks}на`)).toBe("Анна");
  });

  it("keeps every character a person types, line breaks, emoji and other scripts included", () => {
    const text = "Вопрос: Oʻgʻiloy, Жанна д’Арк — 10% & «кавычки»\nвторая строка 🙂 中文 ąę";
    expect(withoutIgnorables(text)).toBe(text);
  });

  it("needs two letters in a name: marks alone or one letter with marks are no name", () => {
    expect(hasTwoLetters("Ян")).toBe(true);
    expect(hasTwoLetters("Oʻgʻiloy")).toBe(true);
    for (const bad of ["\u0301\u0302\u0303", "А\u0301\u0301", withoutIgnorables("\u3164\u3164\u3164"), "..", "'-"]) expect(hasTwoLetters(bad), JSON.stringify(bad)).toBe(false);
  });
});

describe("an e-mail as the browser's e-mail field takes it (decision 053)", () => {
  it.each(["anna@example.ru", "a@b", "anna.o'neil+kursy@example.ru", "x=y@example.ru", "ANNA@EXAMPLE.RU", "anna@почта.рф", "anna@sub-domain.example.co"])("takes %s", (email) => {
    expect(isHtmlEmail(email)).toBe(true);
  });

  it.each([
    "anna",
    "anna@",
    "@example.ru",
    '"anna"@example.ru',
    "<anna>@example.ru",
    "anna@example.ru>",
    "anna@@example.ru",
    "anna @example.ru",
    "анна@example.ru",
    "anna@exa_mple.ru",
    "anna@-example.ru",
    "anna@example-.ru",
    "anna@example..ru",
    `anna@${"a".repeat(64)}.ru`,
    "anna@почта.рф/x",
    "anna@example.ru,bob@example.ru",
  ])("refuses %s", (email) => {
    expect(isHtmlEmail(email)).toBe(false);
  });
});

describe("a value a spreadsheet would run (OWASP's CSV injection rule, decision 053)", () => {
  it.each(["=HYPERLINK(\"https://evil.example\")", "+7", "-2+3", "@SUM(A1)", "\tx", "\rx"])("gets an apostrophe before %j", (value) => {
    expect(formulaSafe(value)).toBe(`'${value}`);
  });

  it("leaves any other value as it is, and does not add a second apostrophe", () => {
    for (const value of ["Анна", "a=b", "'=x", "", " =x"]) expect(formulaSafe(value)).toBe(value);
    expect(formulaSafe(formulaSafe("=x"))).toBe("'=x");
  });
});
