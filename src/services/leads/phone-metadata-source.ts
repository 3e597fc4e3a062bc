/**
 * Where libphonenumber-js' metadata is read from (phone.ts `loadPhoneLibrary`), set once by each
 * platform before a form is read: the browser imports libphonenumber-js/min's own with its phone
 * chunk (src/client/entry.ts), the Worker reads it from its static files (src/server/phone-metadata.ts).
 * Neither is named here, so neither is bundled with the other's code (decision 095); this module
 * imports nothing, so the browser's entry names it at no cost.
 */
import type { MetadataJson } from "libphonenumber-js/core";

let reader: (() => Promise<MetadataJson>) | undefined;

export function readPhoneMetadataWith(read: () => Promise<MetadataJson>): void {
  reader = read;
}

/** The reader set, if any. */
export const phoneMetadataReader = (): (() => Promise<MetadataJson>) | undefined => reader;
