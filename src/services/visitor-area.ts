/**
 * The visitor's area (issue #19, decision 020): where the edge says the visitor is, as far as the
 * site serves them differently. Russia, Kazakhstan and Uzbekistan have their own admissions lines
 * and time zones; everyone else is "other" and served as Russia. Only the lead keeps it.
 */
export const visitorAreas = ["RU", "KZ", "UZ", "other"] as const;
export type VisitorArea = (typeof visitorAreas)[number];
/** The areas the content's phones serve (schemas.ts: countryCodes). */
export type ServedArea = Exclude<VisitorArea, "other">;

/** The request header Cloudflare sets to the visitor's country (ISO 3166-1 alpha-2; XX unknown, T1 Tor). */
export const COUNTRY_HEADER = "CF-IPCountry";

/** The area of a country code; anything that is not one of the three codes is "other". */
export function areaOfCountry(country: unknown): VisitorArea {
  if (typeof country !== "string") return "other";
  const code = country.trim().toUpperCase();
  return code === "RU" || code === "KZ" || code === "UZ" ? code : "other";
}

/**
 * Which country to believe. In a deployed environment Cloudflare's own `request.cf.country`,
 * then the header, which Cloudflare's edge sets (decision 020: what a forged one could buy is
 * the page any visitor of that area gets). In the local runtime `request.cf` is a placeholder
 * (always Austin, US), so the header the tests and `npm run dev:fakes` send comes first.
 */
export function visitorCountry({ cfCountry, header, local }: { cfCountry: unknown; header: string | null | undefined; local: boolean }): string | undefined {
  const fromCf = typeof cfCountry === "string" && cfCountry !== "" ? cfCountry : undefined;
  const fromHeader = header ?? undefined;
  return local ? (fromHeader ?? fromCf) : (fromCf ?? fromHeader);
}

/** The area whose contacts and time zone a visitor gets: everyone outside the three gets Russia's. */
export const contactArea = (area: VisitorArea): ServedArea => (area === "other" ? "RU" : area);

/** Where the phone field's country picker starts (lowercase, as the picker's options): spec 5's Russia unless the visitor is in KZ or UZ. */
export const pickerCountry = (area: VisitorArea): "ru" | "kz" | "uz" => (contactArea(area) === "KZ" ? "kz" : contactArea(area) === "UZ" ? "uz" : "ru");

/** Whether a phone (or an office) serves the visitor's area. */
export const serves = (item: { areas: readonly string[] }, area: VisitorArea) => item.areas.includes(contactArea(area));

/** The items serving the visitor's area first, then every other one; each part in the content's order. */
export function servingFirst<T extends { areas: readonly string[] }>(items: readonly T[], area: VisitorArea): T[] {
  return [...items.filter((item) => serves(item, area)), ...items.filter((item) => !serves(item, area))];
}
