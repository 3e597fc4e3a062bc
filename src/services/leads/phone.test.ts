import { describe, expect, it } from "vitest";
import {
  PHONE_MIN_DIGITS,
  RU_MAX_DIGITS,
  countryByCode,
  digitsOf,
  formatPhoneFallback,
  formatRuPhone,
  isValidPhoneDigits,
  loadPhoneFormatter,
} from "./phone";

describe("digitsOf", () => {
  it("keeps the digits only", () => {
    expect(digitsOf("+7 (912) 345-67-89")).toBe("79123456789");
    expect(digitsOf("тел.: нет")).toBe("");
  });
});

describe("countryByCode", () => {
  it("finds a country by its code in any case", () => {
    expect(countryByCode("kz")).toEqual({ code: "kz", name: "Казахстан", dial: "7" });
    expect(countryByCode("UZ")?.dial).toBe("998");
    expect(countryByCode("zz")).toBeUndefined();
  });
});

describe("formatRuPhone", () => {
  it.each([
    ["", ""],
    ["9", "+7 (9"],
    ["91", "+7 (91"],
    ["912", "+7 (912"],
    ["9123", "+7 (912) 3"],
    ["91234", "+7 (912) 34"],
    ["912345", "+7 (912) 345"],
    ["9123456", "+7 (912) 345-6"],
    ["91234567", "+7 (912) 345-67"],
    ["912345678", "+7 (912) 345-67-8"],
    ["9123456789", "+7 (912) 345-67-89"],
  ])("formats %j as %j while typing", (input, output) => {
    expect(formatRuPhone(input)).toBe(output);
  });

  it.each([
    ["7", "+7"],
    ["8", "+7"],
    ["+7", "+7"],
    ["89", "+7 (9"],
    ["79", "+7 (9"],
    ["+7 9", "+7 (9"],
    ["8912", "+7 (912"],
    ["89123", "+7 (912) 3"],
  ])("reads a leading 8 or 7 as the country code: %j -> %j", (input, output) => {
    expect(formatRuPhone(input)).toBe(output);
  });

  it.each(["89123456789", "79123456789", "+7 912 345-67-89", "+7 (912) 345-67-89", "9123456789", "8 (912) 345 67 89"])(
    "formats the whole number %j",
    (input) => {
      expect(formatRuPhone(input)).toBe("+7 (912) 345-67-89");
    },
  );

  it("prefixes 7 to any other first digit", () => {
    expect(formatRuPhone("4951234567")).toBe("+7 (495) 123-45-67");
    expect(formatRuPhone("0")).toBe("+7 (0");
  });

  it(`keeps at most ${RU_MAX_DIGITS} digits`, () => {
    expect(formatRuPhone("891234567890")).toBe("+7 (912) 345-67-89");
    expect(formatRuPhone("+7 (912) 345-67-890")).toBe("+7 (912) 345-67-89");
    expect(formatRuPhone("91234567890123")).toBe("+7 (912) 345-67-89");
    expect(digitsOf(formatRuPhone("9".repeat(30)))).toHaveLength(RU_MAX_DIGITS);
  });

  it("is stable when its own output is typed into again", () => {
    for (const input of ["9", "9123", "912345678", "89123456789"]) {
      const once = formatRuPhone(input);
      expect(formatRuPhone(once)).toBe(once);
    }
  });

  it("never ends with a separator, so that backspace removes a digit", () => {
    expect(formatRuPhone("+7 (912) ")).toBe("+7 (912");
    expect(formatRuPhone("+7 (912) 345-")).toBe("+7 (912) 345");
    expect(formatRuPhone("+7 (")).toBe("+7");
  });

  it("keeps a lone +, and drops anything without digits", () => {
    expect(formatRuPhone("+")).toBe("+");
    expect(formatRuPhone("abc")).toBe("");
    expect(formatRuPhone("  ")).toBe("");
  });
});

describe("formatPhoneFallback", () => {
  it("uses the Russian mask for Russia", () => {
    expect(formatPhoneFallback("ru", "89123456789")).toBe("+7 (912) 345-67-89");
  });

  it.each([
    ["kz", "+77015556231", "+7 7015556231"],
    ["kz", "77015556231", "+7 7015556231"],
    ["uz", "901234567", "+998 901234567"],
    ["uz", "+998 90 123 45 67", "+998 901234567"],
    ["uz", "998901234567", "+998 901234567"],
    ["de", "30123456", "+49 30123456"],
    ["us", "+1", "+1"],
    ["US", "2125551234", "+1 2125551234"],
    ["by", "", ""],
    ["by", "+", "+"],
    ["uz", "+9", "+9"],
  ])("%s: %j -> %j", (country, input, output) => {
    expect(formatPhoneFallback(country, input)).toBe(output);
  });

  it("drops the trunk prefix 8 of Kazakhstan as the Russian mask does, also when typed one key at a time", () => {
    expect(formatPhoneFallback("kz", "8")).toBe("+7");
    expect(formatPhoneFallback("kz", "87015556231")).toBe("+7 7015556231");
    let field = "";
    for (const char of "87015556231") field = formatPhoneFallback("kz", field + char);
    expect(field).toBe("+7 7015556231");
  });

  it("keeps a number typed with another calling code", () => {
    expect(formatPhoneFallback("de", "+7 912 345 67 89")).toBe("+79123456789");
  });

  it("keeps at most 15 digits", () => {
    expect(formatPhoneFallback("uz", "+998 1234567890123456")).toBe("+998 123456789012");
  });

  it("falls back to + and the digits for an unknown country", () => {
    expect(formatPhoneFallback("zz", "123")).toBe("+123");
  });
});

