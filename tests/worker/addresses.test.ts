import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { svedenSlugs } from "../../src/services/catalogue/institute-schemas";
import { PAGE_SIZE } from "../../src/services/catalogue/listing";
import { programHref } from "../../src/services/catalogue/links";
import { generatedImagePath } from "../../src/services/images";
import { defaultCatalogue } from "../support/content";
import { canonical, decode, h1, metaContent } from "./html";
import { seedCatalogue } from "./seed";

const origin = "https://mip.institute";
const base = defaultCatalogue("addresses-v1");
/** One study field with more programs than a page holds, so its list has a second page. */
const crowdedField = "psihoterapiya";
const catalogue = {
  ...base,
  programs: [
    ...base.programs,
    ...base.programs.filter((p) => p.studyFieldSlug === crowdedField).map((p) => ({ ...p, id: `${p.id}-bis`, slug: `${p.slug}-bis` })),
  ],
};
const program = catalogue.programs[0]!;

beforeAll(async () => {
  await seedCatalogue(catalogue);
});

const get = (path: string) => SELF.fetch(`${origin}${path}`, { redirect: "manual" });

/** Static files (images, PDFs) are served before the Worker: the tests ask the assets for them. */
const isStatic = (path: string) => /^\/(images|docs\/pdf)\//.test(path);

/** What a redirect's target answers: a page from the Worker, a static file from the assets. */
async function target(response: Response): Promise<Response> {
  const location = new URL(response.headers.get("location")!);
  expect(location.origin).toBe(origin);
  return isStatic(location.pathname) ? env.ASSETS.fetch(new Request(location.href)) : get(location.pathname + location.search);
}

async function sitemapPaths(): Promise<string[]> {
  const xml = await (await get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => decode(m[1]!));
}

describe("a trailing slash", () => {
  it.each(["/programs/", "/journal/", "/docs/", "/professions/konsultirovanie/psiholog-konsultant/", "/sveden/common/"])(
    "on %s redirects for good to the address without it",
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(`${origin}${path.slice(0, -1)}`);
      expect((await target(response)).status).toBe(200);
    },
  );

  it("keeps the query and drops every trailing slash, one a redirect (Hono's trailing slash)", async () => {
    const first = await get("/programs//?sort=price");
    expect(first.status).toBe(301);
    expect(first.headers.get("location")).toBe(`${origin}/programs/?sort=price`);
    const second = await target(first);
    expect(second.status).toBe(301);
    expect(second.headers.get("location")).toBe(`${origin}/programs?sort=price`);
    expect((await target(second)).status).toBe(200);
  });

  it("never sends a visitor to another host", async () => {
    const response = await get("//evil.example/");
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get("location")!).origin).toBe(origin);
  });
});

