import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeChunkTable } from "../src/client/module-preload";
import { encodeChunkTable } from "./build";
import { root } from "./lib/wrangler";

const chunk = (name: string) => `/assets/chunks/${name}.js`;

describe("the table of each island's chunks, written into the entry (decision 037)", () => {
  it("reads back what the build wrote: each island's imports, without the island's own module", () => {
    const closures = {
      "layout/Header": [chunk("Header.island-AAAA1111"), chunk("chunk-BBBB2222"), chunk("chunk-CCCC3333")],
      "forms/LeadForm": [chunk("LeadForm.island-DDDD4444"), chunk("chunk-CCCC3333"), chunk("odd-name-EEEE5555")],
      react: [chunk("react-runtime-FFFF6666"), chunk("chunk-BBBB2222")],
    };
    const table = decodeChunkTable(encodeChunkTable(closures))!;
    const files = (island: string) => table.islands[island]!.map((i) => table.files[i]);
    expect(files("layout/Header")).toEqual(["BBBB2222", "CCCC3333"]);
    expect(files("forms/LeadForm")).toEqual(["CCCC3333", "odd-name-EEEE5555"]);
    expect(files("react")).toEqual(["BBBB2222"]);
  });

  it("is nothing while the token is still in place (a bundle the build did not finish)", () => {
    expect(decodeChunkTable("__ISLAND_CHUNKS__")).toBeUndefined();
  });

  it("is in the built entry, naming every island of the manifest", () => {
    const manifest = JSON.parse(readFileSync(join(root, "build/manifest.json"), "utf8")) as { entry: string; islands: Record<string, string[]> };
    const entry = readFileSync(join(root, "public", manifest.entry), "utf8");
    expect(entry).not.toContain("__ISLAND_CHUNKS__");
    for (const island of [...Object.keys(manifest.islands), "react"]) expect(entry).toContain(`${island}=`);
  });
});

describe("the site's font files in the entry (decision 094)", () => {
  it("are both of PT Sans' files the manifest names, by their addresses from the site's root", () => {
    const manifest = JSON.parse(readFileSync(join(root, "build/manifest.json"), "utf8")) as { entry: string; fonts: string[] };
    const entry = readFileSync(join(root, "public", manifest.entry), "utf8");
    expect(manifest.fonts).toHaveLength(2);
    for (const file of manifest.fonts) expect(entry).toContain(`"${file}"`);
  });
});
