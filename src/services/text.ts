import { lazy } from "./lazy";

/** Cuts text to at most `max` characters, ending in '...' when cut (spec 5). */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max - 3).trimEnd()}...`;
}

/** Meta descriptions are cut to 120 characters (spec 9). */
export const META_DESCRIPTION_MAX = 120;

const plural = lazy(() => new Intl.PluralRules("ru-RU"));

/** Russian plural: pluralize(5, ["программа", "программы", "программ"]) -> "5 программ". */
export function pluralize(count: number, forms: readonly [one: string, few: string, many: string]): string {
  const rule = plural().select(count);
  const form = rule === "one" ? forms[0] : rule === "few" ? forms[1] : forms[2];
  return `${count} ${form}`;
}

/** The noun alone in the form `count` takes: nounOf(51, ["программа", "программы", "программ"]) -> "программа" (the figure stands beside it). */
export function nounOf(count: number, forms: readonly [one: string, few: string, many: string]): string {
  return pluralize(count, forms).slice(String(count).length + 1);
}

const rub = lazy(() => new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 }));

/** 89000 -> "89 000 ₽" (with the narrow no-break space Intl uses in ru-RU). */
export function formatPrice(value: number): string {
  return `${rub().format(value)} ₽`;
}