describe("loadPhoneFormatter", () => {
  it("loads once", async () => {
    expect(await loadPhoneFormatter()).toBe(await loadPhoneFormatter());
  });

  it.each([
    ["ru", "89123456789", "+7 (912) 345-67-89"],
    ["ru", "912", "+7 (912"],
    ["kz", "+77015556231", "+7 701 555 6231"],
    ["kz", "77015556231", "+7 701 555 6231"],
    ["kz", "87015556231", "+7 701 555 6231"],
    ["uz", "+998901234567", "+998 90 123 45 67"],
    ["uz", "998901234567", "+998 90 123 45 67"],
    ["uz", "901234567", "+998 90 123 45 67"],
    ["by", "+375291234567", "+375 29 123 45 67"],
    ["by", "80291234567", "+375 29 123 45 67"],
    ["by", "291234567", "+375 29 123 45 67"],
    ["de", "+4930123456", "+49 30 123456"],
    ["de", "030123456", "+49 30 123456"],
    ["de", "+491701234567", "+49 170 1234567"],
    ["us", "+12125551234", "+1 212 555 1234"],
    ["us", "2125551234", "+1 212 555 1234"],
    ["us", "12125551234", "+1 212 555 1234"],
    ["US", "(212) 555-1234", "+1 212 555 1234"],
  ])("%s: %j -> %j", async (country, input, output) => {
    const format = await loadPhoneFormatter();
    expect(format(country, input)).toBe(output);
  });

  it("formats progressively and is stable on its own output", async () => {
    const format = await loadPhoneFormatter();
    for (const [country, number] of [
      ["kz", "+77015556231"],
      ["uz", "+998901234567"],
      ["by", "+375291234567"],
      ["de", "+4930123456"],
      ["us", "+12125551234"],
    ] as const) {
      let field = "";
      for (const char of number) {
        field = format(country, field + char);
        expect(format(country, field), field).toBe(field);
      }
      expect(field).toBe(format(country, number));
    }
  });

  it("lets the visitor type the calling code after a +", async () => {
    const format = await loadPhoneFormatter();
    expect(format("uz", "+")).toBe("+");
    expect(format("uz", "+9")).toBe("+9");
    expect(format("uz", "+99")).toBe("+99");
    expect(format("uz", "+998")).toBe("+998");
    expect(format("uz", "+9989")).toBe("+998 9");
  });

  it("drops a national prefix typed alone and adds the calling code", async () => {
    const format = await loadPhoneFormatter();
    expect(format("kz", "8")).toBe("+7");
    expect(format("de", "0")).toBe("+49");
    expect(format("by", "")).toBe("");
  });

  it("formats a number with another calling code as that country's", async () => {
    const format = await loadPhoneFormatter();
    expect(format("de", "+375291234567")).toBe("+375 29 123 45 67");
  });

  it("keeps at most 15 digits", async () => {
    const format = await loadPhoneFormatter();
    expect(digitsOf(format("de", "+49 30 1234567890123456789"))).toHaveLength(15);
    expect(digitsOf(format("de", "030 1234567890123456789"))).toHaveLength(15);
  });

  it("falls back to + and the digits for an unknown country", async () => {
    const format = await loadPhoneFormatter();
    expect(format("zz", "+375291234567")).toBe("+375 29 123 45 67");
  });
});

describe("isValidPhoneDigits", () => {
  it(`needs ${PHONE_MIN_DIGITS} to 15 digits`, () => {
    expect(isValidPhoneDigits("1234567")).toBe(false);
    expect(isValidPhoneDigits("12345678")).toBe(true);
    expect(isValidPhoneDigits("+7 (912) 345-67-89")).toBe(true);
    expect(isValidPhoneDigits("1".repeat(15))).toBe(true);
    expect(isValidPhoneDigits("1".repeat(16))).toBe(false);
    expect(isValidPhoneDigits("+7 (912) 34")).toBe(false);
    expect(isValidPhoneDigits("")).toBe(false);
  });
});
