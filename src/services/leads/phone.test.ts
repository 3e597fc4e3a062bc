import { describe, expect, it } from "vitest";
import {
  PHONE_MIN_DIGITS,
  RU_MAX_DIGITS,
  countryByCode,
  digitsOf,
  formatPhone,
  formatPhoneFallback,
  formatRuPhone,
  isValidPhoneDigits,
  loadPhoneFormatter,
  loadPhoneLibrary,
  phoneE164,
  phoneMask,
  readPhone,
} from "./phone";
import type { CountryCode } from "libphonenumber-js/min";
import { countries } from "./countries.data";
import { phoneTable as table } from "../../../tests/support/phone-numbers";

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


/** What a field shows after the visitor typed `input` one key at a time, each key formatted as it came. */
const typeKeys = (format: (country: string, input: string) => string, country: string, input: string) => {
  let field = "";
  for (const key of input) field = format(country, field + key);
  return field;
};

describe("the phone field reads numbers as people type them (issue 42)", () => {
  it.each(table)("%s: pasted %j shows %j", async (country, typed, shown) => {
    const format = await loadPhoneFormatter();
    expect(format(country, typed)).toBe(shown);
  });

  it.each(table)("%s: %j typed key by key shows %j", async (country, typed, shown) => {
    expect(typeKeys(await loadPhoneFormatter(), country, typed)).toBe(shown);
  });

  it.each(table)("%s: %j typed before the library arrives shows %j once it has, and ends as %s at the CRM", async (country, typed, shown, e164) => {
    const library = await loadPhoneLibrary();
    const before = typeKeys(formatPhoneFallback, country, typed);
    expect(phoneE164(country, before, library)).toBe(e164);
    expect(formatPhone(country, before, library)).toBe(shown);
  });

  it.each(table)("%s: %j as the server reads it (shown %j) is %s", async (country, typed, _shown, e164) => {
    expect(phoneE164(country, typed, await loadPhoneLibrary())).toBe(e164);
  });

  it("is stable on its own output, before and after the library", async () => {
    const format = await loadPhoneFormatter();
    for (const [country, typed] of table) {
      for (const f of [format, formatPhoneFallback]) {
        let field = "";
        for (const key of typed) {
          field = f(country, field + key);
          expect(f(country, field), `${country} ${field}`).toBe(field);
        }
      }
    }
  });

  it("takes digits that start with the calling code for the code only when the rest is a number there", async () => {
    const library = await loadPhoneLibrary();
    // every Kazakh number starts with 7: the first 7 is the number's, not the code's
    expect(readPhone("kz", "7012345678", library)).toEqual({ kind: "national", dial: "7", national: "7012345678", complete: true });
    expect(readPhone("kz", "77012345678", library)).toEqual({ kind: "national", dial: "7", national: "7012345678", complete: true });
    expect(readPhone("uz", "998901234567", library)).toEqual({ kind: "national", dial: "998", national: "901234567", complete: true });
    // still typing: the digits are the national number
    expect(formatPhone("kz", "7", library)).toBe("+7 7");
    expect(formatPhone("kz", "70", library)).toBe("+7 70");
    expect(formatPhone("uz", "99", library)).toBe("+998 99");
    expect(formatPhoneFallback("kz", "7")).toBe("+7 7");
  });

  it("drops a trunk prefix typed first and shows the calling code", async () => {
    const format = await loadPhoneFormatter();
    for (const f of [format, formatPhoneFallback]) {
      expect(f("kz", "8")).toBe("+7");
      expect(f("de", "0")).toBe("+49");
      expect(f("kz", "87")).toBe("+7 7");
      expect(f("by", "")).toBe("");
    }
  });

  it("lets the visitor type a calling code after a +", async () => {
    const format = await loadPhoneFormatter();
    for (const f of [format, formatPhoneFallback]) {
      expect(f("uz", "+")).toBe("+");
      expect(f("uz", "+9")).toBe("+9");
      expect(f("uz", "+99")).toBe("+99");
      expect(f("uz", "+998")).toBe("+998");
      expect(f("uz", "+9989")).toBe("+998 9");
    }
  });

  it("keeps at most 15 digits", async () => {
    const format = await loadPhoneFormatter();
    expect(digitsOf(format("de", "+49 30 1234567890123456789"))).toHaveLength(15);
    expect(digitsOf(formatPhoneFallback("uz", "+998 1234567890123456"))).toHaveLength(15);
  });

  it("reads a country it does not list as + and the digits", async () => {
    const format = await loadPhoneFormatter();
    expect(format("zz", "+375291234567")).toBe("+375 29 123 45 67");
    expect(formatPhoneFallback("zz", "123")).toBe("+123");
  });

  it("refuses what no country has", async () => {
    const library = await loadPhoneLibrary();
    for (const [country, typed] of [
      ["ru", "+7 (123) 456-78-90"],
      ["ru", "+7 (912) 345-67"],
      ["uz", "12345678"],
      ["kz", "+7 012345678"],
    ] as const) {
      expect(phoneE164(country, typed, library), typed).toBeUndefined();
    }
  });
});

describe("phoneMask: the placeholder of the chosen country", () => {
  it.each([
    ["ru", "+7 (XXX) XXX-XX-XX"],
    ["kz", "+7 XXX XXX XX XX"],
    ["uz", "+998 XX XXX XX XX"],
    ["by", "+375 XX XXX XX XX"],
    ["de", "+49 XXXX XXXXXXX"],
    ["zz", "+"],
  ])("%s: %s", (country, mask) => {
    expect(phoneMask(country)).toBe(mask);
  });

  it("has a mask of a whole number for every country of the picker, as the library writes its example", async () => {
    const { getExampleNumber } = await import("libphonenumber-js/min");
    const examples = (await import("libphonenumber-js/examples.mobile.json")).default;
    for (const { code, dial } of countries) {
      const mask = phoneMask(code);
      expect(mask.startsWith(`+${dial} `), code).toBe(true);
      const example = getExampleNumber(code.toUpperCase() as CountryCode, examples);
      expect(digitsOf(mask.replace(/X/g, "0")).length, code).toBe(example?.number.length ? example.number.length - 1 : 0);
    }
  });
});

describe("loadPhoneFormatter", () => {
  it("loads once", async () => {
    expect(await loadPhoneFormatter()).toBe(await loadPhoneFormatter());
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
