/**
 * `npm run mirror -- --out DIR --api-origin URL [--site-url URL] [--only PATH,…] [--area RU]`:
 * the site as static files for a host or CDN in Russia (decision 042, docs/operations.md).
 *
 * Every page of the sitemap and every page a link of theirs opens (the form pages `/apply?…`, a
 * list's sort and pages: a path with a query is written as `/_q/<hash>/index.html` and its links
 * point there), the 404 page as `404.html`, robots.txt and the sitemap, the search index of the
 * pages' content version (`api/search/browser`, JSON without an extension), and the build's files (public/: assets, images, fonts, PDFs). Each page is
 * `path/index.html`, the HTML the Worker serves (scripts/lib/mirror-html.ts says what changes).
 * `_mirror.json` says when, from what and how much.
 *
 * `MIRROR_SOURCE=http://…` reads a running site built from this checkout; without it the command
 * builds the site and starts its own (`MIRROR_PORT`, 8798 by default) with the default content
 * and SITE_URL set to --site-url (production's SITE_URL of wrangler.toml by default). Pages are
 * asked for as a visitor of `--area` sees them (`CF-IPCountry`, honoured by the local runtime).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { unstable_readConfig } from "wrangler";
import { isOrigin } from "../src/services/mirror";
import { buildAll } from "./build";
import { fileOfPage, inlineProblems, isPagePath, mirrorPage, mirrorPathOf, referencesOf, siteAddress } from "./lib/mirror-html";
import { type DevServer, root, startSiteWithContent } from "./lib/wrangler";

/** Pages fetched side by side. */
const CONCURRENCY = 4;
/** An address no page has: its answer is the 404 page. */
const NOT_FOUND_PROBE = "/net-takoj-stranicy-mirror";
/** Pages outside the sitemap that no link opens but visitors reach: the thank-you page after a form, the search page. */
const BEYOND_LINKS = ["/gratefull", "/apply", "/search"];

export interface MirrorOptions {
  out: string;
  apiOrigin: string;
  /** the origin the pages name (canonical, Open Graph, JSON-LD, the sitemap); the source's own when not given */
  siteUrl?: string;
  /** these pages alone (and the 404 page), not the whole site */
  only?: string[];
  area: string;
  /** the running site read; started here when not given */
  source?: string;
}

export interface MirrorManifest {
  builtAt: string;
  source: string;
  apiOrigin: string;
  siteUrl: string;
  area: string;
  only?: string[];
  contentVersion: string;
  pages: number;
  files: number;
}

function fail(message: string): never {
  throw new Error(`mirror: ${message}`);
}

/** The origin a page names as its own (its canonical link's), or null when it has none. */
const canonicalOrigin = (html: string) => {
  const href = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
  return href ? new URL(href).origin : null;
};

/** The content version whose search index a page's islands fetch. */
const searchVersionOf = (html: string): string | undefined => /"searchVersion":"([^"]*)"/.exec(html)?.[1];

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out;
}

