import { describe, expect, it } from "vitest";
import { moscowClock, moscowInstant } from "./dates";

describe("Moscow time, by the time zone data", () => {
  it("reads the Moscow date, time and weekday of an instant", () => {
    expect(moscowClock(new Date("2026-11-22T21:30:00Z"))).toEqual({ year: 2026, month: 11, day: 23, hour: 0, minute: 30, weekday: 1 });
  });

  it("finds the instant of a Moscow wall-clock time, with the offset of that day (UTC+4 in the summer of 2012)", () => {
    expect(moscowInstant(2026, 11, 24, 19, 0).toISOString()).toBe("2026-11-24T16:00:00.000Z");
    expect(moscowInstant(2012, 7, 1, 12, 0).toISOString()).toBe("2012-07-01T08:00:00.000Z");
    expect(moscowInstant(2026, 11, 31, 10, 0).toISOString()).toBe("2026-12-01T07:00:00.000Z");
  });
});
