/**
 * The three parts of libphonenumber-js the phone reading uses (phone.ts), imported by name so that
 * the bundlers leave the rest of the library out (number search, the other formats), in the
 * browser's chunk and in the Worker alike; phone.ts loads this module on demand.
 */
import { AsYouType, isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js/min";

export const phoneLibraryParts = { AsYouType, isSupportedCountry, parsePhoneNumberFromString };