describe("the disclosure section (sveden)", () => {
  it.each(["/sveden", "/sveden/"])("%s leads to the section's root, which lists every subsection", async (path) => {
    let response = await get(path);
    if (response.status === 301) response = await get(new URL(response.headers.get("location")!).pathname);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(decode(h1(html) ?? "")).toBe("Сведения об образовательной организации");
    expect(canonical(html)).toBe(`${origin}/sveden`);
    expect(svedenSlugs).toHaveLength(14);
    for (const slug of svedenSlugs) expect(html).toContain(`href="/sveden/${slug}"`);
  });

  it.each(svedenSlugs.map((slug) => [slug]))("/sveden/%s leads back to the section's root in its breadcrumbs, shown and in JSON-LD", async (slug) => {
    const response = await get(`/sveden/${slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const trail = /<nav class="breadcrumbs[^"]*" aria-label="Навигационная цепочка">(.*?)<\/nav>/s.exec(html)?.[1] ?? "";
    expect([...trail.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual(["/", "/sveden"]);
    expect(trail).toContain(`<span aria-current="page">${catalogue.pages.sveden[slug].title}</span>`);
    const list = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
      .map((m) => JSON.parse(m[1]!) as { "@type": string; itemListElement?: { item: string }[] })
      .find((node) => node["@type"] === "BreadcrumbList");
    expect(list?.itemListElement?.map((item) => item.item)).toEqual([`${origin}/`, `${origin}/sveden`, `${origin}/sveden/${slug}`]);
  });
});

describe("paginated program lists", () => {
  /** Each list with the programs it holds: all of them, the professions, one study field's. */
  const lists: [string, number][] = [
    ["/programs", catalogue.programs.length],
    ["/professions", catalogue.programs.filter((p) => p.type === "Profession").length],
    [`/programs/${crowdedField}`, catalogue.programs.filter((p) => p.studyFieldSlug === crowdedField).length],
  ];

  it.each(lists)("%s is its own canonical from the second page on, sorted views naming the unsorted page", async (list, count) => {
    expect(count).toBeGreaterThan(PAGE_SIZE);
    const response = await get(`${list}?page=2`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(canonical(html)).toBe(`${origin}${list}?page=2`);
    expect(metaContent(html, "robots")).toBe("index, follow");
    expect(canonical(await (await get(`${list}?page=1`)).text())).toBe(`${origin}${list}`);
    expect(canonical(await (await get(`${list}?page=2&sort=price&dir=desc`)).text())).toBe(`${origin}${list}?page=2`);
  });

  it.each(lists)("%s answers 404 past its last page", async (list, count) => {
    const pages = Math.ceil(count / PAGE_SIZE);
    expect((await get(`${list}?page=${pages}`)).status).toBe(200);
    expect((await get(`${list}?page=${pages + 1}`)).status).toBe(404);
    expect((await get(`${list}?page=99`)).status).toBe(404);
  });
});

describe("the sitemap", () => {
  it("lists only canonical addresses: each answers 200, indexable, naming itself as canonical", async () => {
    const paths = await sitemapPaths();
    expect(paths.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const url of paths) {
      const path = url.slice(origin.length);
      if (path.endsWith(".pdf")) continue;
      const response = await get(path);
      const html = await response.text();
      if (response.status !== 200) wrong.push(`${path}: ${response.status}`);
      else if (canonical(html) !== url) wrong.push(`${path}: canonical ${canonical(html)}`);
      else if (!metaContent(html, "robots")?.startsWith("index")) wrong.push(`${path}: robots ${metaContent(html, "robots")}`);
    }
    expect(wrong).toEqual([]);
  });

  it("lists documents that exist: each PDF answers 200 as application/pdf", async () => {
    const pdfs = (await sitemapPaths()).filter((url) => url.endsWith(".pdf"));
    expect(pdfs.length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const url of pdfs) {
      const response = await env.ASSETS.fetch(new Request(url));
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (response.status !== 200) wrong.push(`${url}: ${response.status}`);
      else if (response.headers.get("content-type") !== "application/pdf") wrong.push(`${url}: ${response.headers.get("content-type")}`);
      else if (new TextDecoder().decode(bytes.slice(0, 5)) !== "%PDF-") wrong.push(`${url}: not a PDF`);
    }
    expect(wrong).toEqual([]);
  });

  it("names the disclosure section's root", async () => {
    expect(await sitemapPaths()).toContain(`${origin}/sveden`);
  });
});

describe("old image addresses (/_next/image, spec 7)", () => {
  const image = (url: string, w: number | string, q = 75) => get(`/_next/image?${new URLSearchParams({ url, w: String(w), q: String(q) })}`);
  const cover = (width: number) => generatedImagePath("program", program.id, width);

  it.each([
    [828, 828],
    [700, 750],
    [3840, 1200],
    [1920, 1200],
    [16, 384],
  ])("redirect for good a cover asked at %i px to its nearest built width, %i px", async (w, built) => {
    const response = await image(cover(1200), w);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`${origin}${cover(built)}`);
    expect((await target(response)).status).toBe(200);
  });

  it("find the built widths of a portrait and accept the site's own absolute address", async () => {
    const portrait = generatedImagePath("teacher", catalogue.teachers[0]!.slug, 640);
    const response = await image(`${origin}${portrait}`, 1080);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`${origin}${portrait}`);
    expect((await target(response)).status).toBe(200);
    const small = await image(portrait, 100);
    expect(small.headers.get("location")).toBe(`${origin}${generatedImagePath("teacher", catalogue.teachers[0]!.slug, 128)}`);
    expect((await target(small)).status).toBe(200);
  });

  it("redirect a picture built in one size to that picture", async () => {
    const response = await image("/images/logo.svg", 640);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`${origin}/images/logo.svg`);
    expect((await target(response)).status).toBe(200);
  });

  it("answer 404 for an image the site does not have", async () => {
    expect((await image(generatedImagePath("program", "no-such-program", 640), 640)).status).toBe(404);
    expect((await image("/images/no-such-picture.png", 640)).status).toBe(404);
    expect((await image(programHref(program), 640)).status).toBe(404);
  });

  it("refuse an image of another site and a malformed request", async () => {
    for (const response of [
      await image("https://evil.example/picture.png", 640),
      await image("//evil.example/picture.png", 640),
      await image(cover(640), "wide"),
      await get(`/_next/image?url=${encodeURIComponent(cover(640))}`),
      await get("/_next/image?w=640"),
    ]) {
      expect(response.status).toBe(400);
      expect(response.headers.get("location")).toBeNull();
    }
  });
});
