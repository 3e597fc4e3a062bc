import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { SearchResult } from "../../src/services/search/documents";
import { BROWSER_INDEX_MAX_DOCUMENTS, loadSearchIndex, type SearchIndexData, searchIndex } from "../../src/services/search/engine";
import { generatedCatalogue } from "../support/content";
import { seedCatalogue } from "./seed";

/** A catalogue too big to send whole: the browser gets a sample, the server searches everything. */
const catalogue = generatedCatalogue(3_000);
const origin = "https://mip.institute";

// 3,000 programs' entries take seconds to write on a busy machine: more than a hook's default 10 s
beforeAll(async () => {
  await seedCatalogue(catalogue);
}, 60_000);

describe("search over a big catalogue", () => {
  it("sends the browser a sample of the same size as for a small catalogue, marked incomplete", async () => {
    const response = await SELF.fetch(`${origin}/api/search/browser?v=${catalogue.version}`);
    expect(response.status).toBe(200);
    const data = (await response.json()) as SearchIndexData;
    expect(data.complete).toBe(false);
    expect(data.docs).toHaveLength(BROWSER_INDEX_MAX_DOCUMENTS);
  });

  it("finds on the server what the browser's sample does not hold", async () => {
    const sample = loadSearchIndex(await (await SELF.fetch(`${origin}/api/search/browser?v=${catalogue.version}`)).text());
    const last = catalogue.programs.at(-1)!;
    expect(searchIndex(sample, last.title).some((r) => r.slug === last.slug)).toBe(false);
    const response = await SELF.fetch(`${origin}/api/search?q=${encodeURIComponent(last.title)}`);
    const { results } = (await response.json()) as { results: SearchResult[] };
    expect(results[0]).toMatchObject({ slug: last.slug, title: last.title });
  });
});
