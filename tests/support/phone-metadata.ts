/**
 * The unit tests read phone numbers as the browser does: with libphonenumber-js/min's own
 * metadata (src/client/entry.ts sets the same reader; the Worker reads its static copy).
 */
import { readPhoneMetadataWith } from "../../src/services/leads/phone-metadata-source";

readPhoneMetadataWith(() => import("libphonenumber-js/min/metadata").then((metadata) => metadata.default));