/** Writes the mirror of the site at `source` into `out` and returns its manifest. */
export async function writeMirror(options: MirrorOptions & { source: string }): Promise<MirrorManifest> {
  const { out, apiOrigin, area, source } = options;
  const headers = { Accept: "text/html", "CF-IPCountry": area };
  const get = async (path: string) => {
    const response = await fetch(new URL(path, source), { headers, redirect: "manual" });
    return { status: response.status, policy: response.headers.get("Content-Security-Policy"), text: await response.text(), location: response.headers.get("Location") };
  };

  if (existsSync(out) && readdirSync(out).length > 0 && !existsSync(join(out, "_mirror.json"))) fail(`${out} is neither empty nor a mirror: not overwritten`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  const sitemap = await get("/sitemap.xml");
  if (sitemap.status !== 200) fail(`the source's /sitemap.xml answered ${sitemap.status}`);
  const listed = [...sitemap.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => {
    const url = new URL(match[1]!.replace(/&amp;/g, "&"));
    return url.pathname + url.search;
  });
  const seeds = options.only ?? [...listed.filter((path) => isPagePath(new URL(path, source).pathname)), ...BEYOND_LINKS];

  const queue = [...new Set(seeds)];
  const seen = new Set(queue);
  const problems: string[] = [];
  const versions = new Set<string>();
  const referenced = new Map<string, string>();
  let siteFrom: string | null = null;
  let pages = 0;

  const mirrorOne = async (path: string, expected: number, file: string) => {
    const page = await get(path);
    if (page.status !== expected) {
      problems.push(`${path}: ${page.status}${page.location ? ` to ${page.location}` : ""}, not ${expected}`);
      return;
    }
    siteFrom ??= canonicalOrigin(page.text);
    const found = searchVersionOf(page.text);
    if (found) versions.add(found);
    for (const problem of page.policy ? inlineProblems(page.text, page.policy) : []) problems.push(`${path}: ${problem}`);
    const html = mirrorPage(page.text, {
      apiOrigin,
      policy: page.policy,
      ...(options.siteUrl && siteFrom ? { siteUrl: { from: siteFrom, to: options.siteUrl } } : {}),
    });
    const { files } = referencesOf(html);
    for (const fileRef of files) if (!referenced.has(fileRef)) referenced.set(fileRef, path);
    if (!options.only) {
      // the links as the source's page has them: a query page's address before it is rewritten
      for (const link of referencesOf(page.text).links) {
        const url = siteAddress(link);
        if (!url || !isPagePath(url.pathname)) continue;
        const address = url.pathname + url.search;
        if (!seen.has(address)) {
          seen.add(address);
          queue.push(address);
        }
      }
    }
    const target = join(out, file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, html);
    pages++;
  };

  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const url = new URL(path, source);
      await mirrorOne(path, 200, fileOfPage(mirrorPathOf(url)));
    }
  };
  // the queue grows as pages are read: workers that find it empty while others still read would stop early, so rounds go on until it is empty
  while (queue.length > 0) await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await mirrorOne(NOT_FOUND_PROBE, 404, "404.html");

  if (versions.size > 1) fail("the content changed while the pages were read (two content versions): run it again");
  const contentVersion = [...versions][0];
  if (!contentVersion) fail("no page named the content version of the search index");

  // the file the islands fetch for the pages' version: the same address without the query, on the mirror
  for (const [path, file] of [[`/api/search/browser?v=${encodeURIComponent(contentVersion)}`, "api/search/browser"]] as const) {
    const response = await fetch(new URL(path, source));
    if (response.status !== 200) fail(`${path} answered ${response.status}`);
    mkdirSync(dirname(join(out, file)), { recursive: true });
    writeFileSync(join(out, file), await response.text());
  }
  for (const file of ["robots.txt", "sitemap.xml"]) {
    const answer = file === "sitemap.xml" ? sitemap : await get(`/${file}`);
    if (answer.status !== 200) fail(`/${file} answered ${answer.status}`);
    const text = options.siteUrl && siteFrom ? answer.text.split(siteFrom).join(options.siteUrl) : answer.text;
    writeFileSync(join(out, file), text);
  }

  // the build's files, as the Worker's assets serve them (its _headers are the Worker's, not a static host's)
  const publicDir = join(root, "public");
  for (const name of readdirSync(publicDir)) {
    if (name.startsWith("_") || name.startsWith(".")) continue;
    cpSync(join(publicDir, name), join(out, name), { recursive: true });
  }
  // every file a page refers to is there: a source built from another commit names files this build does not have
  for (const [file, page] of referenced) {
    let path: string;
    try {
      path = decodeURIComponent(file);
    } catch {
      path = file;
    }
    if (!existsSync(join(out, path))) problems.push(`${page}: ${file} is not in this checkout's build (npm run build, of the commit the source runs)`);
  }
  if (problems.length > 0) fail(`${problems.length} problems:\n  ${problems.slice(0, 30).join("\n  ")}`);

  const manifest: MirrorManifest = {
    builtAt: new Date().toISOString(),
    source,
    apiOrigin,
    siteUrl: options.siteUrl ?? siteFrom ?? source,
    area,
    ...(options.only ? { only: options.only } : {}),
    contentVersion,
    pages,
    files: filesUnder(out).length + 1,
  };
  writeFileSync(join(out, "_mirror.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

function readOptions(argv: string[]): MirrorOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      out: { type: "string" },
      "api-origin": { type: "string" },
      "site-url": { type: "string" },
      only: { type: "string", multiple: true },
      area: { type: "string", default: "RU" },
    },
  });
  if (!values.out) fail("--out DIR is required");
  const apiOrigin = values["api-origin"];
  if (!apiOrigin || !isOrigin(apiOrigin)) fail("--api-origin must be the Worker's origin, such as https://api.mip.institute (no path, no slash at the end)");
  const siteUrl = values["site-url"];
  if (siteUrl !== undefined && !isOrigin(siteUrl)) fail("--site-url must be an origin, such as https://mip.institute");
  if (!["RU", "KZ", "UZ", "other"].includes(values.area)) fail("--area is RU, KZ, UZ or other");
  const only = values.only?.flatMap((item) => item.split(",")).map((item) => item.trim()).filter(Boolean);
  if (only?.some((path) => !path.startsWith("/"))) fail("--only takes paths of the site, such as /programs,/apply?cta=askQuestion");
  const source = process.env.MIRROR_SOURCE;
  if (source !== undefined && !/^https?:\/\//.test(source)) fail("MIRROR_SOURCE must be an http(s) address");
  return {
    out: resolve(values.out),
    apiOrigin,
    ...(siteUrl ? { siteUrl } : {}),
    ...(only ? { only } : {}),
    area: values.area,
    ...(source ? { source: source.replace(/\/$/, "") } : {}),
  };
}

/** The site the mirror names when none is given: production's SITE_URL of wrangler.toml. */
function productionSiteUrl(): string {
  const vars = unstable_readConfig({ config: join(root, "wrangler.toml"), env: "production" }).vars as Record<string, unknown>;
  return typeof vars.SITE_URL === "string" ? vars.SITE_URL : fail("wrangler.toml's production environment has no SITE_URL");
}

async function main() {
  const options = readOptions(process.argv.slice(2));
  let server: DevServer | undefined;
  let source = options.source;
  try {
    if (!source) {
      await buildAll();
      const siteUrl = options.siteUrl ?? productionSiteUrl();
      options.siteUrl = siteUrl;
      server = await startSiteWithContent({ port: Number(process.env.MIRROR_PORT ?? 8798), state: "mirror-state", vars: { SITE_URL: siteUrl } });
      source = server.url;
    } else if (!existsSync(join(root, "public/assets"))) {
      fail("this checkout has no build (public/assets): npm run build, of the commit the source runs");
    }
    const manifest = await writeMirror({ ...options, source });
    console.log(`mirror: ${manifest.pages} pages and ${manifest.files} files in ${options.out}, from ${manifest.source}, sending to ${manifest.apiOrigin}`);
  } finally {
    await server?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
