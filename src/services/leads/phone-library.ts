/**
 * The three parts of libphonenumber-js the phone reading uses (phone.ts), from its core, which
 * takes the metadata as an argument: bound here to the metadata the platform read
 * (phone-metadata-source.ts), as libphonenumber-js/min binds them to its own. Imported by name, so
 * the bundlers leave the rest of the library out; phone.ts loads this module on demand.
 */
import { AsYouType, type CountryCode, isSupportedCountry, type MetadataJson, parsePhoneNumberFromString } from "libphonenumber-js/core";
import type { PhoneLibrary } from "./phone";

export function phoneLibraryOf(metadata: MetadataJson): PhoneLibrary {
  return {
    AsYouType: class extends AsYouType {
      constructor(country?: CountryCode) {
        super(country, metadata);
      }
    },
    isSupportedCountry: (country) => isSupportedCountry(country as CountryCode, metadata),
    parsePhoneNumberFromString: (text) => parsePhoneNumberFromString(text, metadata),
  };
}
