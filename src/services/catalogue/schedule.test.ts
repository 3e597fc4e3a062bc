import { describe, expect, it } from "vitest";
import liveCourses from "../../../content/live-courses.json";
import bachelors from "../../../content/bachelors.json";
import { minutesDuration, studyYears, weeklySchedule } from "./schedule";

describe("a weekly schedule in words", () => {
  it("gives its days, times and length", () => {
    expect(weeklySchedule("По вторникам и четвергам, 19:00–21:00 мск")).toEqual({ days: ["Tuesday", "Thursday"], start: "19:00", end: "21:00", minutes: 120 });
    expect(weeklySchedule("По средам, 19:00–21:30 мск")).toEqual({ days: ["Wednesday"], start: "19:00", end: "21:30", minutes: 150 });
    expect(weeklySchedule("По понедельникам, средам и пятницам, 10:00-11:00 мск")?.days).toEqual(["Monday", "Wednesday", "Friday"]);
  });

  it.each(["Каждый день", "По вторникам, 21:00–19:00 мск", "По выходным, 10:00–12:00 мск", "По вторникам, 19:00 мск"])("is not read from «%s»", (text) => {
    expect(weeklySchedule(text)).toBeNull();
  });

  it("is read from every live course of the default content", () => {
    for (const course of liveCourses) expect(weeklySchedule(course.schedule), course.slug).not.toBeNull();
  });
});

describe("years of study", () => {
  it.each([
    ["4 года", 4],
    ["5 лет", 5],
    ["1 год", 1],
  ])("of «%s» are %i", (text, years) => {
    expect(studyYears(text)).toBe(years);
  });

  it("are read from every bachelor's program of the default content, and not from other words", () => {
    for (const bachelor of bachelors) expect(studyYears(bachelor.duration), bachelor.slug).not.toBeNull();
    expect(studyYears("4 года 6 месяцев")).toBeNull();
  });
});

describe("a duration in minutes", () => {
  it.each([
    [120, "PT2H"],
    [90, "PT1H30M"],
    [45, "PT45M"],
    [0, "PT0M"],
  ])("of %i is %s", (minutes, iso) => {
    expect(minutesDuration(minutes)).toBe(iso);
  });
});
