/**
 * `npm run bench -- lighthouse` (issue 41, point 1): Lighthouse's mobile audit (simulated slow 4G,
 * a 4× slower CPU) on one page of every template, three runs each, the medians against the targets:
 * 100 in each category, LCP at most 1.0 s, TBT at most 100 ms, CLS 0. A page is the sitemap's first
 * of its kind, so the table reads the same content on every machine. Figures, not assertions.
 */
import { lighthouseFigures } from "./lighthouse";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/** The templates a visitor meets, and the address or the sitemap's shape of one page of each. */
const TEMPLATE_PAGES: readonly [string, string | RegExp][] = [
  ["home", "/"],
  ["catalogue", "/programs"],
  ["profession", /^\/professions\/[^/]+\/[^/]+$/],
  ["course", /^\/courses\/[^/]+\/[^/]+$/],
  ["bachelor program", /^\/bachelor\/[^/]+$/],
  ["seminar", /^\/seminars\/[^/]+\/[^/]+$/],
  ["teachers", "/teachers"],
  ["reviews", "/reviews"],
  ["article", /^\/journal\/[^/]+$/],
  ["contacts", "/contacts"],
  ["application", "/apply"],
  ["search", "/search?q=психолог"],
  // the 404 page is not here: Lighthouse audits no document answered with 404 (ERRORED_DOCUMENT_REQUEST)
];

/** The addresses of TEMPLATE_PAGES on the site at `base`. */
export async function templateAddresses(base: string): Promise<[string, string][]> {
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  const listed = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => new URL(match[1] as string).pathname);
  return TEMPLATE_PAGES.map(([name, shape]) => {
    const path = typeof shape === "string" ? shape : listed.find((candidate) => shape.test(candidate));
    if (!path) throw new Error(`lighthouse bench: no page like ${shape} in the sitemap`);
    return [name, path];
  });
}

const TARGET = { score: 100, lcpMs: 1000, tbtMs: 100, cls: 0 };

/**
 * Needs the Worker running at `base`; prints one row a template and what missed its target.
 * BENCH_LIGHTHOUSE_TEMPLATES (names, comma-separated) reads only those: a before-and-after of one change.
 */
export async function printLighthouseTemplates(base: string): Promise<void> {
  const only = process.env.BENCH_LIGHTHOUSE_TEMPLATES?.split(",").map((name) => name.trim());
  const pages = (await templateAddresses(base)).filter(([name]) => !only || only.includes(name));
  console.log(`\nLighthouse on every template: mobile, simulated slow 4G and a 4× slower CPU, the median of ${RUNS} runs`);
  console.log(`targets: ${TARGET.score} in each category, LCP ≤ ${TARGET.lcpMs} ms, TBT ≤ ${TARGET.tbtMs} ms, CLS ${TARGET.cls}`);
  console.log("template          page                                            perf  a11y    bp   seo     CLS  LCP ms  TBT ms  met");
  const figures = await lighthouseFigures(
    pages.map(([, path]) => base + path),
    RUNS,
  );
  let met = 0;
  for (const [name, path] of pages) {
    const f = figures.get(base + path)!;
    const scores = [f.performance, f.accessibility, f.bestPractices, f.seo];
    const ok = scores.every((score) => score >= TARGET.score) && f.lcpMs <= TARGET.lcpMs && f.tbtMs <= TARGET.tbtMs && f.cls <= TARGET.cls;
    if (ok) met++;
    console.log(
      `${name.padEnd(17)} ${path.slice(0, 46).padEnd(46)} ${scores.map((s) => String(s).padStart(5)).join(" ")} ${f.cls.toFixed(3).padStart(7)} ${f.lcpMs.toFixed(0).padStart(7)} ${f.tbtMs.toFixed(0).padStart(7)}  ${ok ? "yes" : "no"}`,
    );
    if (f.failing.length > 0) console.log(`    below 1 in some run: ${f.failing.join(", ")}`);
  }
  console.log(`${met} of ${pages.length} templates meet every target`);
  // where the main thread's time goes, by Lighthouse's kinds of work: what to cut first
  const kinds = ["Script Evaluation", "Style & Layout", "Rendering", "Parse HTML & CSS", "Script Parsing & Compilation", "Garbage Collection", "Other"];
  console.log("\nThe main thread's work at the simulated CPU, ms (medians)");
  console.log(`template          ${kinds.map((kind) => kind.slice(0, 12).padStart(12)).join(" ")}   total`);
  for (const [name, path] of pages) {
    const work = figures.get(base + path)!.mainThread;
    const total = Object.values(work).reduce((sum, ms) => sum + ms, 0);
    console.log(`${name.padEnd(17)} ${kinds.map((kind) => (work[kind] ?? 0).toFixed(0).padStart(12)).join(" ")} ${total.toFixed(0).padStart(7)}`);
    const longest = figures.get(base + path)!.scripts.slice(0, 3);
    if (longest.length > 0) console.log(`    longest scripts: ${longest.map((script) => `${script.url.replace(base, "")} ${script.ms.toFixed(0)} ms`).join(", ")}`);
  }
}
