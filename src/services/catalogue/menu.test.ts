import { describe, expect, it } from "vitest";
import { defaultCatalogue } from "../../../tests/support/content";
import { MENU_ITEMS_PER_TYPE, menuCounts, programMenu } from "./menu";

const program = (type: string) => ({ type }) as never;
const training = (fixed: boolean) => ({ fixed }) as never;

describe("program menu counts of spec 2.4", () => {
  const counts = menuCounts({
    programs: [program("Profession"), program("Profession"), program("Course"), program("ShortTerm"), program("ShortTerm"), program("ShortTerm")],
    bachelors: [{} as never],
    practicalTrainings: [training(false), training(false), training(true), training(true)],
  });

  it("adds 2 to the practical trainings for the two hard-coded entries", () => {
    expect(counts.practicalTraining).toBe(2 + 2);
  });

  it("counts 'all' as professions + courses + bachelors + practical trainings + short-term, plus 2", () => {
    expect(counts.all).toBe(2 + 1 + 1 + 2 + 3 + 2);
  });

  it("counts each type on its own", () => {
    expect(counts).toMatchObject({ profession: 2, course: 1, shortTerm: 3, bachelor: 1 });
  });

  it("lists at most a screenful of programs per type, each with a link and a tag", () => {
    const menu = programMenu(defaultCatalogue());
    expect(menu.map((s) => s.type)).toEqual(["all", "profession", "course", "bachelor", "practicalTraining", "shortTerm"]);
    for (const section of menu) {
      expect(section.items.length).toBeLessThanOrEqual(MENU_ITEMS_PER_TYPE);
      for (const item of section.items) expect(item.href).toMatch(/^\/[a-zA-Z-]+\//);
    }
    expect(menu.find((s) => s.type === "course")?.items.every((i) => i.tag === "ПК")).toBe(true);
  });
});
