/**
 * Each template's critical CSS (decision 041): the rules of the site's stylesheet that its pages
 * use, found by beasties in the pages themselves. The build starts the site it has just built
 * (default content, state of its own), reads every page a crawler reaches and the pages a form
 * posted without JavaScript comes back as, groups them by the template each names on <html>, and
 * keeps, per template, the rules that match any element of any of its pages. A page of the
 * template then inlines them and paints its first screen from its own first bytes; the full
 * stylesheet follows without blocking (Document.tsx).
 *
 * The result, build/critical.json, is kept while what it was computed from is the same (the
 * Worker's sources, the stylesheet, the content): a second build within a run costs nothing.
 */
import { FALLBACK_FACE } from "./fonts";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import Beasties from "beasties";
import type { CriticalCss } from "../src/server/page-style";
import { TEMPLATES, type Template } from "../src/services/templates";
import { readContent } from "./content";
import { crawledPages } from "./lib/crawled-pages";
import { syncDir, writeIfChanged } from "./lib/files";
import { firstVisit, formPosts, postAsBrowser } from "./lib/form-posts";
import { root, startSiteWithContent } from "./lib/wrangler";

const CRITICAL_FILE = join(root, "build/critical.json");
const CRITICAL_DIR = join(root, "public/critical");

/** What build/critical.json holds before anything was computed: every page links the stylesheet. */
export const NO_CRITICAL_CSS: CriticalCss = { digest: "", templates: {} };

const readCritical = (): CriticalCss => (existsSync(CRITICAL_FILE) ? (JSON.parse(readFileSync(CRITICAL_FILE, "utf8")) as CriticalCss) : NO_CRITICAL_CSS);

