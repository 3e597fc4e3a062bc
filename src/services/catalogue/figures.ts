import { FIXED_PRACTICAL_TRAININGS, type PracticalTraining, type ProgramType } from "./schemas";

/**
 * The figures the site states about itself (how many programs, teachers…), counted once from the
 * content. Pages state them through `figures()`, and content text through `{{name|one|few|many}}`,
 * which the build replaces (`fillFigures`), so no page can say a number the catalogue does not.
 */
export interface Figures {
  /** everything a visitor can enrol on: the menu's 'all' of spec 2.4 */
  programs: number;
  /** programs of additional education, what /programs lists: professions, courses and short courses */
  additionalPrograms: number;
  professions: number;
  courses: number;
  shortTerm: number;
  bachelors: number;
  practicalTrainings: number;
  teachers: number;
}

type FigureName = keyof Figures;

/** The program types of the menu (spec 2.4). */
export const menuTypes = ["all", "profession", "course", "bachelor", "practicalTraining", "shortTerm"] as const;
export type MenuType = (typeof menuTypes)[number];

interface ProgramsSource {
  programs: readonly { type: ProgramType }[];
  bachelors: readonly unknown[];
  practicalTrainings: readonly Pick<PracticalTraining, "fixed">[];
}

export interface FigureSource extends ProgramsSource {
  teachers: readonly unknown[];
}

/**
 * Counts of spec 2.4: practical trainings are the ones from content plus the two fixed entries;
 * 'all' is professions + courses + bachelors + practical trainings + short-term programs, plus 2.
 */
export function menuCounts(catalogue: ProgramsSource): Record<MenuType, number> {
  const ofType = (type: ProgramType) => catalogue.programs.filter((p) => p.type === type).length;
  const profession = ofType("Profession");
  const course = ofType("Course");
  const shortTerm = ofType("ShortTerm");
  const bachelor = catalogue.bachelors.length;
  const regularTrainings = catalogue.practicalTrainings.filter((t) => !t.fixed).length;
  return {
    all: profession + course + bachelor + regularTrainings + shortTerm + FIXED_PRACTICAL_TRAININGS.length,
    profession,
    course,
    bachelor,
    practicalTraining: regularTrainings + FIXED_PRACTICAL_TRAININGS.length,
    shortTerm,
  };
}

export function countFigures(content: FigureSource): Figures {
  const counts = menuCounts(content);
  return {
    programs: counts.all,
    additionalPrograms: counts.profession + counts.course + counts.shortTerm,
    professions: counts.profession,
    courses: counts.course,
    shortTerm: counts.shortTerm,
    bachelors: counts.bachelor,
    practicalTrainings: counts.practicalTraining,
    teachers: content.teachers.length,
  };
}

const plural = new Intl.PluralRules("ru-RU");

/** `{{programs|программа|программы|программ}}`: a figure with the noun in the form its number takes. */
const FIGURE_TOKEN = /\{\{\s*([a-zA-Z]+)\s*\|\s*([^|}]+?)\s*\|\s*([^|}]+?)\s*\|\s*([^|}]+?)\s*\}\}/g;

export class UnknownFigureError extends Error {
  override name = "UnknownFigureError";
}

/** Replaces every figure token of `text`; a name that is no figure, or a brace left unmatched, is an error. */
export function fillFigures(text: string, figures: Figures): string {
  const filled = text.replace(FIGURE_TOKEN, (_token, name: string, one: string, few: string, many: string) => {
    if (!(name in figures)) throw new UnknownFigureError(`unknown figure «${name}»: use one of ${Object.keys(figures).join(", ")}`);
    const count = figures[name as FigureName];
    const rule = plural.select(count);
    return `${count}\u00a0${rule === "one" ? one : rule === "few" ? few : many}`;
  });
  if (filled.includes("{{") || filled.includes("}}")) {
    throw new UnknownFigureError("a figure is written as {{name|one|few|many}}, e.g. {{programs|программа|программы|программ}}");
  }
  return filled;
}

/** Figures in every string of a JSON value (content pages), with the path of a string that fails. */
export function fillFiguresDeep<T>(value: T, figures: Figures, path: string[] = []): T {
  if (typeof value === "string") {
    try {
      return fillFigures(value, figures) as T;
    } catch (error) {
      if (error instanceof UnknownFigureError) throw new UnknownFigureError(`field "${path.join(".")}": ${error.message}`);
      throw error;
    }
  }
  if (Array.isArray(value)) return value.map((item, i) => fillFiguresDeep(item, figures, [...path, String(i)])) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillFiguresDeep(item, figures, [...path, key])])) as T;
  }
  return value;
}

/**
 * A number of programs or teachers written into content by hand ("42 программы", "120+
 * преподавателей"): it goes stale with the catalogue; the figure token says it instead.
 */
const HAND_WRITTEN_FIGURE = /(?<![\d.,])\d[\d\s\u00a0]*\+?\s+(?:программ|преподавател)[а-яё]*/giu;

export function handWrittenFigures(text: string): string[] {
  return [...text.matchAll(HAND_WRITTEN_FIGURE)].map((m) => m[0]);
}

/** `{{admissionsHours}}`: a fact of the site written once in site.json, said in content text by its name. */
const FACT_TOKEN = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;

/** Replaces every fact token (`{{name}}`, no forms) in every string of a JSON value; an unknown name is an error. */
export function fillFactsDeep<T>(value: T, facts: Record<string, string>, path: string[] = []): T {
  if (typeof value === "string") {
    return value.replace(FACT_TOKEN, (_token, name: string) => {
      const fact = facts[name];
      if (fact === undefined) throw new UnknownFigureError(`field "${path.join(".")}": unknown fact «${name}»: use one of ${Object.keys(facts).join(", ")}`);
      return fact;
    }) as T;
  }
  if (Array.isArray(value)) return value.map((item, i) => fillFactsDeep(item, facts, [...path, String(i)])) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillFactsDeep(item, facts, [...path, key])])) as T;
  }
  return value;
}
