import { describe, expect, it } from "vitest";
import { hasPhoneCharactersOnly, isCleanText, isCode, isPersonName, isPlainText } from "./clean-text";

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
