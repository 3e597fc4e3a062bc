/** The one bytes-to-hex helper of the site, and the SHA-256 digest every key, seal and validator is named by. */

/** Bytes as lowercase hex. */
export const hex = (bytes: ArrayBuffer | Uint8Array): string => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** The SHA-256 of a text (as UTF-8) or of bytes, as lowercase hex (64 characters). */
export async function sha256Hex(data: string | ArrayBuffer | Uint8Array<ArrayBuffer>): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", typeof data === "string" ? new TextEncoder().encode(data) : data));
}
