import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { programHref, studyFieldHref } from "../../src/services/catalogue/links";
import { generatedCatalogue } from "../support/content";
import { seedCatalogue } from "./seed";

/**
 * Issue #8: a catalogue of 10,000 programs. The catalogue snapshot stays within KV's 25 MiB value
 * (the programs' details live apart, decision 013), and the pages a visitor meets and the search
 * index the browser downloads stay within twice their size at 100 programs.
 */
const origin = "https://mip.institute";
const KV_VALUE_LIMIT = 25 * 1024 * 1024;

async function sizes(size: number): Promise<Record<string, number>> {
  const catalogue = await seedCatalogue(generatedCatalogue(size));
  const field = catalogue.studyFields[0]!.slug;
  const paths = [
    "/",
    "/programs",
    "/programs?page=2",
    "/professions",
    studyFieldHref(field),
    "/courses",
    "/teachers",
    `/search?q=${encodeURIComponent("психология")}`,
    `/api/search?q=${encodeURIComponent("психология")}`,
    `/api/search/browser?v=${catalogue.version}`,
  ];
  const measured: Record<string, number> = {};
  for (const path of paths) {
    const response = await SELF.fetch(`${origin}${path}`);
    expect(response.status, path).toBe(200);
    // the markup without the numbers the generator puts in titles and slugs
    measured[path.replace(catalogue.version, "v")] = (await response.text()).replace(/\d+/g, "0").length;
  }
  return measured;
}

describe("a catalogue of 10,000 programs", () => {
  it("fits KV: the shared snapshot is far below the 25 MiB value limit", async () => {
    const { contentEntries } = await import("../../src/services/catalogue/publish");
    const entries = await contentEntries(generatedCatalogue(10_000));
    const largest = Math.max(...entries.map((entry) => new TextEncoder().encode(entry.value).length));
    expect(largest).toBeLessThan(KV_VALUE_LIMIT / 2);
  });

  it("keeps list pages, search pages and the browser's index within twice their size at 100 programs", async () => {
    const small = await sizes(100);
    const big = await sizes(10_000);
    for (const [path, bytes] of Object.entries(small)) {
      expect(big[path], path).toBeLessThanOrEqual(bytes * 2);
    }
    // and a program page of the big catalogue renders with its details
    const catalogue = generatedCatalogue(10_000);
    const program = catalogue.programs[9_999]!;
    const html = await (await SELF.fetch(`${origin}${programHref(program)}`)).text();
    expect(html).toContain(program.modules[0]!.title);
  }, 180_000);
});
