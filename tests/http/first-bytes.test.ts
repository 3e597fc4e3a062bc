/**
 * Where each template's first screen ends in the bytes a visitor receives (issue 26, decision 041):
 * the page gzip'd as the edge sends it, headers included, read as a browser decodes it from its
 * first bytes on (tests/support/first-screen.ts, also `npm run bench -- first-screen`). The end of the main action must come within the 13,000 bytes the wall lets through.
 * No browser: the bytes are the whole question.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { firstScreenBytes } from "../support/first-screen";
import { siteUrl } from "../e2e/helpers";

const BUDGET = 13_000;

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
      const response = await fetch(`${siteUrl()}${path}`, { headers: { Accept: "text/html" } });
      const html = await response.text();
      const style = html.indexOf("<style>");
      expect(style, `${path}: the template's CSS in the head`).toBeGreaterThan(0);
      expect(html.indexOf("<h1"), path).toBeGreaterThan(style);
      const bytes = firstScreenBytes(html, response.headers);
      // a page with an action of its own names it; on any other the first screen ends with its h1
      if (ownAction.has(template)) expect(bytes.actionEnd, `${path}: a main action`).not.toBeNull();
      const end = bytes.actionEnd ?? bytes.h1End;
      figures.push(`${template} ${path}: headers ${bytes.headerBytes}, h1 ends at ${bytes.h1End}, the first screen at ${end} of ${bytes.total} bytes`);
      expect(bytes.h1End, `${template} (${path})`).toBeLessThanOrEqual(BUDGET);
      expect(end, `${template} (${path})`).toBeLessThanOrEqual(BUDGET);
    }
    console.log(figures.join("\n"));
  });
});
