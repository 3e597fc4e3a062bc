import { describe, expect, it } from "vitest";
import { areaOfCountry, contactArea, pickerCountry, servingFirst, visitorCountry } from "./visitor-area";

describe("the area of a country", () => {
  it("is Russia, Kazakhstan or Uzbekistan by their codes, in any case", () => {
    expect(areaOfCountry("RU")).toBe("RU");
    expect(areaOfCountry("kz")).toBe("KZ");
    expect(areaOfCountry(" UZ ")).toBe("UZ");
  });

  it("is 'other' for every other country, an unknown one and anything that is not a code", () => {
    for (const value of ["DE", "US", "XX", "T1", "", "RUS", "R U", "KZ;UZ", "<script>", "ru\u0000", undefined, null, 7]) {
      expect(areaOfCountry(value), JSON.stringify(value)).toBe("other");
    }
  });

  it("is served as Russia when it is 'other', with the picker at Russia (spec 5's default)", () => {
    expect(contactArea("other")).toBe("RU");
    expect(pickerCountry("other")).toBe("ru");
    expect(pickerCountry("KZ")).toBe("kz");
    expect(pickerCountry("UZ")).toBe("uz");
  });
});

describe("where the country is read", () => {
  it("trusts Cloudflare's request.cf.country before the header in a deployed environment", () => {
    expect(visitorCountry({ cfCountry: "UZ", header: "KZ", local: false })).toBe("UZ");
    expect(visitorCountry({ cfCountry: undefined, header: "KZ", local: false })).toBe("KZ");
    expect(visitorCountry({ cfCountry: "", header: "KZ", local: false })).toBe("KZ");
    expect(visitorCountry({ cfCountry: undefined, header: null, local: false })).toBeUndefined();
  });

  it("reads the header first in the local runtime, whose request.cf is a fixed placeholder", () => {
    expect(visitorCountry({ cfCountry: "US", header: "KZ", local: true })).toBe("KZ");
    expect(visitorCountry({ cfCountry: "US", header: null, local: true })).toBe("US");
  });
});

describe("contacts in the order a visitor reads them", () => {
  const phones = [
    { n: 1, areas: ["RU"] },
    { n: 2, areas: ["RU"] },
    { n: 3, areas: ["UZ"] },
    { n: 4, areas: ["KZ", "UZ"] },
  ];

  it("puts what serves the visitor's area first and keeps every other one after it, in the content's order", () => {
    expect(servingFirst(phones, "UZ").map((p) => p.n)).toEqual([3, 4, 1, 2]);
    expect(servingFirst(phones, "KZ").map((p) => p.n)).toEqual([4, 1, 2, 3]);
    expect(servingFirst(phones, "RU").map((p) => p.n)).toEqual([1, 2, 3, 4]);
    expect(servingFirst(phones, "other").map((p) => p.n)).toEqual([1, 2, 3, 4]);
  });
});
