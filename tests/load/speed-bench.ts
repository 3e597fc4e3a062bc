/**
 * Speed at the edge (issue #8), for `npm run bench`: Lighthouse on four pages, the render time of
 * each on a cache miss (from outside the runtime), and the CPU cost of streaming against
 * renderToString (in Node). Figures, not assertions.
 */
import { lighthouseFigures } from "./lighthouse";
import { missLatencies } from "./miss-latency";
import { renderCosts } from "./render-cost";

const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/** The home page, the first program and the first seminar it links to, and the teachers page. */
export async function speedPages(base: string): Promise<string[]> {
  const html = await (await fetch(`${base}/`)).text();
  const links = [...html.matchAll(/href="(\/[^"?#]*)"/g)].map((match) => match[1]!);
  const program = links.find((href) => /^\/(professions|courses|shortTerm)\/[^/]+\/[^/]+$/.test(href));
  const seminar = links.find((href) => /^\/seminars\/[^/]+\/[^/]+$/.test(href));
  if (!program || !seminar) throw new Error("speed bench: the home page links to no program or no seminar");
  return ["/", program, seminar, "/teachers"];
}

const ms = (value: number) => value.toFixed(1).padStart(7);

/** Needs the Worker running at `base`. */
export async function printServedSpeed(base: string, pages: string[]): Promise<void> {
  console.log("\nRender time on an edge-cache miss: median of sequential requests over one connection, ms");
  console.log("page                                                  miss     hit  static  miss-static");
  for (const [path, f] of await missLatencies(base, pages)) {
    console.log(`${path.padEnd(50)} ${ms(f.missMs)} ${ms(f.hitMs)} ${ms(f.staticMs)}  ${ms(f.missMs - f.staticMs)}`);
  }

  console.log(`\nLighthouse ${LIGHTHOUSE_RUNS}× a page, mobile, simulated throttling; medians (targets: 95+, 100, 100, 100, CLS 0, LCP < 1.5 s)`);
  console.log("page                                              perf  a11y    bp   seo     CLS  LCP ms  TBT ms");
  const figures = await lighthouseFigures(
    pages.map((path) => base + path),
    LIGHTHOUSE_RUNS,
  );
  for (const [url, f] of figures) {
    const path = new URL(url).pathname;
    console.log(
      `${path.padEnd(48)} ${[f.performance, f.accessibility, f.bestPractices, f.seo].map((s) => String(s).padStart(5)).join(" ")} ${f.cls.toFixed(3).padStart(7)} ${f.lcpMs.toFixed(0).padStart(7)} ${f.tbtMs.toFixed(0).padStart(7)}`,
    );
    if (f.lcpElements.length > 0) console.log(`    LCP element: ${f.lcpElements.join(" | ")}`);
    if (f.failing.length > 0) console.log(`    below 1 in some run: ${f.failing.join(", ")}`);
  }
}

/** Needs the local KV that `content:push --persist-to persistTo` wrote, and no server on it. */
export async function printRenderCosts(persistTo: string, pages: string[]): Promise<void> {
  console.log("\nRendering cost in Node, React's edge build, the same tree: median CPU ms per render");
  console.log("page                                               stream  string  stream/string      KB");
  for (const [path, f] of await renderCosts(pages, persistTo)) {
    console.log(`${path.padEnd(48)} ${ms(f.streamMs)} ${ms(f.stringMs)}  ${(f.streamMs / f.stringMs).toFixed(2).padStart(13)} ${(f.bytes / 1024).toFixed(0).padStart(7)}`);
  }
}
