/**
 * The files the docs point to exist: every `src/…`, `scripts/…` and `tests/…` path named in
 * README.md and docs/**\/*.md, and the paths below src/ that docs/architecture.md names by their
 * layer (`server/visitor.ts`). A moved file fails here until the docs follow it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./lib/wrangler";

function markdown(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? markdown(path) : name.endsWith(".md") ? [path] : [];
  });
}

const documents = [join(root, "README.md"), ...markdown(join(root, "docs"))];

/** A path as the docs write it, without the sentence's punctuation; patterns (`**`, `{a,b}`) are not paths. */
const pathsIn = (text: string, pattern: RegExp) =>
  [...text.matchAll(pattern)].map((match) => match[1]!.replace(/[.,:;]+$/, "")).filter((path) => !/[*{}]/.test(path));

describe("the paths the docs name", () => {
  it("exist: src/, scripts/ and tests/ in README.md and docs/", () => {
    const missing: string[] = [];
    for (const document of documents) {
      for (const path of pathsIn(readFileSync(document, "utf8"), /(?<![\w./-])((?:src|scripts|tests)\/[\w./*{}-]*)/g)) {
        if (!existsSync(join(root, path))) missing.push(`${relative(root, document)}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("exist: the files below src/ that docs/architecture.md names by their layer", () => {
    const text = readFileSync(join(root, "docs/architecture.md"), "utf8");
    const paths = pathsIn(text, /`((?:worker|routes|render|server|components|client|services)\/[\w./-]+)`/g);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => !existsSync(join(root, "src", path)))).toEqual([]);
  });
});
