/**
 * Every piece of state an isolate keeps is a named slot (services/isolate.ts) that one reset starts
 * again, and the server's modules keep nothing else at module scope.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { freshIsolate, isolateSlot } from "../../src/services/isolate";
import { root } from "../../scripts/lib/wrangler";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [path] : [];
  });
}

const src = join(root, "src");
const withSlots = sources(src).filter((file) => !file.endsWith("services/isolate.ts") && readFileSync(file, "utf8").includes("isolateSlot("));
// importing a module declares its slots
await Promise.all(withSlots.map((file) => import(file)));

/**
 * Module-level state that is not a slot, each with why no request can tell: a memo of a value that
 * is the same whatever the request, made again identically by a fresh isolate.
 */
const NOT_STATE: Record<string, string> = {
  "src/services/isolate.ts: slots": "the registry of the slots themselves",
  "src/services/leads/phone.ts: phoneLibrary": "the same module once it has come",
  "src/services/leads/phone.ts: formatter": "the formatter made over that module, the same for every request",
  "src/services/dates.ts: clockFormats": "Intl formatters of a time zone, made once each",
  "src/services/leads/phone-metadata-source.ts: reader": "where the platform keeps the phone library's metadata, set once as its code loads",
};

/** Module-level `let`/`var`, and constants made as empty containers to be filled (`new Map()`, `new Set()`, `[]`, `{}`). */
const MODULE_STATE = /^(?:export )?(?:(?:let|var) (\w+)|const (\w+)(?::[^=]+)? = (?:new (?:Map|Set)\b[^(]*\(\s*\)|\[\]|\{\})\s*;)/gm;

describe("the state an isolate keeps", () => {
  it("is nothing else at module scope in src/services and src/server", () => {
    const found: string[] = [];
    for (const file of [...sources(join(src, "services")), ...sources(join(src, "server"))]) {
      for (const match of readFileSync(file, "utf8").matchAll(MODULE_STATE)) found.push(`${relative(root, file)}: ${match[1] ?? match[2]}`);
    }
    expect(found.filter((entry) => !(entry in NOT_STATE))).toEqual([]);
    // each exception still exists, so the list cannot hide a new one under an old name
    expect(Object.keys(NOT_STATE).filter((entry) => !found.includes(entry))).toEqual([]);
  });

  it("starts again, every slot, with one reset", () => {
    const counter = isolateSlot("test-counter", () => ({ n: 0 }));
    counter().n = 5;
    freshIsolate();
    expect(counter().n).toBe(0);
  });
});
