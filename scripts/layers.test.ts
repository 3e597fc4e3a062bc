/**
 * The layers of src/ (docs/architecture.md): each folder imports only the folders below it, so no
 * import cycle can form, between folders or between files. Type-only imports count for folders: a
 * type import upwards is still a layer leaning the wrong way.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./lib/wrangler";

const src = join(root, "src");

/** What each layer may import (besides itself), top to bottom. */
const MAY_IMPORT: Record<string, string[]> = {
  worker: ["routes/pages", "routes/api", "render", "server", "components", "client", "services"],
  "routes/pages": ["render", "server", "components", "services"],
  "routes/api": ["server", "services"],
  render: ["server", "components", "client", "services"],
  server: ["services"],
  components: ["client", "services", "routes/api"],
  client: ["services", "routes/api"],
  services: [],
};
/** Imports that may only be type-only: the typed client reads the routes' types, never their code. */
const TYPE_ONLY = new Set(["components->routes/api", "client->routes/api"]);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(ts|tsx)$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The layer of a file: its first folder below src/, or the second below src/routes/. */
function layerOf(file: string): string {
  const [first, second] = relative(src, file).split("/");
  return first === "routes" ? `routes/${second}` : first!;
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function edges(): Edge[] {
  const found: Edge[] = [];
  const pattern = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'"`;]*?\sfrom\s+)?["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/g;
  for (const file of files(src)) {
    for (const match of readFileSync(file, "utf8").matchAll(pattern)) {
      const target = resolveImport(file, match[2] ?? match[3]!);
      if (target?.startsWith(src)) found.push({ from: file, to: target, typeOnly: Boolean(match[1]) });
    }
  }
  return found;
}

describe("the layers of src/", () => {
  const all = edges();

  it("import only downwards: no layer imports one above it, nor the routes' code from the browser's side", () => {
    const wrong = new Set<string>();
    for (const { from, to, typeOnly } of all) {
      const [a, b] = [layerOf(from), layerOf(to)];
      if (a === b) continue;
      const arrow = `${a}->${b}`;
      if (!MAY_IMPORT[a]?.includes(b) || (TYPE_ONLY.has(arrow) && !typeOnly)) wrong.add(`${arrow}: ${relative(root, from)} -> ${relative(root, to)}`);
    }
    expect([...wrong]).toEqual([]);
  });

  it("routes never import each other, not even within a family: what two routes share lives below them", () => {
    // every file of src/routes/ is a route module (a page, a family of pages, an API family); the
    // table of the pages and what routes share (cards, the ops' door, versioned JSON) live below
    const isRoute = (file: string) => layerOf(file).startsWith("routes/");
    const crossing = all.filter(({ from, to }) => isRoute(from) && isRoute(to) && from !== to);
    expect(crossing.map(({ from, to }) => `${relative(root, from)} -> ${relative(root, to)}`)).toEqual([]);
    expect(all.some(({ from }) => layerOf(from) === "routes/pages")).toBe(true);
  });

  it("keep the browser on the typed API client: no fetch of /api in src/client or src/components", () => {
    const raw = files(src)
      .filter((file) => /^(client|components)\//.test(relative(src, file)))
      .filter((file) => /\bfetch\s*\(\s*[`'"][^`'"]*\/api\//.test(readFileSync(file, "utf8")));
    expect(raw.map((file) => relative(root, file))).toEqual([]);
  });

  it("has no cycle between files (value imports)", () => {
    const next = new Map<string, string[]>();
    for (const { from, to, typeOnly } of all) if (!typeOnly) next.set(from, [...(next.get(from) ?? []), to]);
    const state = new Map<string, "open" | "done">();
    const cycles: string[] = [];
    const visit = (file: string, path: string[]) => {
      state.set(file, "open");
      for (const target of next.get(file) ?? []) {
        if (state.get(target) === "open") cycles.push([...path.slice(path.indexOf(target)), target].map((f) => relative(src, f)).join(" -> "));
        else if (!state.has(target)) visit(target, [...path, target]);
      }
      state.set(file, "done");
    };
    for (const file of next.keys()) if (!state.has(file)) visit(file, [file]);
    expect(cycles).toEqual([]);
  });
});
