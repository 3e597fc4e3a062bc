/**
 * The worker project's optimizer list (WORKER_DEPS in vitest.config.ts) names every package that
 * the Worker's sources and its tests import, so none is fetched into workerd module by module again
 * for each test file. The imports are found by reading the files, not listed by hand.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { root } from "../../scripts/lib/wrangler";
import { WORKER_DEPS } from "../../vitest.config";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** What runs in the browser or in Node only, never in workerd: the islands' client, the unit tests beside the code. */
const notInWorkerd = (file: string) => file.includes("/src/client/") || /\.test\.tsx?$/.test(file) && !file.includes("/tests/worker/");

/** Specifiers that are not npm packages, or that the runtime or Vitest provides. */
const provided = /^(node:|cloudflare:|virtual:|vitest$|react-dom\/(server|client)$)/;

it("names every package the Worker and its tests import", () => {
  const sources = [...files(join(root, "src")), ...files(join(root, "tests/worker"))].filter((file) => !notInWorkerd(file));
  const imported = new Set<string>();
  for (const file of sources) {
    for (const match of readFileSync(file, "utf8").matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+"([^"./][^"]*)"/gms)) {
      if (!provided.test(match[1]!) && !/^import type\s/.test(match[0])) imported.add(match[1]!);
    }
  }
  expect(imported.size).toBeGreaterThan(10);
  expect([...imported].filter((name) => !WORKER_DEPS.includes(name)).sort()).toEqual([]);
});
