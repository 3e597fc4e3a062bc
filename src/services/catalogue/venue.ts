/**
 * An event's place read from its content's words, for structured data (decision 017): «Москва,
 * ул. Большая Новодмитровская, д. 36, стр. 4, аудитория 212» is a city, a street address and a
 * room. An offline seminar's place that cannot be read is refused by the content check (build.ts),
 * so every one has a postal address.
 */

/** The cities the institute holds events in, with their ISO 3166 country codes. */
const countries: Record<string, string> = { москва: "RU", алматы: "KZ", ташкент: "UZ" };

/** A part of an address that names the building: a house, a building of it, a block. */
const BUILDING = /^(д\.|дом\s|стр\.|корп\.|к\.|влд\.)/i;

export interface Venue {
  locality: string;
  /** the street and the building */
  street: string;
  country: string;
  /** a hall or a room in the building, when the place names one */
  room?: string;
}

/** The city first, the street and its building next, a room last; null when the words are not that. */
export function venueOf(place: string): Venue | null {
  const parts = place.split(",").map((part) => part.trim());
  const locality = parts[0]?.replace(/^г\.\s*/, "") ?? "";
  const country = countries[locality.toLowerCase()];
  const building = parts.findLastIndex((part, index) => index > 1 && BUILDING.test(part));
  if (!country || building < 2 || parts.some((part) => part === "")) return null;
  const room = parts.slice(building + 1).join(", ");
  return { locality, street: parts.slice(1, building + 1).join(", "), country, ...(room ? { room } : {}) };
}

/** What a seminar's place must look like, for the content check's message. */
export const VENUE_EXAMPLE = "«Москва, ул. Большая Новодмитровская, д. 36, стр. 4, аудитория 212»";
export const VENUE_CITIES = Object.keys(countries).map((city) => city[0]!.toUpperCase() + city.slice(1));

/** A PostalAddress as schema.org has it: the street, the city and the postal code apart. */
export interface PostalAddress {
  "@type": "PostalAddress";
  streetAddress: string;
  addressLocality?: string;
  postalCode?: string;
  addressCountry: string;
}

/**
 * An address of the content's words («127015, г. Москва, ул. …, д. 36, стр. 4, помещ. 21») as a
 * PostalAddress: the postal code, the city and the rest (the street, the building, the room) each
 * in its own field, so the street no longer starts with the city and the code. Words that are not
 * that shape stay whole in `streetAddress`, in `country`.
 */
export function postalAddressOf(address: string, country: string): PostalAddress {
  const postal = /^(\d{6}),\s*/.exec(address);
  const venue = venueOf(postal ? address.slice(postal[0].length) : address);
  if (!venue) return { "@type": "PostalAddress", streetAddress: address, addressCountry: country };
  return {
    "@type": "PostalAddress",
    streetAddress: venue.room ? `${venue.street}, ${venue.room}` : venue.street,
    addressLocality: venue.locality,
    ...(postal ? { postalCode: postal[1] } : {}),
    addressCountry: venue.country,
  };
}
