import { describe, expect, it } from "vitest";
import { defaultCatalogue } from "../../../tests/support/content";
import { countFigures, fillFigures, handWrittenFigures, menuCounts } from "./figures";

const catalogue = defaultCatalogue();
const figures = countFigures(catalogue);

describe("the figures the site states", () => {
  it("count everything one can enrol on as the menu's 'all' does", () => {
    expect(figures.programs).toBe(menuCounts(catalogue).all);
    expect(figures.programs).toBe(catalogue.programs.length + catalogue.bachelors.length + catalogue.practicalTrainings.length);
    expect(figures.additionalPrograms).toBe(catalogue.programs.length);
    expect(figures.teachers).toBe(catalogue.teachers.length);
  });

  it("put the noun in the form its number takes, with a no-break space", () => {
    const forms = "программа|программы|программ";
    expect(fillFigures(`{{programs|${forms}}}`, { ...figures, programs: 51 })).toBe("51\u00a0программа");
    expect(fillFigures(`всего {{ bachelors | ${forms} }}`, { ...figures, bachelors: 3 })).toBe("всего 3\u00a0программы");
    expect(fillFigures(`{{teachers|преподаватель|преподавателя|преподавателей}}`, { ...figures, teachers: 14 })).toBe("14\u00a0преподавателей");
  });

  it("refuse a token that is not a figure or not closed", () => {
    expect(() => fillFigures("{{alumni|a|b|c}}", figures)).toThrow(/unknown figure «alumni»/);
    expect(() => fillFigures("{{programs|программа}}", figures)).toThrow(/\{\{name\|one\|few\|many\}\}/);
  });

  it("find numbers of programs and teachers typed by hand, and nothing else", () => {
    expect(handWrittenFigures("42 программы переподготовки")).toEqual(["42 программы"]);
    expect(handWrittenFigures("120+ преподавателей")).toEqual(["120+ преподавателей"]);
    expect(handWrittenFigures("14\u00a0000 преподавателей")).toEqual(["14\u00a0000 преподавателей"]);
    expect(handWrittenFigures("программ объёмом не менее 250 часов; стаж — 28 лет; 37.03.01 «Психология»")).toEqual([]);
  });
});
