import { type CountryCode, getCountries, getCountryCallingCode } from "libphonenumber-js/min";
import { describe, expect, it } from "vitest";
import { countries } from "./countries.data";

describe("countries", () => {
  it("starts with Russia, Kazakhstan and Uzbekistan", () => {
    expect(countries.slice(0, 3)).toEqual([
      { code: "ru", name: "Россия", dial: "7" },
      { code: "kz", name: "Казахстан", dial: "7" },
      { code: "uz", name: "Узбекистан", dial: "998" },
    ]);
  });

  it("sorts every other country by its Russian name", () => {
    const names = countries.slice(3).map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "ru")));
    expect(countries.slice(3).map((country) => country.code)).not.toContain("ru");
  });

  it("has every region libphonenumber-js knows, about 245", () => {
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(countries.length).toBeLessThanOrEqual(250);
  });

  it("matches the installed libphonenumber-js (else re-run scripts/countries.ts)", () => {
    expect(countries.map((country) => country.code).sort()).toEqual(getCountries().map((code) => code.toLowerCase()).sort());
    for (const { code, dial } of countries) {
      expect(dial, code).toBe(getCountryCallingCode(code.toUpperCase() as CountryCode));
    }
  });

  it("has unique lowercase two-letter codes and digit-only calling codes", () => {
    const codes = countries.map((country) => country.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const { code, dial } of countries) {
      expect(code).toMatch(/^[a-z]{2}$/);
      expect(dial).toMatch(/^[1-9]\d{0,2}$/);
    }
  });

  it("names both Virgin Islands alike", () => {
    const name = (code: string) => countries.find((country) => country.code === code)?.name;
    expect(name("vg")).toBe("Виргинские острова");
    expect(name("vi")).toBe("Виргинские острова");
  });

  it("has a Russian name for every country, without Intl's abbreviations", () => {
    for (const { code, name } of countries) {
      expect(name.trim(), code).not.toBe("");
      expect(name.toLowerCase(), code).not.toBe(code);
      expect(name, code).toMatch(/[А-ЯЁа-яё]/);
      expect(name, code).not.toMatch(/о-в|Св\.|САР|\s-\s/);
    }
  });
});
