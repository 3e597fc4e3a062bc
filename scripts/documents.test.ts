import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultCatalogue } from "../tests/support/content";
import { buildDocuments } from "./documents";
import { root } from "./lib/wrangler";

describe("the documents as PDF files", async () => {
  const files = await buildDocuments();
  const { documents } = defaultCatalogue();

  it("makes one file for every document, the policy documents of spec 2.1 among them", () => {
    expect(Object.keys(files).sort()).toEqual(documents.map((d) => d.slug).sort());
    for (const slug of ["marketing-consent", "offer", "event-offer", "privacy", "terms", "regulation", "analytics-policy"]) expect(files).toHaveProperty(slug);
  });

  it.each(documents.map((d) => [d.slug, d]))("%s is a valid PDF with its title", (slug, document) => {
    const bytes = readFileSync(join(root, "public/docs/pdf", `${slug}.pdf`));
    expect(bytes.subarray(0, 8).toString("latin1")).toBe("%PDF-1.7");
    expect(bytes.subarray(-6).toString("latin1").trim()).toBe("%%EOF");
    const text = bytes.toString("latin1");
    expect(text).toMatch(/\/Type \/Catalog/);
    expect(text).toMatch(/\/Count [1-9]/);
    expect(text).toMatch(/\/Title (\d+ 0 R|[<(])/);
    expect(bytes.length).toBe(files[slug]!.bytes);
    expect(document.title.length).toBeGreaterThan(0);
  });

  it("gives the same bytes for the same content", async () => {
    const again = await buildDocuments();
    expect(again).toEqual(files);
    // 22 PDFs drawn again: seconds on two busy cores
  }, 60_000);
});
