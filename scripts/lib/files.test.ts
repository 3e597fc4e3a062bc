import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { syncDir, writeIfChanged } from "./files";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("build outputs written only when they change", () => {
  it("leaves a file with the same bytes untouched and writes one that differs", () => {
    dir = mkdtempSync(join(tmpdir(), "files-"));
    const file = join(dir, "a/b.txt");
    expect(writeIfChanged(file, "same")).toBe(true);
    utimesSync(file, 1, 1);
    expect(writeIfChanged(file, new TextEncoder().encode("same"))).toBe(false);
    expect(statSync(file).mtimeMs).toBe(1000);
    expect(writeIfChanged(file, "other")).toBe(true);
    expect(readFileSync(file, "utf8")).toBe("other");
  });

  it("makes a folder hold exactly the given files", () => {
    dir = mkdtempSync(join(tmpdir(), "files-"));
    writeFileSync(join(dir, "stale.js"), "old");
    writeFileSync(join(dir, "kept.js"), "kept");
    const result = syncDir(dir, new Map([[join(dir, "kept.js"), "kept"], [join(dir, "chunks/new.js"), "new"]]));
    expect(result).toEqual({ written: 1, removed: 1 });
    expect(existsSync(join(dir, "stale.js"))).toBe(false);
    expect(readFileSync(join(dir, "chunks/new.js"), "utf8")).toBe("new");
  });
});
