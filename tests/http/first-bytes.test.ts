/**
 * Where each template's first screen ends in the bytes a visitor receives (issue 26, decision 041):
 * the page as the Worker sends it (gzip, headers included), read as a browser decodes it from its
 * first bytes on. The end of the main action must come within the 13,000 bytes the wall lets through.
 * No browser: the bytes are the whole question.
 */
import { request } from "node:http";
import { constants, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { siteUrl } from "../e2e/helpers";

const BUDGET = 13_000;

interface Received {
  /** the status line and the header lines as they travel (HTTP/1.1; HTTP/2 compresses them further) */
  headerBytes: number;
  /** the body as it travels: gzip */
  body: Buffer;
  encoding: string | undefined;
}

function receive(path: string): Promise<Received> {
  return new Promise((resolve, reject) => {
    const req = request(`${siteUrl()}${path}`, { headers: { "Accept-Encoding": "gzip", Accept: "text/html" } }, (response) => {
      const lines = [`HTTP/1.1 ${response.statusCode} ${response.statusMessage}`];
      for (let i = 0; i < response.rawHeaders.length; i += 2) lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ headerBytes: Buffer.byteLength(`${lines.join("\r\n")}\r\n\r\n`), body: Buffer.concat(chunks), encoding: response.headers["content-encoding"] }),
      );
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** What a browser can decode from the first `n` bytes of a gzip body. */
const decodable = (body: Buffer, n: number): string => gunzipSync(body.subarray(0, n), { finishFlush: constants.Z_SYNC_FLUSH }).toString("utf8");

/** The fewest bytes of the body from which the decoded page reaches `end` characters... found by halving. */
function bytesFor(body: Buffer, end: number): number {
  let low = 0;
  let high = body.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (decodable(body, middle).length >= end) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The end (in characters of the page) of the element that opens at `start`: the first closing tag of its kind after it. */
function elementEnd(html: string, start: number): number {
  const tag = /^<([a-z0-9]+)/.exec(html.slice(start))?.[1];
  const close = tag ? html.indexOf(`</${tag}>`, start) : -1;
  return close < 0 ? -1 : close + tag!.length + 3;
}

const samples: [string, string][] = [];
/** The samples whose page has a main action of its own, marked `data-main-action`. */
const ownAction = new Set(["home", "program", "bachelor", "seminar"]);

beforeAll(async () => {
  const xml = await (await fetch(`${siteUrl()}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const first = (prefix: string) => paths.find((path) => path.startsWith(prefix)) ?? prefix;
  samples.push(
    ["home", "/"],
    ["program", first("/professions/")],
    ["bachelor", first("/bachelor/")],
    ["seminar", first("/seminars/")],
    ["list", "/teachers"],
    ["article", first("/journal/")],
    ["info", "/contacts"],
    ["form", "/apply"],
  );
});

describe("the first screen's end in the bytes a visitor receives", () => {
  it("comes for every template within the 13,000 bytes the wall lets through, headers included", async () => {
    const figures: string[] = [];
    for (const [template, path] of samples) {
      const { headerBytes, body, encoding } = await receive(path);
      expect(encoding, path).toBe("gzip");
      const html = gunzipSync(body).toString("utf8");
      const style = html.indexOf("<style>");
      const h1 = html.indexOf("<h1");
      const marked = html.indexOf("data-main-action");
      expect(style, `${path}: the template's CSS in the head`).toBeGreaterThan(0);
      expect(h1, path).toBeGreaterThan(style);
      // a page with an action of its own names it; on any other the first screen ends with its h1
      if (ownAction.has(template)) expect(marked, `${path}: a main action`).toBeGreaterThan(0);
      const h1End = headerBytes + bytesFor(body, elementEnd(html, h1));
      const actionEnd = marked < 0 ? h1End : headerBytes + bytesFor(body, elementEnd(html, html.lastIndexOf("<", marked)));
      figures.push(`${template} ${path}: headers ${headerBytes}, h1 ends at ${h1End}, the action at ${actionEnd} of ${headerBytes + body.length} bytes`);
      expect(actionEnd, `${template} (${path})`).toBeLessThanOrEqual(BUDGET);
      expect(h1End, `${template} (${path})`).toBeLessThanOrEqual(BUDGET);
    }
    console.log(figures.join("\n"));
  });
});
