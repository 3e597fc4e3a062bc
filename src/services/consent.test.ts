import { describe, expect, it } from "vitest";
import { consentCookie, parseConsent } from "./consent";

describe("the analytics consent cookie", () => {
  it("lasts a year, is Lax, and is Secure on an https page", () => {
    expect(consentCookie("granted", true)).toBe("analytics_consent=granted; path=/; max-age=31536000; samesite=lax; secure");
    expect(consentCookie("denied", false)).toBe("analytics_consent=denied; path=/; max-age=31536000; samesite=lax");
  });

  it("reads only the two answers; anything else means 'not asked yet'", () => {
    expect(parseConsent("granted")).toBe("granted");
    expect(parseConsent("denied")).toBe("denied");
    for (const value of [undefined, "", "yes", "GRANTED", "granted; x"]) expect(parseConsent(value)).toBeNull();
  });
});
