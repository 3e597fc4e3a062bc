/**
 * Builds the browser assets: the client entry, one lazy chunk per island, the site CSS and the icon
 * sprite, all content-hashed under public/assets/, plus build/manifest.json that the Worker renders from.
 * Islands are found by file name (`src/components/**\/*.island.tsx`), never listed by hand.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { type Metafile, type Plugin, build } from "esbuild";
import { buildCriticalCss, ensureCriticalFile } from "./critical-css";
import { buildDocuments } from "./documents";
import { buildFonts } from "./fonts";
import { buildIconSprite } from "./icons";
import { generateImages } from "./images";
import { syncDir, writeIfChanged } from "./lib/files";

const root = new URL("..", import.meta.url).pathname;
const componentsDir = join(root, "src/components");
const outDir = join(root, "public/assets");

/**
 * The inputs of a bundle (as esbuild's metafile names them) that must never reach the browser:
 * `*.server.ts` files and everything of src/worker, src/routes and src/server (docs/architecture.md).
 */
export function serverOnly(inputs: string[]): string[] {
  return inputs.filter((file) => /\.server\.tsx?$|^src\/(worker|routes|server)\//.test(file));
}

/** Island name = path below src/components without `.island.tsx`. */
export function findIslands(dir = componentsDir): Record<string, string> {
  const found: Record<string, string> = {};
  for (const file of readdirSync(dir, { recursive: true }) as string[]) {
    if (!file.endsWith(".island.tsx")) continue;
    found[file.replace(/\\/g, "/").replace(/\.island\.tsx$/, "")] = join(dir, file);
  }
  return found;
}

function islandsPlugin(islands: Record<string, string>): Plugin {
  return {
    name: "islands",
    setup(b) {
      b.onResolve({ filter: /^virtual:islands$/ }, () => ({ path: "islands", namespace: "virtual" }));
      b.onLoad({ filter: /.*/, namespace: "virtual" }, () => ({
        resolveDir: root,
        loader: "js",
        contents: `export const islands = {\n${Object.entries(islands)
          .map(([name, file]) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(file)}),`)
          .join("\n")}\n};`,
      }));
    },
  };
}

function manifestFrom(metafile: Metafile, islands: Record<string, string>) {
  const url = (out: string) => `/${relative(join(root, "public"), join(root, out)).replace(/\\/g, "/")}`;
  const outputs = Object.entries(metafile.outputs);
  const entry = outputs.find(([, o]) => o.entryPoint === "src/client/entry.ts");
  const css = outputs.find(([, o]) => o.entryPoint === "src/styles/site.css");
  const fontsCss = outputs.find(([, o]) => o.entryPoint === "build/fonts.css");
  if (!entry || !css || !fontsCss) throw new Error("build: entry or CSS output missing");
  const closure = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file) || file === entry[0]) return seen;
    seen.add(file);
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind === "import-statement") closure(imported.path, seen);
    }
    return seen;
  };
  const islandFiles: Record<string, string[]> = {};
  for (const [name, source] of Object.entries(islands)) {
    const rel = relative(root, source).replace(/\\/g, "/");
    const chunk = outputs.find(([, o]) => o.entryPoint === rel);
    if (!chunk) throw new Error(`build: no chunk for island ${name}`);
    islandFiles[name] = [...closure(chunk[0])].map(url);
  }
  // React itself: imported by the entry only when the first island hydrates
  const runtime = outputs.find(([, o]) => o.entryPoint === "src/client/react-runtime.ts");
  if (!runtime) throw new Error("build: the React runtime chunk is missing");
  const react = [...closure(runtime[0])].map(url);
  // what the browser fetches before it runs the entry: the chunks it imports, shared with the islands
  const imported = (file: string) => (metafile.outputs[file]?.imports ?? []).filter((imported) => imported.kind === "import-statement").map((imported) => imported.path);
  const entryChunks = [...new Set(imported(entry[0]).flatMap((file) => [...closure(file)]))].map(url);
  // what every page asks for once its entry runs, none of which a tap waits for: the visit's module
  // (client/visit.ts) and the helpers after the first paint (client/after-paint.ts)
  const everyPage = ["src/client/visit.ts", "src/client/after-paint.ts"].map((source) => {
    const chunk = outputs.find(([, o]) => o.entryPoint === source);
    if (!chunk) throw new Error(`build: no chunk for ${source}`);
    return chunk[0];
  });
  const afterPaint = [...new Set(everyPage.flatMap((file) => [...closure(file)]))].map(url);
  const fonts = outputs.filter(([file]) => /pt-sans-(400|700)-[^/]*\.woff2$/.test(file)).map(([file]) => url(file));
  if (fonts.length !== 2) throw new Error(`build: ${fonts.length} font files, not PT Sans' two`);
  return { entry: url(entry[0]), entryChunks, afterPaint, css: url(css[0]), fontsCss: url(fontsCss[0]), fonts, react, islands: islandFiles };
}

export async function buildClient(): Promise<void> {
  await buildFonts();
  const islands = findIslands();
  const sprite = buildIconSprite();
  const result = await build({
    absWorkingDir: root,
    // PT Sans' faces are a stylesheet of their own (decision 094): the full stylesheet brings no face
    entryPoints: { client: "src/client/entry.ts", site: "src/styles/site.css", fonts: "build/fonts.css" },
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    sourcemap: false,
    target: ["chrome100", "safari15", "firefox100"],
    outdir: outDir,
    entryNames: "[name]-[hash]",
    chunkNames: "chunks/[name]-[hash]",
    assetNames: "media/[name]-[hash]",
    // a file the client imports by its address (the fonts, client/site-fonts.ts) is named from the site's root
    publicPath: "/assets/",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    metafile: true,
    legalComments: "none",
    // Cyrillic stays UTF-8 instead of \uXXXX escapes: a third of the bytes
    charset: "utf8",
    loader: { ".woff2": "file" },
    logLevel: "warning",
    plugins: [islandsPlugin(islands)],
    // written below, file by file, only where the bytes changed (scripts/lib/files.ts)
    write: false,
  });
  const leaked = serverOnly(Object.keys(result.metafile.inputs));
  if (leaked.length > 0) throw new Error(`build: server-only code reached the browser bundle: ${leaked.join(", ")}`);
  const files = new Map<string, string | Uint8Array>(result.outputFiles.map((file) => [file.path, file.contents]));
  const phoneMetadata = phoneMetadataFile();
  files.set(join(outDir, phoneMetadata.name), phoneMetadata.json);
  const manifest = { ...manifestFrom(result.metafile, islands), phoneMetadata: `/assets/${phoneMetadata.name}` };
  writeChunkTable(files, manifest);
  files.set(sprite.path, sprite.svg);
  syncDir(outDir, files);
  writeIfChanged(join(root, "build/manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`client: ${manifest.entry}, ${Object.keys(islands).length} islands, ${manifest.css}`);
}

/**
 * libphonenumber-js' metadata as a static file named by its hash: the Worker reads it when a form
 * is first read (src/server/phone-metadata.ts) instead of parsing it with its bundle (decision 095).
 * The browser's phone chunk imports the same file from the package.
 */
function phoneMetadataFile(): { name: string; json: Buffer } {
  const json = readFileSync(join(root, "node_modules/libphonenumber-js/metadata.min.json"));
  return { name: `data/phone-metadata-${createHash("sha256").update(json).digest("hex").slice(0, 12)}.json`, json };
}

/** The token src/client/module-preload.ts holds until the build writes the table in its place. */
const CHUNK_TABLE_TOKEN = "__ISLAND_CHUNKS__";

/**
 * What each island imports, and React, as module-preload.ts reads them: `files,…;island=0.1.2;…`.
 * A closure's first file is the module itself, which its own `import()` asks for: left out. A
 * shared chunk is named by its hash alone (`chunk-` is put back by the reader), any other file
 * in full; the table costs the entry about 0.5 KB gzipped.
 */
export function encodeChunkTable(closures: Record<string, string[]>): string {
  const name = (url: string) => {
    const match = /^\/assets\/chunks\/([\w.-]+)\.js$/.exec(url);
    if (!match) throw new Error(`build: a chunk outside /assets/chunks/: ${url}`);
    return match[1]!.replace(/^chunk-(?=[A-Z0-9]+$)/, "");
  };
  const imports = Object.fromEntries(Object.entries(closures).map(([island, urls]) => [island, urls.slice(1).map(name)]));
  const files = [...new Set(Object.values(imports).flat())].sort();
  const index = new Map(files.map((file, i) => [file, i]));
  const entries = Object.entries(imports).map(([island, names]) => `${island}=${names.map((file) => index.get(file)).join(".")}`);
  return [files.join(","), ...entries].join(";");
}

/**
 * Writes the chunk table into the one output that holds the token (the entry). The entry's name
 * needs no new hash: it already changes whenever a chunk's does, since the entry names the
 * islands' chunks, and each chunk the chunks it imports.
 */
function writeChunkTable(files: Map<string, string | Uint8Array>, manifest: { react: string[]; islands: Record<string, string[]> }): void {
  const holders = [...files.entries()].filter(([path, data]) => path.endsWith(".js") && Buffer.from(data).includes(CHUNK_TABLE_TOKEN));
  if (holders.length !== 1) throw new Error(`build: the chunk table's token is in ${holders.length} outputs, not one`);
  const [path, data] = holders[0]!;
  const table = encodeChunkTable({ ...manifest.islands, react: manifest.react });
  files.set(path, Buffer.from(data).toString("utf8").replace(CHUNK_TABLE_TOKEN, table));
}

/**
 * build/build-id.json: a digest of what the Worker renders with (its sources, the locked packages,
 * wrangler.toml and the build's own outputs it reads). Two servers with the same id run the same
 * code: the pages tier keys pages by it (decision 036).
 */
export function writeBuildId(leaveOut: string[] = []): string {
  const hash = createHash("sha256");
  const files = [
    ...(readdirSync(join(root, "src"), { recursive: true }) as string[]).map((file) => join("src", file)),
    "package-lock.json",
    "wrangler.toml",
    ...(readdirSync(join(root, "build")) as string[])
      .filter((file) => file.endsWith(".json") && file !== "build-id.json" && !leaveOut.includes(file))
      .map((file) => join("build", file)),
  ]
    .map((file) => file.replace(/\\/g, "/"))
    .filter((file) => /\.(tsx?|[cm]?js|json|css|toml)$/.test(file))
    .sort();
  for (const file of files) hash.update(file).update("\0").update(readFileSync(join(root, file))).update("\0");
  const id = hash.digest("hex").slice(0, 16);
  writeIfChanged(join(root, "build/build-id.json"), `${JSON.stringify({ id })}\n`, { whole: true });
  return id;
}

/**
 * What the Worker is compiled from, and what a type check reads: the client assets and their
 * manifest, the icon sprite, the documents, and build/critical.json and build/build-id.json as they
 * stand (a fresh clone's first build writes both as placeholders of the same shape).
 */
export async function buildSources(): Promise<void> {
  await buildClient();
  const documents = await buildDocuments();
  console.log(`documents: ${Object.keys(documents).length} PDFs`);
  ensureCriticalFile();
  writeBuildId(["critical.json"]);
}

/**
 * The rest: each template's critical CSS, read from the site as built so far, and the generated
 * images, then the build's id. The images are drawn while the critical CSS is read (it reads the
 * pages' HTML, never their pictures): one after the other they left a third of two cores idle for
 * half a minute. They start once that site serves, since its runtime lists public/ as it starts,
 * and an image being written there once vanished under such a listing.
 */
export async function buildRest(): Promise<void> {
  let serving = () => {};
  const siteUp = new Promise<void>((resolve) => {
    serving = resolve;
  });
  const critical = buildCriticalCss(writeBuildId(["critical.json"]), readManifest().css, serving);
  const [images, computed] = await Promise.all([siteUp.then(() => generateImages()), critical.finally(serving)]);
  console.log(`images: ${images.written} written, ${images.kept} kept`);
  console.log(`critical CSS: ${computed ? "computed" : "kept"}`);
  console.log(`build id: ${writeBuildId()}`);
}

/** Everything `npm run build` makes. */
export async function buildAll(): Promise<void> {
  await buildSources();
  await buildRest();
}

const readManifest = (): { css: string } => JSON.parse(readFileSync(join(root, "build/manifest.json"), "utf8")) as { css: string };

if (import.meta.url === `file://${process.argv[1]}`) await buildAll();
