import { describe, expect, it } from "vitest";
import { nextMidnight } from "../dates";
import type { Catalogue } from "./build";
import { pageTrueUntil } from "./time-boundaries";

const at = (iso: string) => Date.parse(iso);
const catalogue = (instants: string[]) => ({ seminars: instants.map((targetDate, i) => ({ id: `s${i}`, targetDate })), programs: [{ startDate: "2026-11-25" }] }) as unknown as Catalogue;

describe("when a page stops being true by the clock", () => {
  it("is the first midnight on the clocks the site writes by: Almaty's and Tashkent's before Moscow's, Moscow's before UTC's", () => {
    // 17:00 in Moscow, 19:00 in Almaty and Tashkent: their midnight comes first
    expect(nextMidnight(at("2026-11-24T14:00:00Z"))).toBe(at("2026-11-24T19:00:00Z"));
    // past Almaty's midnight, before Moscow's
    expect(nextMidnight(at("2026-11-24T19:30:00Z"))).toBe(at("2026-11-24T21:00:00Z"));
    // past Moscow's, before UTC's
    expect(nextMidnight(at("2026-11-24T22:00:00Z"))).toBe(at("2026-11-25T00:00:00Z"));
  });

  it("comes sooner when an event the catalogue names starts first, and ignores events already begun", () => {
    const now = at("2026-11-24T14:00:00Z");
    expect(pageTrueUntil(catalogue(["2026-11-24T18:00:00+03:00", "2026-11-20T19:00:00+03:00"]), now)).toBe(at("2026-11-24T15:00:00Z"));
    expect(pageTrueUntil(catalogue(["2026-11-20T19:00:00+03:00", "2026-12-01T19:00:00+03:00"]), now)).toBe(at("2026-11-24T19:00:00Z"));
    // a calendar date (a program's next intake) is covered by the midnights
    expect(pageTrueUntil(catalogue([]), now)).toBe(at("2026-11-24T19:00:00Z"));
  });
});