/** Makes sure build/critical.json exists, in the shape the Worker reads, before the Worker is built from it. */
export function ensureCriticalFile(): void {
  // a table of an older build (each template's CSS itself, before decision 095) has the wrong shape for the Worker's types
  const stale = existsSync(CRITICAL_FILE) && Object.values(readCritical().templates).some((entry) => typeof entry?.file !== "string");
  if (!existsSync(CRITICAL_FILE) || stale) writeIfChanged(CRITICAL_FILE, `${JSON.stringify(NO_CRITICAL_CSS)}\n`, { whole: true });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The stylesheet's `url()`s made absolute: inlined, it is read from each page's address instead of /assets/. */
export function absoluteUrls(css: string, stylesheetHref: string): string {
  const base = `http://site${stylesheetHref}`;
  return css.replace(/url\((["']?)([^"')]+)\1\)/g, (match, quote: string, url: string) =>
    /^(data:|[a-z]+:|\/)/i.test(url) ? match : `url(${quote}${new URL(url, base).pathname}${quote})`,
  );
}

/** A page as beasties should see it: its <html> tag (with `js`, as the client marks it) and its body, without the inlined CSS. */
function parts(html: string): { template: Template; htmlTag: string; body: string } | undefined {
  const htmlTag = /<html[^>]*>/.exec(html)?.[0];
  const template = htmlTag ? (/data-template="([a-z]+)"/.exec(htmlTag)?.[1] as Template | undefined) : undefined;
  // the full stylesheet's links go: beasties would read them in
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1]?.replace(/<noscript>[\s\S]*?<\/noscript>|<link [^>]*rel="stylesheet"[^>]*>/g, "");
  if (!htmlTag || !template || !TEMPLATES.includes(template) || body === undefined) return undefined;
  return { template, htmlTag: htmlTag.replace(/^<html/, '<html class="js"').replace(/ class="js" class="([^"]*)"/, ' class="js $1"'), body };
}

/** The rules of `css` that some element of the bodies uses. */
async function usedRules(css: string, htmlTag: string, bodies: string[]): Promise<string> {
  const beasties = new Beasties({
    path: join(root, "public"),
    // the @font-face rules the used rules name, so text is drawn in the same faces as with the whole stylesheet
    inlineFonts: true,
    preloadFonts: false,
    keyframes: "critical",
    logLevel: "warn",
  });
  // the parts around <main> (header, footer) are the same on most pages: each distinct one once
  const distinct = new Set<string>();
  for (const body of bodies) {
    const start = body.indexOf("<main");
    const end = body.lastIndexOf("</main>");
    if (start < 0 || end < 0) distinct.add(body);
    else for (const part of [body.slice(0, start), body.slice(start, end + 7), body.slice(end + 7)]) distinct.add(part);
  }
  const document = `<!DOCTYPE html>${htmlTag}<head><style>${css}</style></head><body>${[...distinct].join("")}</body></html>`;
  const out = await beasties.process(document);
  const used = /<style>([\s\S]*?)<\/style>/.exec(out)?.[1];
  if (used === undefined) throw new Error("critical-css: beasties returned no style");
  return used;
}

/** Reads the site at `site` and computes each template's CSS from `stylesheet` (its href under public/). */
export async function criticalCssOf(site: string, stylesheet: string): Promise<Partial<Record<Template, string>>> {
  const css = absoluteUrls(readFileSync(join(root, "public", stylesheet), "utf8"), stylesheet);
  const { pages, seminarId } = await crawledPages(site);
  const htmls: string[] = [];
  // four at a time: the local runtime renders one page at a time per core
  for (let i = 0; i < pages.length; i += 4) {
    htmls.push(...(await Promise.all(pages.slice(i, i + 4).map(async (path) => (await fetch(`${site}${path}`)).text()))));
  }
  const cookies = await firstVisit(site);
  for (const post of formPosts(seminarId, "+7 (912) 555-01-17")) {
    // what a form sends back when the tickets run short is drawn like its other answers
    if (post.oneLeft) continue;
    htmls.push(await (await postAsBrowser(site, post, cookies)).response.text());
  }
  const byTemplate = new Map<Template, { htmlTag: string; bodies: string[] }>();
  for (const html of htmls) {
    const page = parts(html);
    if (!page) continue;
    const group = byTemplate.get(page.template) ?? { htmlTag: page.htmlTag, bodies: [] };
    group.bodies.push(page.body);
    byTemplate.set(page.template, group);
  }
  const templates: Partial<Record<Template, string>> = {};
  for (const template of TEMPLATES) {
    const group = byTemplate.get(template);
    if (!group) throw new Error(`critical-css: no page of the template ${template} was read`);
    // the face the first screen is drawn in until PT Sans is at hand; the full stylesheet names none, so it changes no
    // line on screen when it applies (decision 094)
    const used = `${FALLBACK_FACE}${await usedRules(css, group.htmlTag, group.bodies)}`;
    templates[template] = used;
  }
  return templates;
}

/**
 * Each template's CSS as a static file, public/critical/<template>-<hash>.css, served to the Worker by
 * its ASSETS binding (src/server/page-style.ts) and kept out of its bundle (decision 095); files of
 * an earlier build go. Returns the table build/critical.json holds: each file and its hash for the CSP.
 */
function writeCriticalFiles(css: Partial<Record<Template, string>>): CriticalCss["templates"] {
  const files = new Map<string, string>();
  const templates: CriticalCss["templates"] = {};
  for (const [template, used] of Object.entries(css) as [Template, string][]) {
    const digest = createHash("sha256").update(used).digest();
    const file = `/critical/${template}-${digest.toString("hex").slice(0, 12)}.css`;
    files.set(join(root, "public", file), used);
    templates[template] = { file, sha256: digest.toString("base64") };
  }
  syncDir(CRITICAL_DIR, files);
  return templates;
}

/**
 * Writes build/critical.json for the build `buildId` with the stylesheet `stylesheet`, unless it was
 * computed from the same inputs already. Returns whether it computed. `serving` is called once the
 * site it reads is up (or at once, when there is nothing to compute).
 */
export async function buildCriticalCss(buildId: string, stylesheet: string, serving: () => void = () => {}): Promise<boolean> {
  const digest = createHash("sha256").update(buildId).update(readContent().hash).digest("hex").slice(0, 16);
  const kept = readCritical();
  if (kept.digest === digest && Object.values(kept.templates).every((entry) => typeof entry.file === "string" && existsSync(join(root, "public", entry.file)))) {
    serving();
    return false;
  }
  const port = await freePort();
  const site = await startSiteWithContent({ port, state: "critical-css-state", vars: { SITE_URL: `http://127.0.0.1:${port}`, LEAD_MIN_FILL_MS: "0" } });
  serving();
  let css: Partial<Record<Template, string>>;
  try {
    css = await criticalCssOf(site.url, stylesheet);
  } finally {
    await site.stop();
  }
  // written once the site that read them is gone: its runtime listed public/ as it started
  const templates = writeCriticalFiles(css);
  writeIfChanged(CRITICAL_FILE, `${JSON.stringify({ digest, templates } satisfies CriticalCss, null, 2)}\n`, { whole: true });
  return true;
}
