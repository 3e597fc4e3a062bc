import { formatPrice, pluralize } from "./text";

/** The sitewide discount (spec 9: 30, shown '-30%') applied to a full price, rounded to 100 roubles. */
export function discountedPrice(price: number, discount: string): number {
  const percent = Number(discount.replace(/[^\d]/g, ""));
  if (!Number.isFinite(percent) || percent <= 0 || percent >= 100) return price;
  return Math.round((price * (100 - percent)) / 100 / 100) * 100;
}

/** A monthly instalment over `months`, rounded up to 10 roubles; with a yearly rate (percent), the annuity payment. */
export function monthlyInstalment(price: number, months: number, ratePercent = 0): number {
  if (ratePercent <= 0) return Math.ceil(price / months / 10) * 10;
  const rate = ratePercent / 100 / 12;
  return Math.ceil((price * rate) / (1 - (1 + rate) ** -months) / 10) * 10;
}

/** The content's instalment terms (site.json `instalment`): who lends and at what yearly rate. */
export interface InstalmentTerms {
  partner: string;
  ratePercent: number;
}

export interface Instalment {
  months: number;
  monthly: number;
  partner: string;
  ratePercent: number;
}

/** A program's instalment: its term from the content and the monthly payment that follows from it; none without a term or without the site's terms. */
export function instalmentOf(price: number, months: number | undefined, terms: InstalmentTerms | undefined): Instalment | null {
  return months === undefined || terms === undefined ? null : { months, monthly: monthlyInstalment(price, months, terms.ratePercent), ...terms };
}

const termOf = (instalment: Instalment) => pluralize(instalment.months, ["месяц", "месяца", "месяцев"]);
const rate = (percent: number) => `${String(percent).replace(".", ",")}\u00a0% годовых`;

/**
 * The monthly payment beside a price, wherever a price shows (a card, a hero, the phone's bar,
 * search): «7 530 ₽/мес на 12 месяцев», and the rate when it is not 0 %.
 */
export function monthlyText(instalment: Instalment): string {
  const base = `${formatPrice(instalment.monthly)}/мес на ${termOf(instalment)}`;
  return instalment.ratePercent > 0 ? `${base}, ${rate(instalment.ratePercent)}` : base;
}

/** How the price block names the instalment: «Рассрочка без переплаты на 12 месяцев от партнёра — Т-Банк». */
export function instalmentOption(instalment: Instalment): string {
  const kind = instalment.ratePercent > 0 ? `Рассрочка под ${rate(instalment.ratePercent)}` : "Рассрочка без переплаты";
  return `${kind} на ${termOf(instalment)}, партнёр — ${instalment.partner}`;
}

export interface YearlyPrices {
  year: number;
  semester: number;
  /** for the whole course; null when its length in years is unknown */
  total: number | null;
}

/** A bachelor's price per year, per semester (two a year) and for the whole course. */
export function yearlyPrices(perYear: number, years: number | null): YearlyPrices {
  return { year: perYear, semester: Math.ceil(perYear / 2), total: years === null ? null : perYear * years };
}
