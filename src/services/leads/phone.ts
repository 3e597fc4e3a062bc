/**
 * The phone number of the lead forms, read one way in the browser and on the server
 * (decision 070): `readPhone` says which country's number the visitor typed and its national
 * digits; the field formats that (`formatPhone`), the forms' schema checks it and the server
 * stores it in E.164 (`phoneE164`). libphonenumber-js is never imported statically here: the
 * browser loads it on demand (`loadPhoneLibrary`), and until then the reading goes by the length
 * of the country's number (its mask, phone-masks.data.ts). Its metadata (83 KB) is read where
 * each platform keeps it (phone-metadata-source.ts): the browser's own chunk, the Worker's static
 * files, so a fresh isolate does not parse it with its bundle (decision 095).
 */
// Type-only import: erased from the output, it does not pull the library into the bundle.
import type { AsYouType, CountryCode, PhoneNumber } from "libphonenumber-js/core";
import { log } from "../log";
import { type Country, countries } from "./countries.data";
import { phoneMetadataReader } from "./phone-metadata-source";
import { phoneGroups } from "./phone-masks.data";

export type { Country };

/** The spec: a phone number has at least 8 digits. */
export const PHONE_MIN_DIGITS = 8;
/** E.164: at most 15 digits, country code included. */
const PHONE_MAX_DIGITS = 15;
/** The Russian mask holds at most 11 digits: 7 and the 10-digit national number. */
export const RU_MAX_DIGITS = 11;
/** The spec's mask of a Russian number (spec 5), the Russian field's placeholder. */
const RU_MASK = "+7 (XXX) XXX-XX-XX";

/** What the reading takes from libphonenumber-js, bound to its metadata (phone-library.ts). */
export interface PhoneLibrary {
  AsYouType: new (country?: CountryCode) => AsYouType;
  isSupportedCountry(country: string): boolean;
  parsePhoneNumberFromString(text: string): PhoneNumber | undefined;
}

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
 * Groups written as people there write them, not as libphonenumber-js does: Russia's from the
 * spec's mask, and Kazakhstan's the same («+7 701 234 56 78», where the library says «701 234 5678»).
 */
const LOCAL_GROUPS: Readonly<Record<string, string>> = { ru: "3322", kz: "3322" };

/** The groups of digits of the country's mobile number ("2322"). */
const groupsOf = (code: string) => LOCAL_GROUPS[code] ?? phoneGroups[code] ?? "";
const groupSizes = (code: string) => [...groupsOf(code)].map(Number);

/**
 * The placeholder of the phone field: the mask of the chosen country's number, "+7 (XXX) XXX-XX-XX"
 * for Russia (the spec), "+7 XXX XXX XX XX" for Kazakhstan, "+998 XX XXX XX XX" for Uzbekistan.
 */
