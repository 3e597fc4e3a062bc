import { describe, expect, it } from "vitest";
import { discountDeadline, nextTuesdayOrFriday, safeRedirect } from "./promo";

describe("promo redirect addresses", () => {
  it.each([
    "https://gift.mip.institute/mini-course",
    "https://mip.institute/free-access?from=promo",
    "https://lms.mip.institute/course/1",
  ])("accepts %s", (url) => {
    expect(safeRedirect(url)).toBe(new URL(url).href);
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "http://gift.mip.institute/",
    "HTTPS://gift.mip.institute/",
    " https://gift.mip.institute/",
    "https://gift.mip.institute/ ",
    "https://gift.mip.institute/\n",
    "https://gift.mip.institute/\u0000",
    "java\tscript:alert(1)",
    "https://evil.example/",
    "https://mip.institute.evil.example/",
    "https://evilmip.institute/",
    "https://user:pass@gift.mip.institute/",
    "https://user@gift.mip.institute/",
    "https://evil.mip.institute/",
    "https://a.gift.mip.institute/",
    "https://mip.institute:8443/",
    "https://gift.mip.institute:444/x",
    "//gift.mip.institute/",
    "",
    42,
    null,
  ])("refuses %j", (url) => {
    expect(safeRedirect(url)).toBeNull();
  });
});

describe("the date snippet of spec 2.6", () => {
  it("says 'until 31 May' before 1 June 2025, Moscow time", () => {
    expect(discountDeadline(new Date("2025-05-31T20:59:59Z"))).toBe("до 31 мая");
    expect(discountDeadline(new Date("2025-05-31T21:00:00Z"))).not.toBe("до 31 мая");
  });

  // 2026-11-22 is a Sunday
  it.each([
    ["2026-11-22T09:00:00Z", "Sunday", "2026-11-24"],
    ["2026-11-23T09:00:00Z", "Monday", "2026-11-24"],
    ["2026-11-24T09:00:00Z", "Tuesday", "2026-11-24"],
    ["2026-11-25T09:00:00Z", "Wednesday", "2026-11-27"],
    ["2026-11-26T09:00:00Z", "Thursday", "2026-11-27"],
    ["2026-11-27T09:00:00Z", "Friday", "2026-11-27"],
    ["2026-11-28T09:00:00Z", "Saturday", "2026-12-01"],
  ])("%s (%s) gives %s", (now, _day, expected) => {
    expect(nextTuesdayOrFriday(new Date(now)).toISOString().slice(0, 10)).toBe(expected);
  });

  it("counts the day in Moscow: Saturday 22:00 UTC is already Sunday there", () => {
    expect(nextTuesdayOrFriday(new Date("2026-11-28T22:00:00Z")).toISOString().slice(0, 10)).toBe("2026-12-01");
    expect(nextTuesdayOrFriday(new Date("2026-11-24T21:30:00Z")).toISOString().slice(0, 10)).toBe("2026-11-27");
  });

  it("writes the date in Russian", () => {
    expect(discountDeadline(new Date("2026-11-25T09:00:00Z"))).toBe("до 27 ноября");
  });
});
