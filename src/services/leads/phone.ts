/**
 * The phone field of the lead forms, shared by the browser and the server.
 * libphonenumber-js is never imported statically here: the browser loads it on demand through
 * loadPhoneFormatter() and uses formatPhoneFallback() (or the pure Russian mask) until then.
 */
// Type-only import: erased from the output, it does not pull the library into the bundle.
import type { CountryCode } from "libphonenumber-js/min";
import { type Country, countries } from "./countries.data";

export type { Country };

/** The spec: a phone number has at least 8 digits. */
export const PHONE_MIN_DIGITS = 8;
/** E.164: at most 15 digits, country code included. */
const PHONE_MAX_DIGITS = 15;
/** The Russian mask holds at most 11 digits: 7 and the 10-digit national number. */
export const RU_MAX_DIGITS = 11;

/** Formats what the visitor typed for the country selected (lowercase ISO code, e.g. "ru"). */
export type PhoneFormatter = (country: string, input: string) => string;

const byCode = new Map(countries.map((country) => [country.code, country]));

/** The country with this ISO 3166-1 alpha-2 code (any case), if the list has it. */
export function countryByCode(code: string): Country | undefined {
  return byCode.get(code.toLowerCase());
}

/** Only the ASCII digits of the input. */
export function digitsOf(input: string): string {
  return input.replace(/\D+/g, "");
}

/** The spec's rule: 8 to 15 digits, whatever else the input holds. */
export function isValidPhoneDigits(input: string): boolean {
  const count = digitsOf(input).length;
  return count >= PHONE_MIN_DIGITS && count <= PHONE_MAX_DIGITS;
}

/** A "+" typed before any digit: kept, so that the visitor can go on typing a calling code. */
function plusOnly(input: string): string {
  return input.trimStart().startsWith("+") ? "+" : "";
}

/**
 * The spec's mask for Russian numbers, "+7 (XXX) XXX-XX-XX", applied progressively as the visitor
 * types. A leading 8 or 7 is the country code; any other first digit starts the national number
 * (the 7 is added). Digits past the 11th are dropped. Never ends with a separator, so that
 * backspace always removes a digit.
 */
export function formatRuPhone(input: string): string {
  const digits = digitsOf(input);
  if (!digits) return plusOnly(input);
  const national =
    digits[0] === "7" || digits[0] === "8" ? digits.slice(1, RU_MAX_DIGITS) : digits.slice(0, RU_MAX_DIGITS - 1);
  let out = "+7";
  if (national.length > 0) out += ` (${national.slice(0, 3)}`;
  if (national.length > 3) out += `) ${national.slice(3, 6)}`;
  if (national.length > 6) out += `-${national.slice(6, 8)}`;
  if (national.length > 8) out += `-${national.slice(8, 10)}`;
  return out;
}

/**
 * Reads the input for a country with this calling code, without metadata. Digits starting with
 * the calling code are international ("dial": the rest follows); other digits after a "+" are a
 * number of another country ("other"); anything else is a national number ("national").
 */
function classify(dial: string, input: string, digits: string): { kind: "dial" | "other" | "national"; rest: string } {
  if (digits.startsWith(dial)) return { kind: "dial", rest: digits.slice(dial.length) };
  if (plusOnly(input)) return { kind: "other", rest: digits };
  return { kind: "national", rest: digits };
}

/**
 * "+<dial> <digits>" without national grouping, for use until libphonenumber-js has loaded.
 * Russia gets its mask, which needs no library. A "+" with another calling code is kept as typed.
 * Other national prefixes (Belarus's 80, Germany's 0) need the library's metadata.
 */
export function formatPhoneFallback(country: string, input: string): string {
  const code = country.toLowerCase();
  if (code === "ru") return formatRuPhone(input);
  const digits = digitsOf(input).slice(0, PHONE_MAX_DIGITS);
  if (!digits) return plusOnly(input);
  const dial = countryByCode(code)?.dial;
  if (!dial) return `+${digits}`;
  const { kind, rest } = classify(dial, input, digits);
  if (kind === "other") return `+${digits}`;
  // the +7 zone's trunk prefix (Kazakhstan's 8), as the Russian mask drops it: typed before the library arrives, it must not become a digit of the number
  const typed = kind === "national" && dial === "7" && rest.startsWith("8") ? rest.slice(1) : rest;
  const national = typed.slice(0, PHONE_MAX_DIGITS - dial.length);
  return national ? `+${dial} ${national}` : `+${dial}`;
}

let loading: Promise<PhoneFormatter> | undefined;

/**
 * Loads libphonenumber-js (once) and returns the full formatter: the spec's mask for "ru", the
 * library's as-you-type international format for every other country, "+<dial> …".
 * Digits typed without "+" and without the calling code are the national number: its national
 * prefix (8 in Kazakhstan or Belarus, 0 in Germany…) is dropped and the calling code added.
 * A "+" with another calling code is formatted as that country's number.
 */
export function loadPhoneFormatter(): Promise<PhoneFormatter> {
  loading ??= import("libphonenumber-js/min").then(
    ({ AsYouType, isSupportedCountry }): PhoneFormatter =>
      (country, input) => {
        const code = country.toLowerCase();
        if (code === "ru") return formatRuPhone(input);
        const digits = digitsOf(input).slice(0, PHONE_MAX_DIGITS);
        if (!digits) return plusOnly(input);
        const region = code.toUpperCase();
        const dial = countryByCode(code)?.dial;
        if (!dial || !isSupportedCountry(region)) return new AsYouType().input(`+${digits}`);
        const asYouType = () => new AsYouType(region as CountryCode);
        let { kind, rest } = classify(dial, input, digits);
        if (kind === "other") return asYouType().input(`+${digits}`);
        if (kind === "national") {
          const typed = asYouType();
          typed.input(rest);
          // undefined while only a national prefix has been typed ("8", "0")
          rest = typed.getNumber()?.nationalNumber ?? "";
        }
        return asYouType().input(`+${dial}${rest.slice(0, PHONE_MAX_DIGITS - dial.length)}`);
      },
    (error: unknown) => {
      loading = undefined; // let a later call retry, e.g. after a network error
      throw error;
    },
  );
  return loading;
}
