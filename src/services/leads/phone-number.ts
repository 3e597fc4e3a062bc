import { cleanMessages } from "./messages";

/**
 * A phone number as the CRM gets it: E.164 (`+79161234567`), read with libphonenumber for the
 * country the visitor chose (a number typed with "+" and another country's code is that country's).
 * The library is imported on first use, so only the requests that take a phone number load it.
 */
export async function toE164(input: string, country: string | undefined): Promise<{ e164: string } | { error: string }> {
  const { isSupportedCountry, parsePhoneNumberFromString } = await import("libphonenumber-js/min");
  const region = (country ?? "ru").toUpperCase();
  const number = parsePhoneNumberFromString(input, isSupportedCountry(region) ? region : "RU");
  return number?.isValid() ? { e164: number.number } : { error: cleanMessages.phoneInvalid };
}
