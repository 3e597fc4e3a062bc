import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { nounOf } from "../../src/services/text";
import { defaultCatalogue } from "../support/content";
import { decode } from "./html";
import { seedCatalogue } from "./seed";

const catalogue = defaultCatalogue("figures-v1");
const origin = "https://mip.institute";

/** What the default content holds, counted here by hand rather than by the site's own code. */
const programs = catalogue.programs.length;
const ofType = (type: string) => catalogue.programs.filter((p) => p.type === type).length;
const bachelors = catalogue.bachelors.length;
const trainings = catalogue.practicalTrainings.length;
const everything = programs + bachelors + trainings;
const teachers = catalogue.teachers.length;

beforeAll(async () => {
  await seedCatalogue(catalogue);
});

async function html(path: string): Promise<string> {
  const response = await SELF.fetch(`${origin}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
}

/**
 * The page's text as a visitor reads it, without the footer: entities decoded, soft hyphens gone,
 * every kind of space one space, and a line break between elements, so that a number never runs
 * on into the next element's words.
 */
async function text(path: string): Promise<string> {
  const page = await html(path);
  const main = page.replace(/<script[\s\S]*?<\/script>|<!--[\s\S]*?-->/g, "").replace(/<footer[\s\S]*<\/footer>/, "");
  return decode(main.replace(/<[^>]+>/g, "\n"))
    .replace(/\u00ad/g, "")
    .replace(/[ \t\u00a0\u202f]+/g, " ");
}

/** Every number the text states right before a word starting with `stem` ("51 программа", "120+ преподавателей"). */
function numbersBefore(page: string, stem: string): string[] {
  return [...page.matchAll(new RegExp(`(\\d[\\d ]*\\+?) ${stem}`, "gi"))].map((m) => m[1]!.replace(/ /g, ""));
}

describe("every figure is computed once and every page states the same one", () => {
  it("states one number of programs: the home page, /programs, the menu and /ourInstitute", async () => {
    const home = await html("/");
    // the label agrees with its figure: «51 программа обучения», «52 программы обучения»
    const programsLabel = nounOf(everything, ["программа обучения", "программы обучения", "программ обучения"]);
    expect(home).toMatch(new RegExp(`<dt>${programsLabel}</dt>\\s*<dd>${everything}</dd>`));
    const list = await text("/programs");
    expect(list).toContain(`Всего ${everything} программ`);
    expect(list).toContain(`${programs} программ`);
    const menu = (await (await SELF.fetch(`${origin}/api/menu`)).json()) as { sections: { type: string; count: number }[] };
    expect(menu.sections.find((s) => s.type === "all")?.count).toBe(everything);
    expect(menu.sections.find((s) => s.type === "bachelor")?.count).toBe(bachelors);
    const about = await text("/ourInstitute");
    expect(about).toMatch(new RegExp(`${everything} программ[а-я]*\\s+обучения`));
    expect(about).toMatch(new RegExp(`${bachelors} программ[а-я]*\\s+бакалавриата`));
  });

  it("states one number of teachers: the home page, /teachers and /ourInstitute", async () => {
    const teachersLabel = nounOf(teachers, ["преподаватель-практик", "преподавателя-практика", "преподавателей-практиков"]);
    expect(await html("/")).toMatch(new RegExp(`<dt>${teachersLabel}</dt>\\s*<dd>${teachers}</dd>`));
    expect(numbersBefore(await text("/teachers"), "преподавател")).toEqual([String(teachers)]);
    expect(numbersBefore(await text("/ourInstitute"), "преподавател")).toEqual([String(teachers)]);
  });

  it("states the disclosure's counts of programs from the catalogue", async () => {
    const page = await text("/sveden/education");
    expect(page).toContain(`Профессиональная переподготовка — ${ofType("Profession")} программ`);
    expect(page).toContain(`повышение квалификации — ${ofType("Course")} программ`);
  });

  it("states no number of programs or teachers that the catalogue does not give", async () => {
    const fieldCounts = catalogue.studyFields.map((f) => catalogue.programs.filter((p) => p.studyFieldSlug === f.slug).length);
    const known = new Set(
      [everything, programs, ofType("Profession"), ofType("Course"), ofType("ShortTerm"), bachelors, trainings, ...fieldCounts].map(String),
    );
    for (const path of ["/", "/programs", "/ourInstitute", "/teachers", "/incomers", "/sveden/education", "/sveden/common", "/bachelor"]) {
      const page = await text(path);
      for (const n of numbersBefore(page, "программ")) expect(known, `${path}: «${n} программ…»`).toContain(n);
      for (const n of numbersBefore(page, "преподавател")) expect(n, `${path}: «${n} преподавател…»`).toBe(String(teachers));
    }
  });
});