export function phoneMask(country: string): string {
  const code = country.toLowerCase();
  if (code === "ru") return RU_MASK;
  const dial = countryByCode(code)?.dial;
  if (!dial) return "+";
  return [`+${dial}`, ...groupSizes(code).map((size) => "X".repeat(size))].join(" ");
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
 * E.164 as `phoneE164` reads it without the library: only a reading that accounts for every digit
 * typed (the number itself, after its calling code or its trunk prefix), since nothing checks the
 * number after it; a digit too many is a number refused, not one cut short.
 */
function withoutLibrary(country: string, input: string, reading: PhoneReading): string | undefined {
  const typed = digitsOf(input);
  if (reading.kind === "foreign") return typed.length >= PHONE_MIN_DIGITS && typed.length <= PHONE_MAX_DIGITS ? `+${typed}` : undefined;
  if (reading.kind !== "national") return undefined;
  const { dial, national } = reading;
  const whole = [national, `${dial}${national}`, `${TRUNK_EIGHT.has(dial) ? "8" : "0"}${national}`].includes(typed);
  const inFull = plusOnly(input) === "+" && national.length >= groupSizes(country.toLowerCase()).reduce((sum, size) => sum + size, 0);
  return whole && (reading.complete || inFull) ? `+${dial}${national}` : undefined;
}

/**
 * What the visitor typed, read for the chosen country:
 * - `national`: a number of a country with this calling code, its national digits (`complete`
 *   when they are a whole number there: valid by the library, or of the mask's length before it);
 * - `foreign`: a "+" with another calling code (or one still being typed), or, once the library
 *   is there, digits that are only a whole number with a calling code of their own;
 * - `plus`: a "+" alone; `empty`: no digit.
 */
export type PhoneReading =
  | { kind: "empty" }
  | { kind: "plus" }
  | { kind: "foreign"; digits: string }
  | { kind: "national"; dial: string; national: string; complete: boolean };

/** Countries whose trunk prefix is 8 (the +7 zone, Belarus, Tajikistan, Turkmenistan); elsewhere it is 0. */
const TRUNK_EIGHT = new Set(["7", "375", "992", "993"]);

/**
 * Reads the input for the chosen country. The digits after the country's calling code (a "+"
 * with that code, or none) are tried in this order, and the first that is a whole number of the
 * country is the number: as typed; without a leading calling code (`998901234567` in Uzbekistan);
 * without the trunk prefix (`8 701…` in Kazakhstan, `0 30…` in Germany). So a number is taken for
 * one with its calling code only when what follows is a valid number there: `701 234 56 78` in
 * Kazakhstan starts with 7 and is the national number. None whole yet: the digits as the field
 * shows them while typing (a leading trunk prefix dropped, Russia's 7 or 8 taken as its code).
 */
export function readPhone(country: string, input: string, library: PhoneLibrary | null): PhoneReading {
  const code = country.toLowerCase();
  const digits = digitsOf(input).slice(0, PHONE_MAX_DIGITS);
  const plus = plusOnly(input) === "+";
  if (!digits) return plus ? { kind: "plus" } : { kind: "empty" };
  const dial = countryByCode(code)?.dial;
  if (!dial || (plus && !digits.startsWith(dial))) return { kind: "foreign", digits };
  const rest = plus ? digits.slice(dial.length) : digits;
  const longest = code === "ru" ? RU_MAX_DIGITS - 1 : PHONE_MAX_DIGITS - dial.length;
  const whole = (national: string): string | undefined => {
    if (!national) return undefined;
    if (!library) return sumMatches(code, national);
    const number = library.parsePhoneNumberFromString(`+${dial}${national}`);
    return number?.isValid() ? number.nationalNumber : undefined;
  };
  const trunk = withoutTrunk(code, dial, rest, library);
  const candidates = [rest, rest.startsWith(dial) ? rest.slice(dial.length) : "", trunk];
  for (const candidate of candidates) {
    const national = whole(candidate);
    if (national) return { kind: "national", dial, national, complete: true };
  }
  // digits that make a whole number only with a calling code of their own (a Tashkent number pasted with Russia chosen)
  if (!plus && library?.parsePhoneNumberFromString(`+${digits}`)?.isValid()) return { kind: "foreign", digits };
  // still typing: Russia's mask reads a leading 7 or 8 as the code; elsewhere a trunk prefix typed first is dropped
  const typing = plus ? rest : code === "ru" ? (/^[78]/.test(rest) ? rest.slice(1) : rest) : trunk || (isTrunkOnly(dial, rest, library, code) ? "" : rest);
  return { kind: "national", dial, national: typing.slice(0, longest), complete: false };
}

/** Before the library: a national number is whole when it has as many digits as the country's mask. */
function sumMatches(code: string, national: string): string | undefined {
  const length = groupSizes(code).reduce((sum, size) => sum + size, 0);
  return length > 0 && national.length === length ? national : undefined;
}

/** The digits without the country's trunk prefix: by the library's rules, or before it 8 or 0 at the head. */
function withoutTrunk(code: string, dial: string, rest: string, library: PhoneLibrary | null): string {
  if (library) {
    const region = code.toUpperCase();
    if (!library.isSupportedCountry(region)) return "";
    const typed = new library.AsYouType(region as CountryCode);
    typed.input(rest);
    const national = typed.getNumber()?.nationalNumber ?? "";
    return national !== rest && rest.endsWith(national) ? national : "";
  }
  const prefix = TRUNK_EIGHT.has(dial) ? "8" : "0";
  return rest.length > 1 && rest.startsWith(prefix) ? rest.slice(1) : "";
}

/** Only the trunk prefix typed so far ("8" in Kazakhstan, "0" in Germany): the field shows the calling code alone. */
function isTrunkOnly(dial: string, rest: string, library: PhoneLibrary | null, code: string): boolean {
  if (library) {
    const region = code.toUpperCase();
    if (!library.isSupportedCountry(region)) return false;
    const typed = new library.AsYouType(region as CountryCode);
    typed.input(rest);
    return typed.getNumber() === undefined && /^[08]$/.test(rest);
  }
  return rest === (TRUNK_EIGHT.has(dial) ? "8" : "0");
}

/** Digits grouped as the country's mask groups them, past the mask's end kept in its last group. */
function groupByMask(code: string, national: string): string {
  const groups: string[] = [];
  let at = 0;
  for (const size of groupSizes(code)) {
    if (at >= national.length) break;
    groups.push(national.slice(at, at + size));
    at += size;
  }
  if (at < national.length) groups.push(`${groups.pop() ?? ""}${national.slice(at)}`);
  return groups.join(" ");
}

/**
 * The field's text for what was typed: Russia in the spec's mask, any other country "+<code> "
 * and its digits, grouped by the library once it has loaded and by the country's mask before.
 * Stable on its own output, so typing on never reads the digits another way.
 */
export function formatPhone(country: string, input: string, library: PhoneLibrary | null): string {
  const code = country.toLowerCase();
  const reading = readPhone(code, input, library);
  if (reading.kind === "empty") return "";
  if (reading.kind === "plus") return "+";
  if (reading.kind === "foreign") return library ? new library.AsYouType().input(`+${reading.digits}`) : `+${reading.digits}`;
  const { dial, national } = reading;
  if (code === "ru") return formatRuPhone(`+7${national}`);
  if (library && !(code in LOCAL_GROUPS)) return new library.AsYouType().input(`+${dial}${national}`);
  return national ? `+${dial} ${groupByMask(code, national)}` : `+${dial}`;
}

/** The fallback formatter, before libphonenumber-js has loaded. */
export const formatPhoneFallback: PhoneFormatter = (country, input) => formatPhone(country, input, null);

/**
 * The number in E.164 (`+77012345678`) when it is a valid one, read for the chosen country as the
 * field reads it; undefined when no country has it. Without the library (its metadata could not
 * be read) a number is read as the field reads it before the library: whole when it has its
 * country's mask's length, or at least that many digits when written in full with its "+"; so a
 * lead is not refused for want of the library.
 */
export function phoneE164(country: string | undefined, input: string, library: PhoneLibrary | null): string | undefined {
  const reading = readPhone(country ?? "ru", input, library);
  if (!library) return withoutLibrary(country ?? "ru", input, reading);
  const international =
    reading.kind === "foreign" ? `+${reading.digits}` : reading.kind === "national" && reading.complete ? `+${reading.dial}${reading.national}` : undefined;
  const number = international ? library.parsePhoneNumberFromString(international) : undefined;
  return number?.isValid() ? number.number : undefined;
}

/** libphonenumber-js, once loaded: the reading of every form on this page (or server isolate) uses it. */
let phoneLibrary: PhoneLibrary | undefined;

/** The library if it has loaded: what the forms' schema checks a number with (schemas.ts). */
export const loadedPhoneLibrary = (): PhoneLibrary | undefined => phoneLibrary;

/**
 * Loads libphonenumber-js and its metadata, once they have come the same library each time. A load
 * under way is not shared: on the Worker the metadata is a request's read of a static file, which
 * another request may not wait for (the runtime cancels it as hung); in the browser the module
 * loader asks for each chunk once however many loads wait. A failed load is tried again on the
 * next call.
 */
export async function loadPhoneLibrary(): Promise<PhoneLibrary> {
  if (phoneLibrary) return phoneLibrary;
  const read = phoneMetadataReader();
  if (!read) throw new Error("phone: no metadata reader was set");
  const [{ phoneLibraryOf }, metadata] = await Promise.all([import("./phone-library"), read()]);
  phoneLibrary ??= phoneLibraryOf(metadata);
  return phoneLibrary;
}

/**
 * The library for a request that must be answered whatever happens (a lead, an order): null, said
 * in the log, when it cannot be loaded; the number is then read as before the library (`phoneE164`).
 */
export function phoneLibraryOrNone(): Promise<PhoneLibrary | null> {
  return loadPhoneLibrary().catch((error: unknown) => {
    log.error("phone.library_unavailable", { error: error instanceof Error ? error.message : String(error) });
    return null;
  });
}

let formatter: PhoneFormatter | undefined;

/** Loads the library and returns the full formatter (formatPhone with it), the same one each time. */
export function loadPhoneFormatter(): Promise<PhoneFormatter> {
  return loadPhoneLibrary().then((library) => {
    formatter ??= (country, input) => formatPhone(country, input, library);
    return formatter;
  });
}
