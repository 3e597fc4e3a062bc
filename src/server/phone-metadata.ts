/**
 * The Worker's source of libphonenumber-js' metadata (services/leads/phone.ts): the copy the build
 * puts among the static files (scripts/build.ts, `manifest.phoneMetadata`), read when a request
 * first reads a phone number, instead of 83 KB in the bundle every fresh isolate parses (decision
 * 095). The browser imports its own copy with its phone chunk (src/client/entry.ts).
 */
import { env } from "cloudflare:workers";
import type { MetadataJson } from "libphonenumber-js/core";
import { readPhoneMetadataWith } from "../services/leads/phone-metadata-source";
import { readStaticFile } from "./static-files";

async function readPhoneMetadata(assets: Fetcher, path: string): Promise<MetadataJson> {
  return (await (await readStaticFile(assets, path)).json()) as MetadataJson;
}

/** Sets the phone reading to read its metadata from this Worker's static files, at `path` (the build's manifest names it). */
export function readPhoneMetadataFromStaticFiles(path: string): void {
  readPhoneMetadataWith(() => readPhoneMetadata((env as Env).ASSETS, path));
}
