/**
 * One page of each template (the sitemap's first of each kind of detail page), the form pages,
 * search and a 404: what the low-vision tests read in every scheme and size, and the other engines'
 * runners at a phone's width. An address, or the shape of one the sitemap lists.
 */
export const PAGE_TYPES: readonly (string | RegExp)[] = [
  "/",
  "/programs",
  /^\/professions\/[^/]+\/[^/]+$/,
  "/teachers",
  "/lectorium",
  /^\/seminars\/[^/]+\/[^/]+$/,
  "/webinars",
  "/reviews",
  "/contacts",
  "/ourInstitute",
  "/incomers",
  "/apply",
  "/gratefull",
  "/search?q=психолог",
  "/net-takoj-stranicy",
  "/journal",
  /^\/journal\/[^/]+$/,
  "/bachelor",
  /^\/bachelor\/[^/]+$/,
  /^\/practical-training\/[^/]+$/,
  "/sveden",
];

/** The index of the program page in PAGE_TYPES and in what `pageOfEachType` returns. */
export const PROGRAM_TYPE = 2;

/** PAGE_TYPES on the site at `base`: each shape the first address of it in the sitemap. */
export async function pageOfEachType(base: string): Promise<string[]> {
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  const listed = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
  return PAGE_TYPES.map((type) => {
    if (typeof type === "string") return type;
    const found = listed.find((path) => type.test(path));
    if (!found) throw new Error(`no page like ${type} in the sitemap`);
    return found;
  });
}
