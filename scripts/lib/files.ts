/**
 * Writing build outputs only when their bytes change. `wrangler dev` reloads the site whenever a file
 * it serves or bundles is written, so a build that rewrote identical files would reload (and, for a
 * moment, empty) every running server: the browser tests build again beside running servers.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * Writes `data` to `path` unless the file holds exactly that already; true when it wrote. `whole`
 * writes a file beside it and renames it over, so a reader never sees half of it (the type check
 * reads build/*.json while the build's last steps run: scripts/checks.ts); never under public/,
 * where `wrangler dev` would find the file beside it and lose it.
 */
export function writeIfChanged(path: string, data: string | Uint8Array, options: { whole?: boolean } = {}): boolean {
  const bytes = typeof data === "string" ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (existsSync(path) && readFileSync(path).equals(bytes)) return false;
  mkdirSync(dirname(path), { recursive: true });
  if (options.whole) {
    const beside = `${path}.${process.pid}.tmp`;
    writeFileSync(beside, bytes);
    renameSync(beside, path);
  } else writeFileSync(path, bytes);
  return true;
}

/** Makes `dir` hold exactly `files` (absolute paths to contents): changed files written, others removed. */
export function syncDir(dir: string, files: Map<string, string | Uint8Array>): { written: number; removed: number } {
  let written = 0;
  let removed = 0;
  for (const [path, data] of files) if (writeIfChanged(path, data)) written++;
  if (existsSync(dir)) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      if (!files.has(path)) {
        rmSync(path);
        removed++;
      }
    }
  }
  return { written, removed };
}
