/**
 * Where a page's first screen ends in the bytes a visitor receives (issue 26: through the 16 KB
 * wall, what a visitor in Russia gets is about the first 13,000 bytes of a page load).
 *
 * The body is counted gzip'd as the edge would send it, by Node's zlib at its default level (6):
 * Cloudflare's own compressor and level are not published, so the offsets are this stream's, and
 * an edge that answers with Brotli sends fewer bytes. An offset is exact for that stream: the
 * smallest number of its bytes from which a gzip decoder gives back the page's text up to the
 * point (found by decoding prefixes of the one stream the whole page compresses to, by bisection).
 * Compressing the prefix alone with a full flush (less the flush's empty stored block) gives a
 * figure up to about 150 bytes lower: the page's own stream codes each block for the text that
 * follows in it too, and its code tables come first (`tests/unit/first-screen.test.ts` holds the
 * two together). So text after a point can move that point by that much, and a Worker that
 * streams its answer in pieces, which an edge may flush one by one, is not modelled.
 *
 * The headers are counted as HTTP/1.1 writes them (status line, `name: value` lines, the blank
 * line), with `content-encoding: gzip` when the answer had none and without `content-length` and
 * `transfer-encoding` (a compressed answer at the edge has neither): over HTTP/2 HPACK sends them in
 * fewer bytes on a first request, and the edge adds a few of its own (`cf-ray`, `server`, ...).
 *
 * Works in Node and in workerd with `nodejs_compat` (the Worker tests' pool turns it on).
 */
import { constants, gunzipSync, gzipSync } from "node:zlib";

export interface FirstScreenBytes {
  /** the status line and the headers, with the blank line after them */
  headerBytes: number;
  /** headers + the gzip'd body through the end of the first `</h1>`; NaN when the page has none */
  h1End: number;
  /** headers + the gzip'd body through the end of the element with `data-main-action`; null when no element has it */
  actionEnd: number | null;
  /** headers + the whole gzip'd body */
  total: number;
}

const encoder = new TextEncoder();

/** The header block as HTTP/1.1 sends it, for a 200 whose body the edge gzips. */
export function headerBlockBytes(headers: Headers, status = "200 OK"): number {
  const lines = [`HTTP/1.1 ${status}`];
  let encoded = false;
  for (const [name, value] of headers) {
    if (name === "content-length" || name === "transfer-encoding" || name === "set-cookie") continue;
    if (name === "content-encoding") encoded = true;
    lines.push(`${name}: ${value}`);
  }
  for (const cookie of headers.getSetCookie()) lines.push(`set-cookie: ${cookie}`);
  if (!encoded) lines.push("content-encoding: gzip");
  return encoder.encode(`${lines.join("\r\n")}\r\n\r\n`).byteLength;
}

const VOID_ELEMENTS = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/**
 * The index just after the element whose start tag begins at `start` ends: its matching end tag
 * (same-name elements nested inside counted), or the start tag itself for a void or self-closed
 * element. Server-rendered HTML is well formed and escapes `>` in attribute values, which this
 * relies on.
 */
export function elementEnd(html: string, start: number): number {
  const open = /^<([a-zA-Z][\w-]*)[^>]*?(\/?)>/.exec(html.slice(start));
  if (!open) throw new Error(`no start tag at ${start}`);
  const name = open[1]!.toLowerCase();
  const afterOpen = start + open[0].length;
  if (VOID_ELEMENTS.has(name) || open[2] === "/") return afterOpen;
  const tags = new RegExp(`<(/?)${name}(?=[\\s/>])[^>]*>`, "gi");
  tags.lastIndex = afterOpen;
  let depth = 1;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    if (match[1]) depth--;
    else if (!match[0].endsWith("/>")) depth++;
    if (depth === 0) return match.index + match[0].length;
  }
  throw new Error(`<${name}> at ${start} is never closed`);
}

/** The index just after the element with the `data-main-action` attribute, or null. */
export function mainActionEnd(html: string): number | null {
  const start = /<[a-zA-Z][\w-]*\s(?:[^>]*?\s)?data-main-action(?=[\s=/>])/.exec(html);
  return start ? elementEnd(html, start.index) : null;
}

/** How many bytes a gzip decoder gives back from the first `length` bytes of `gz` (0 when that is not even the header). */
function decodedFrom(gz: Uint8Array, length: number): number {
  try {
    return gunzipSync(gz.subarray(0, length), { finishFlush: constants.Z_SYNC_FLUSH }).byteLength;
  } catch {
    return 0;
  }
}

/** The smallest prefix of the gzip stream `gz` that decodes to at least `bytes` bytes of its text. */
export function gzipOffsetOf(gz: Uint8Array, bytes: number): number {
  let low = 0;
  let high = gz.byteLength;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (decodedFrom(gz, middle) >= bytes) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The byte positions of a page's first screen in the answer as sent: `html` the page's text,
 * `headers` the headers it came with.
 */
export function firstScreenBytes(html: string, headers: Headers): FirstScreenBytes {
  const body = encoder.encode(html);
  const gz = gzipSync(body);
  const headerBytes = headerBlockBytes(headers);
  const at = (index: number) => headerBytes + gzipOffsetOf(gz, encoder.encode(html.slice(0, index)).byteLength);
  const h1 = html.indexOf("</h1>");
  const action = mainActionEnd(html);
  return {
    headerBytes,
    h1End: h1 < 0 ? Number.NaN : at(h1 + "</h1>".length),
    actionEnd: action === null ? null : at(action),
    total: headerBytes + gz.byteLength,
  };
}

/** The templates whose sample page has a main action of its own, marked `data-main-action`; the others end their first screen with the h1. */
export const OWN_ACTION = new Set(["home", "program", "bachelor", "seminar"]);

/** One page of each template of the site at `site` (its origin), the first the sitemap lists where a template has many. */
export async function firstScreenSamples(site: string): Promise<[string, string][]> {
  const xml = await (await fetch(`${site}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const first = (prefix: string) => {
    const found = paths.find((path) => path.startsWith(prefix));
    if (!found) throw new Error(`the sitemap lists no ${prefix} page`);
    return found;
  };
  return [
    ["home", "/"],
    ["program", first("/professions/")],
    ["bachelor", first("/bachelor/")],
    ["seminar", first("/seminars/")],
    ["list", "/teachers"],
    ["article", first("/journal/")],
    ["info", "/contacts"],
    ["form", "/apply"],
  ];
}
