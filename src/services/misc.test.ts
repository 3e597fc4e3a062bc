import { describe, expect, it } from "vitest";
import { wallClock, zonesFor } from "./dates";
import { discountedPrice, monthlyInstalment } from "./pricing";
import { readingMinutes, shareLinks } from "./share";

describe("prices", () => {
  it("apply the sitewide discount of spec 9 (-30%), rounded to 100 roubles", () => {
    expect(discountedPrice(129_000, "-30%")).toBe(90_300);
    expect(discountedPrice(5_500, "-30%")).toBe(3_900);
  });

  it("spread over monthly instalments, rounded up to 10 roubles", () => {
    expect(monthlyInstalment(90_300, 12)).toBe(7_530);
  });
});

describe("event times", () => {
  it("give Moscow time and the visitor's own time in Almaty and Tashkent", () => {
    const times = (["moscow", "almaty", "tashkent"] as const).map((zone) => wallClock("2026-12-01T16:00:00.000Z", zone).time);
    expect(times).toEqual(["19:00", "21:00", "21:00"]);
  });

  it("read the date, the weekday and the calendar day on the zone's own clock, which may be the next day", () => {
    expect(wallClock("2026-12-01T19:30:00.000Z", "moscow")).toEqual({
      zone: "moscow",
      date: "1 декабря",
      dateYear: "1 декабря 2026 г.",
      weekday: "вторник",
      time: "22:30",
      day: "2026-12-01",
    });
    expect(wallClock("2026-12-01T19:30:00.000Z", "almaty")).toMatchObject({ date: "2 декабря", weekday: "среда", time: "00:30", day: "2026-12-02" });
  });

  it("lead with the visitor's zone: Almaty for Kazakhstan, Tashkent for Uzbekistan, Moscow for everyone else", () => {
    expect(zonesFor("KZ")).toEqual(["almaty", "moscow", "tashkent"]);
    expect(zonesFor("UZ")).toEqual(["tashkent", "moscow", "almaty"]);
    expect(zonesFor("RU")).toEqual(["moscow", "almaty", "tashkent"]);
    expect(zonesFor("other")).toEqual(["moscow", "almaty", "tashkent"]);
  });
});

describe("share links of spec 7", () => {
  it("take a url and a title for vk, whatsapp, telegram and ok", () => {
    const links = shareLinks("https://mip.institute/journal/a", "Статья & «кавычки»");
    expect(links.vk).toBe("https://vk.com/share.php?url=https%3A%2F%2Fmip.institute%2Fjournal%2Fa&title=%D0%A1%D1%82%D0%B0%D1%82%D1%8C%D1%8F%20%26%20%C2%AB%D0%BA%D0%B0%D0%B2%D1%8B%D1%87%D0%BA%D0%B8%C2%BB");
    expect(new URL(links.telegram).searchParams.get("url")).toBe("https://mip.institute/journal/a");
    expect(new URL(links.ok).searchParams.get("title")).toBe("Статья & «кавычки»");
    expect(new URL(links.whatsapp).searchParams.get("text")).toBe("Статья & «кавычки» https://mip.institute/journal/a");
  });
});

describe("reading time", () => {
  it("counts 180 words a minute, at least one", () => {
    expect(readingMinutes("слово ".repeat(900))).toBe(5);
    expect(readingMinutes("два слова")).toBe(1);
  });
});
