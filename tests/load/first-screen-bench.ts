/**
 * The first screen through the 16 KB wall (issue 26 point 5), for `npm run bench -- first-screen`:
 * per template (home, a program, a bachelor program, a seminar, /teachers, an article; the default
 * content the browser tests use), the byte position in the gzip'd answer, headers included, at
 * which the page's main action ends (`tests/support/first-screen.ts`: zlib's default level, the
 * headers as HTTP/1.1 writes them), and Lighthouse's LCP on slow 4G (mobile preset, simulated),
 * beside the figures of the issue. Figures, not assertions: tests/worker holds the assertion.
 */
import { gzipSync } from "node:zlib";
import { firstScreenBytes, firstScreenSamples } from "../support/first-screen";
import { lighthouseFigures } from "./lighthouse";

/** The budget of a page load through the wall: about 16 KB, less about 3 KB of TLS handshake. */
const WALL_BYTES = 13_000;

/**
 * The gzip'd bytes of the stylesheets that block the first paint: linked in the document, not for
 * another medium, not loaded as a preload, not the copy for browsers without scripts (<noscript>).
 */
async function blockingCssBytes(base: string, html: string): Promise<number> {
  let bytes = 0;
  for (const [tag] of html.replace(/<noscript>[\s\S]*?<\/noscript>/g, "").matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)) {
    if (/\smedia="(?!all|screen)[^"]*"/.test(tag) || /onload=/.test(tag)) continue;
    const href = /href="([^"]+)"/.exec(tag)?.[1];
    if (!href) continue;
    bytes += gzipSync(Buffer.from(await (await fetch(new URL(href, base))).arrayBuffer())).byteLength;
  }
  return bytes;
}

const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/** Needs the Worker running at `base`, with the default content. */
export async function printFirstScreen(base: string, lighthouse = true): Promise<void> {
  const pages = await firstScreenSamples(base);
  console.log(`\nThe first screen through the wall (issue 26): byte offsets in the answer, headers (as HTTP/1.1) + body gzip'd by zlib at its default level (6), budget ${WALL_BYTES.toLocaleString("en")} bytes`);
  console.log("(the main action: the element with data-main-action; where a page has none, the end of its first </h1>, marked *)");
  console.log("(blocking CSS: the stylesheets the page links without media or a preload, gzip'd; the first paint needs them too, on the same connection)");
  console.log("template  page                                              headers  h1 end  action end   total  blocking CSS  action + CSS  within");
  for (const [template, path] of pages) {
    const response = await fetch(base + path, { headers: { Accept: "text/html", "CF-IPCountry": "RU" } });
    const html = await response.text();
    const f = firstScreenBytes(html, response.headers);
    const end = f.actionEnd ?? f.h1End;
    const css = await blockingCssBytes(base, html);
    console.log(
      `${template.padEnd(9)} ${path.slice(0, 48).padEnd(48)} ${String(f.headerBytes).padStart(8)} ${String(f.h1End).padStart(7)} ${(f.actionEnd === null ? `${f.h1End}*` : String(f.actionEnd)).padStart(11)} ${String(f.total).padStart(7)} ${String(css).padStart(13)} ${String(end + css).padStart(13)}  ${end + css <= WALL_BYTES ? "yes" : "NO"}`,
    );
  }
  if (!lighthouse) return;
  console.log(`\nLCP on slow 4G (Lighthouse mobile preset, simulated throttling), ${LIGHTHOUSE_RUNS} runs a page, medians; the issue's figures: 1.21-1.42 s, target 1.0 s`);
  console.log("template  LCP ms  perf  a11y    bp   seo     CLS  render-blocking or other findings");
  const figures = await lighthouseFigures(
    pages.map(([, path]) => base + path),
    LIGHTHOUSE_RUNS,
  );
  for (const [template, path] of pages) {
    const f = figures.get(base + path)!;
    console.log(
      `${template.padEnd(9)} ${f.lcpMs.toFixed(0).padStart(6)} ${[f.performance, f.accessibility, f.bestPractices, f.seo].map((s) => String(s).padStart(5)).join(" ")} ${f.cls.toFixed(3).padStart(7)}  ${f.failing.join(", ")}`,
    );
  }
}
