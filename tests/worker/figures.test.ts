import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { admissionsHoursText } from "../../src/services/admissions-hours";
import { bachelorHref, programHref } from "../../src/services/catalogue/links";
import { nounOf } from "../../src/services/text";
import { defaultCatalogue } from "../support/content";
import { attributesOf, decode, islandProps, textsOf } from "./html";
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
 * The page's text as a visitor reads it, without the footer unless asked: entities decoded, soft
 * hyphens gone, every kind of space one space, and a line break between elements, so that a number
 * never runs on into the next element's words.
 */
async function text(path: string, footer = false): Promise<string> {
  const page = (await html(path)).replace(/<script[\s\S]*?<\/script>|<!--[\s\S]*?-->/g, "");
  const main = footer ? page : page.replace(/<footer[\s\S]*<\/footer>/, "");
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
    // the program menu, drawn in every page (decision 097)
    expect(home).toContain(`data-testid="count-all">${everything}<`);
    expect(home).toContain(`data-testid="count-bachelor">${bachelors}<`);
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

/**
 * Issue 28 point 4: a fact the site states on several pages comes from one place in the content and
 * reads the same everywhere, hidden parts of the page included. The discount bar, drawn in the
 * browser, is tests/e2e/one-fact.test.ts.
 */
describe("a fact stated on several pages reads the same on each", () => {
  const { site } = catalogue;
  const someProgram = [catalogue.programs[0]!, catalogue.programs.find((p) => p.type === "Course")!, catalogue.programs.find((p) => p.type === "ShortTerm")!];
  const factsOn = async (path: string, fact: string) => (await textsOf(await html(path), `[data-fact="${fact}"]`)).map((t) => t.replace(/[\s\u00a0\u202f]+/g, " ").trim());

  it("the admissions hours read the same in the header, the footer, /contacts and /sveden", async () => {
    const hours = admissionsHoursText(site.admissionsHours);
    const seen: [string, string][] = [];
    for (const path of ["/", "/contacts", programHref(someProgram[0]!), "/sveden/common"]) {
      const shown = await factsOn(path, "admissions-hours");
      expect(shown.length, `${path}: the hours in the footer`).toBeGreaterThan(0);
      for (const value of shown) seen.push([path, value]);
      // in content text too: every «Пн–…» with hours beside «приёмная комиссия» is the same
      for (const [said] of (await text(path, true)).matchAll(/приёмная комиссия — [^;.\n]+/gi)) seen.push([path, said.replace(/^приёмная комиссия — /i, "")]);
    }
    expect(seen.some(([path]) => path === "/sveden/common"), "/sveden says the hours").toBe(true);
    for (const [path, value] of seen) expect(value, path).toBe(hours);
  });

  it("every start a program page shows is an intake day /incomers announces", async () => {
    const days = /старт групп ([\d, и]+) числа/.exec(await text("/incomers"));
    expect(days, "/incomers names the intake days").not.toBeNull();
    const announced = days![1]!.split(/,\s*|\s+и\s+/).map(Number);
    for (const program of someProgram) {
      const starts = await attributesOf(await html(programHref(program)), '[data-fact="start"]', "datetime");
      expect(starts.length, programHref(program)).toBeGreaterThan(0);
      for (const start of starts) expect(announced, `${programHref(program)}: starts on ${start}`).toContain(Number((start ?? "").slice(8, 10)));
    }
  });

  it("the discount is one figure wherever it shows, names what it covers, and shows nowhere it does not apply", async () => {
    const seen: [string, string][] = [];
    for (const path of ["/", "/programs", programHref(someProgram[0]!)]) {
      const shown = await factsOn(path, "discount");
      expect(shown.length, path).toBeGreaterThan(0);
      for (const value of shown) seen.push([path, value]);
    }
    for (const [path, value] of seen) expect(value, path).toBe(site.discount);
    // the bar the browser draws on /programs gets its figure and what it covers from here
    expect(islandProps(await html("/programs"), "promo/StickyDiscount")).toEqual({ discount: site.discount, covers: site.discountCovers.text });
    // a bachelor's price has no discount: no discount bar, no discount figure
    const bachelor = bachelorHref(catalogue.bachelors[0]!);
    expect(await html(bachelor)).not.toContain('data-island="promo/StickyDiscount"');
    await expect(factsOn(bachelor, "discount")).resolves.toEqual([]);
    expect(await text(bachelor, true)).not.toMatch(/Скидка до/);
  });

  it("a count's label agrees with its figure on the home page («51 программа обучения»)", async () => {
    const home = await html("/");
    const figures = await textsOf(home, ".hero__stats div > dd");
    const labels = await textsOf(home, ".hero__stats div > dt");
    expect(labels).toHaveLength(figures.length);
    const programsStat = figures.map((figure, i) => `${figure} ${labels[i]}`).find((s) => /программ/.test(s))!;
    const count = Number(programsStat.split(" ")[0]);
    const form = new Intl.PluralRules("ru-RU").select(count);
    expect(programsStat).toBe(`${count} ${form === "one" ? "программа" : form === "few" ? "программы" : "программ"} обучения`);
  });
});
