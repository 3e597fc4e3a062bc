import { describe, expect, it } from "vitest";
import { isOrigin, parseOrigins, sharedCookieDomain } from "./mirror";

describe("the mirror's origins", () => {
  it("takes origins as a browser sends them, and nothing else", () => {
    expect(isOrigin("https://ru.mip.institute")).toBe(true);
    expect(isOrigin("http://127.0.0.1:8801")).toBe(true);
    for (const bad of ["https://ru.mip.institute/", "https://ru.mip.institute/x", "*", "ru.mip.institute", "ftp://a.b", "https://A.example", "https://a.example:443", ""]) {
      expect(isOrigin(bad), bad).toBe(false);
    }
  });

  it("reads a comma-separated list, or refuses it whole", () => {
    expect(parseOrigins("https://a.example, http://127.0.0.1:8801")).toEqual(["https://a.example", "http://127.0.0.1:8801"]);
    expect(parseOrigins("https://a.example,,https://b.example")).toBeNull();
    expect(parseOrigins("https://a.example, *")).toBeNull();
  });
});

describe("the cookie domain the mirror and the API share", () => {
  it.each([
    ["api.mip.institute", "mip.institute", "mip.institute"],
    ["api.mip.institute", "ru.mip.institute", "mip.institute"],
    ["api.example.co.uk", "ru.example.co.uk", "example.co.uk"],
    ["mip.institute", "mip.institute", undefined],
    ["127.0.0.1", "127.0.0.1", undefined],
    ["127.0.0.1", "localhost", undefined],
    ["api.one.example", "two.example", undefined],
    ["a.ru", "b.ru", undefined],
  ])("%s and %s: %s", (api, mirror, domain) => {
    expect(sharedCookieDomain(api, mirror)).toBe(domain);
  });
});
