import { cleanMessages } from "./messages";
import { phoneE164, phoneLibraryOrNone } from "./phone";

/**
 * A phone number as the CRM gets it: E.164 (`+79161234567`), read for the country the visitor
 * chose by the same reading as the field (phone.ts `readPhone`): a number typed with "+" and
 * another country's code is that country's. The library is imported on first use, so only the
 * requests that take a phone number load it.
 */
export async function toE164(input: string, country: string | undefined): Promise<{ e164: string } | { error: string }> {
  const e164 = phoneE164(country, input, await phoneLibraryOrNone());
  return e164 ? { e164 } : { error: cleanMessages.phoneInvalid };
}
