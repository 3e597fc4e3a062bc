/** Every piece of state an isolate keeps is a named slot (services/isolate.ts), and docs/architecture.md names them all. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import "../../src/components/layout/RenderedOnce";
import "../../src/render/head";
import "../../src/server/config.server";
import "../../src/server/middleware/edge-cache";
import "../../src/server/middleware/security-headers";
import "../../src/server/site-keys.server";
import "../../src/services/catalogue/program-details";
import "../../src/services/catalogue/repository";
import "../../src/services/search/repository";
import { freshIsolate, isolateSlot, isolateSlotNames } from "../../src/services/isolate";
import { root } from "../../scripts/lib/wrangler";

describe("the state an isolate keeps", () => {
  it("is the slots docs/architecture.md names", () => {
    const section = readFileSync(join(root, "docs/architecture.md"), "utf8").split("## State an isolate keeps")[1]!.split("\n## ")[0]!;
    // the slots are the section's `lowercase-words`
    const documented = [...section.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!);
    expect(new Set(documented)).toEqual(new Set(isolateSlotNames().filter((name) => !name.startsWith("test-"))));
  });

  it("starts again, every slot, with one reset", () => {
    const counter = isolateSlot("test-counter", () => ({ n: 0 }));
    counter().n = 5;
    freshIsolate();
    expect(counter().n).toBe(0);
  });
});
