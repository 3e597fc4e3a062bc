/** The sitewide discount (spec 9: 30, shown '-30%') applied to a full price, rounded to 100 roubles. */
export function discountedPrice(price: number, discount: string): number {
  const percent = Number(discount.replace(/[^\d]/g, ""));
  if (!Number.isFinite(percent) || percent <= 0 || percent >= 100) return price;
  return Math.round((price * (100 - percent)) / 100 / 100) * 100;
}

/** A monthly instalment over `months`, rounded up to 10 roubles. */
export function monthlyInstalment(price: number, months: number): number {
  return Math.ceil(price / months / 10) * 10;
}

export interface Instalment {
  months: number;
  monthly: number;
}

/** A program's instalment: its term from the content and the monthly payment that follows from it; none without a term. */
export function instalmentOf(price: number, months: number | undefined): Instalment | null {
  return months === undefined ? null : { months, monthly: monthlyInstalment(price, months) };
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
