/** Type tags of spec section 3: full label and the short one where the spec gives it. */
const typeTags = {
  ShortTerm: { label: "Курсы", short: "Курсы" },
  Course: { label: "Повышение квалификации", short: "ПК" },
  Profession: { label: "Проф. переподготовка", short: "ПП" },
  Bachelor: { label: "Высшее образование", short: "ВО" },
  Lectorium: { label: "Семинары", short: "Семинары" },
} as const;

/** Anything without a tag of its own (practical trainings) is labelled 'Практика'. */
const FALLBACK_TAG = "Практика";

export function typeTag(typename: string): string {
  return typename in typeTags ? typeTags[typename as keyof typeof typeTags].label : FALLBACK_TAG;
}

/** The short tag ('ПК', 'ПП', 'ВО') where the spec gives one; used where space is tight. */
export function shortTypeTag(typename: string): string {
  return typename in typeTags ? typeTags[typename as keyof typeof typeTags].short : FALLBACK_TAG;
}

/** The short tags that are abbreviations, spelled out: an <abbr> title and the menu's legend. */
export const abbreviations: Readonly<Record<string, string>> = {
  ПП: "Профессиональная переподготовка",
  ПК: "Повышение квалификации",
  ВО: "Высшее образование",
};

/** «ПП — профессиональная переподготовка, ПК — …» for the abbreviations among `tags`, in their order. */
export function abbreviationLegend(tags: readonly string[]): string {
  return [...new Set(tags)]
    .filter((tag) => tag in abbreviations)
    .map((tag) => `${tag} — ${abbreviations[tag]!.toLowerCase()}`)
    .join(", ");
}
