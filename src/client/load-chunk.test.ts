import { describe, expect, it } from "vitest";
import { chunkOf } from "./load-chunk";

describe("the chunk a loader asks for, as the bundle writes it", () => {
  it("from the entry and from a chunk: the file in /assets/chunks", () => {
    // biome-ignore lint/suspicious/noExplicitAny: a loader as the minified bundle writes it, never run
    const load = (source: string) => new Function(`return ${source}`)() as () => Promise<any>;
    expect(chunkOf(load('()=>import("./chunks/LeadPopup.island-ABC123.js")'))).toBe("/assets/chunks/LeadPopup.island-ABC123.js");
    expect(chunkOf(load('()=>import("./LeadForm-XYZ9.js")'))).toBe("/assets/chunks/LeadForm-XYZ9.js");
    expect(chunkOf(load('() => import("./chunks/react-runtime-QJB743YW.js")'))).toBe("/assets/chunks/react-runtime-QJB743YW.js");
  });

  it("nothing for a loader whose source names no chunk file (the sources, unbundled)", () => {
    expect(chunkOf(() => Promise.resolve(1))).toBeUndefined();
  });
});
