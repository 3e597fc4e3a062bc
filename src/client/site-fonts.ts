/**
 * PT Sans' two faces, added by the client (decision 094). The first screen is drawn in the fallback
 * face the head carries (Arial scaled to PT Sans' metrics, where there is Arial); the full
 * stylesheet names no face, so its arrival re-lays out nothing. A face named by a stylesheet that
 * arrives after the first paint made the browser lay out the whole page again as the stylesheet
 * applied, and again as each face came (issue 41: 150-450 ms each on a phone's CPU).
 *
 * Here both faces are fetched after the first paint. Where both came from the browser's cache (a
 * page after the first), they are added together: one layout, right after the first paint. Where
 * one came over the network (the visit's first page), the page keeps the fallback the visitor is
 * already reading, as `font-display: optional` did: a face swapped in late moves the text of a
 * phone without Arial. The next page has them from the cache. A page for low vision links the
 * faces before its first paint (Document.tsx) and is left as it is.
 */
import regular from "../../build/fonts/pt-sans-400.woff2";
import bold from "../../build/fonts/pt-sans-700.woff2";

/** The two faces' files, under /assets/media with the hash of their bytes in their names (the build's `publicPath`). */
const FACES = [
  { url: regular, weight: "400" },
  { url: bold, weight: "700" },
];

/**
 * Whether every file came from the browser's cache for this page, no byte of it over the network:
 * read from each file's resource timing, which the browser records once its fetch has ended, a
 * moment after the face says it has loaded (none within a second: not known, so not cached).
 */
function fromCache(urls: string[]): Promise<boolean> {
  const wanted = new Set(urls.map((url) => new URL(url, location.href).href));
  return new Promise((resolve) => {
    const seen = new Map<string, number>();
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[]) if (wanted.has(entry.name)) seen.set(entry.name, entry.transferSize);
      if (seen.size === wanted.size) done([...seen.values()].every((bytes) => bytes === 0));
    });
    const timer = setTimeout(() => done(false), 1000);
    const done = (answer: boolean) => {
      clearTimeout(timer);
      observer.disconnect();
      resolve(answer);
    };
    observer.observe({ type: "resource", buffered: true });
  });
}

export function addSiteFonts(): void {
  if (typeof FontFace !== "function" || !("fonts" in document)) return;
  // the page's own stylesheet named them (a page for low vision): nothing to add
  if ([...document.fonts].some((face) => face.family.replace(/"/g, "") === "PT Sans")) return;
  const faces = FACES.map(({ url, weight }) => new FontFace("PT Sans", `url("${url}") format("woff2")`, { weight, style: "normal" }));
  Promise.all(faces.map((face) => face.load())).then(
    async () => {
      if (!(await fromCache(FACES.map((face) => face.url)))) return;
      for (const face of faces) document.fonts.add(face);
    },
    // a face that could not be fetched: the fallback stays
    () => undefined,
  );
}
