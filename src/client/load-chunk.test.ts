import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../../scripts/lib/wrangler";
import { chunkOf } from "./load-chunk";

// biome-ignore lint/suspicious/noExplicitAny: a loader as the minified bundle writes it, never run
const load = (source: string) => new Function(`return ${source}`)() as () => Promise<any>;

describe("the chunk a loader asks for, as the bundle writes it", () => {
  it("from the entry and from a chunk: the file in /assets/chunks", () => {
    expect(chunkOf(load('()=>import("./chunks/LeadPopup.island-ABC123.js")'))).toBe("/assets/chunks/LeadPopup.island-ABC123.js");
    expect(chunkOf(load('()=>import("./LeadForm-XYZ9.js")'))).toBe("/assets/chunks/LeadForm-XYZ9.js");
    expect(chunkOf(load('() => import("./chunks/react-runtime-QJB743YW.js")'))).toBe("/assets/chunks/react-runtime-QJB743YW.js");
    expect(chunkOf(load('()=>import("/assets/chunks/LeadPopup.island-ABC123.js")'))).toBe("/assets/chunks/LeadPopup.island-ABC123.js");
  });

  // the build's own form, whatever its options (a `publicPath` turned every import into an address from the site's root)
  it("in the built entry: every island's loader names a chunk that the build wrote", () => {
    const manifest = JSON.parse(readFileSync(join(root, "build/manifest.json"), "utf8")) as { entry: string };
    const entry = readFileSync(join(root, "public", manifest.entry), "utf8");
    const imports = [...entry.matchAll(/\(\)\s*=>\s*import\([^)]*\)/g)].map((match) => match[0]);
    expect(imports.length).toBeGreaterThan(10);
    for (const source of imports) {
      const chunk = chunkOf(load(source));
      expect(chunk, source).toBeDefined();
      expect(existsSync(join(root, "public", chunk!)), source).toBe(true);
    }
  });

  it("nothing for a loader whose source names no chunk file (the sources, unbundled)", () => {
    expect(chunkOf(() => Promise.resolve(1))).toBeUndefined();
  });
});
