import type { Catalogue } from "./build";
import { bachelorHref, practicalTrainingHref, programHref } from "./links";
import { derived } from "./repository";
import { sortPrograms } from "./sort";
import { type MenuType, menuCounts, menuTypes } from "./figures";
import { shortTypeTag } from "./tags";

export { menuCounts } from "./figures";

/** How many entries one type lists in the menu; the rest is one click away on the list page. */
export const MENU_ITEMS_PER_TYPE = 12;

export interface MenuEntry {
  title: string;
  href: string;
  tag: string;
}

export interface MenuSection {
  type: MenuType;
  label: string;
  href: string;
  count: number;
  items: MenuEntry[];
}

const labels: Record<MenuType, { label: string; href: string }> = {
  all: { label: "Все программы", href: "/programs" },
  profession: { label: "Профессиональная переподготовка", href: "/professions" },
  course: { label: "Повышение квалификации", href: "/courses" },
  bachelor: { label: "Высшее образование", href: "/bachelor" },
  practicalTraining: { label: "Практическая подготовка", href: "/practical-training" },
  shortTerm: { label: "Краткосрочные курсы", href: "/shortTerm" },
};

export const programMenu = derived((catalogue: Catalogue): MenuSection[] => {
  const counts = menuCounts(catalogue);
  const programs = sortPrograms(catalogue.programs);
  const entry = (p: (typeof programs)[number]): MenuEntry => ({ title: p.title, href: programHref(p), tag: shortTypeTag(p.type) });
  const bachelors = catalogue.bachelors.map((b) => ({ title: b.title, href: bachelorHref(b), tag: shortTypeTag("Bachelor") }));
  const trainings = catalogue.practicalTrainings.map((t) => ({
    title: t.title,
    href: practicalTrainingHref(t),
    tag: shortTypeTag("PracticalTraining"),
  }));
  const items: Record<MenuType, MenuEntry[]> = {
    all: programs.map(entry),
    profession: programs.filter((p) => p.type === "Profession").map(entry),
    course: programs.filter((p) => p.type === "Course").map(entry),
    bachelor: bachelors,
    practicalTraining: trainings,
    shortTerm: programs.filter((p) => p.type === "ShortTerm").map(entry),
  };
  return menuTypes.map((type) => ({
    type,
    ...labels[type],
    count: counts[type],
    items: items[type].slice(0, MENU_ITEMS_PER_TYPE),
  }));
});
