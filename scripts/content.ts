/**
 * Content pipeline: validate content/*.json, build the catalogue and write it to KV.
 *   tsx scripts/content.ts check [FILE ...]    validate only (named files: their schema alone)
 *   tsx scripts/content.ts push [--env NAME] [--persist-to DIR]
 *                                              validate, then write to KV (local unless --env production|dev)
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ContentError, buildCatalogue, type RawContent } from "../src/services/catalogue/build";
import { contentNow } from "./lib/content-now";
import { contentFiles } from "../src/services/catalogue/schemas";
import { CONTENT_VERSION_KEY } from "../src/services/catalogue/keys";
import { contentEntries } from "../src/services/catalogue/publish";
import { imageJobs } from "./images";
import { root, wrangler } from "./lib/wrangler";


export function readContent(dir = join(root, "content")): { raw: RawContent; hash: string } {
  const raw: RawContent = {};
  const hash = createHash("sha256");
  const present = new Set(readdirSync(dir));
  for (const file of Object.keys(contentFiles) as (keyof typeof contentFiles)[]) {
    if (!present.has(file)) continue;
    const text = readFileSync(join(dir, file), "utf8");
    hash.update(file).update(text);
    try {
      raw[file] = JSON.parse(text);
    } catch (error) {
      throw new ContentError(`content/${file}: invalid JSON: ${(error as Error).message}`);
    }
  }
  return { raw, hash: hash.digest("hex") };
}

async function main() {
  const [command = "check", ...args] = process.argv.slice(2);
  const option = (name: string) => {
    const index = args.indexOf(name);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const env = option("--env");
  const persistTo = option("--persist-to");
  const now = contentNow();
  const { raw, hash } = readContent();
  if (command === "check" && args.length > 0 && !args[0]?.startsWith("--")) {
    // schema-only check of the named files, for authors editing one file at a time
    let failed = false;
    for (const file of args as (keyof typeof contentFiles)[]) {
      const result = contentFiles[file]?.safeParse(raw[file]);
      if (!result) throw new Error(`unknown content file ${file}`);
      if (result.success) console.log(`content/${file}: ok`);
      else {
        failed = true;
        for (const issue of result.error.issues) console.error(`content/${file}: ${issue.path.join(".")}: ${issue.message}`);
      }
    }
    process.exit(failed ? 1 : 0);
  }
  // the load date is part of the version: seminar dates are resolved relative to it
  const version = `${now.toISOString().slice(0, 10)}-${hash.slice(0, 12)}`;
  let catalogue: ReturnType<typeof buildCatalogue>;
  try {
    catalogue = buildCatalogue(raw, now, version);
  } catch (error) {
    if (error instanceof ContentError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const counts = Object.entries(catalogue)
    .filter(([, v]) => Array.isArray(v))
    .map(([k, v]) => `${k} ${(v as unknown[]).length}`)
    .join(", ");
  console.log(`content ${version}: ${counts}`);
  try {
    // every photo the content names exists (the build makes its widths)
    imageJobs();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  if (command === "check") return;
  if (command !== "push") throw new Error(`unknown command ${command}`);

  const outDir = join(root, ".content");
  mkdirSync(outDir, { recursive: true });
  const target = env ? ["--env", env, "--remote"] : ["--local", ...(persistTo ? ["--persist-to", persistTo] : [])];
  const entries = await contentEntries(catalogue);
  // the data first, then the pointer that makes the version current: no request sees a version half written
  const pointer = entries.filter((entry) => entry.key === CONTENT_VERSION_KEY);
  const data = entries.filter((entry) => entry.key !== CONTENT_VERSION_KEY);
  // named by this process: the load and crash drills push their content side by side
  for (const [name, batch] of [["kv-data", data], ["kv-version", pointer]] as const) {
    const bulkFile = join(outDir, `${name}-${process.pid}.json`);
    writeFileSync(bulkFile, JSON.stringify(batch));
    try {
      wrangler(["kv", "bulk", "put", bulkFile, "--binding", "CATALOGUE", ...target]);
    } finally {
      rmSync(bulkFile, { force: true });
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
