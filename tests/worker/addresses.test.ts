import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "../../src/services/catalogue/listing";
import { programHref } from "../../src/services/catalogue/links";
import { generatedImagePath } from "../../src/services/images";
import { defaultCatalogue } from "../support/content";
import { canonical, decode, h1, metaContent } from "./html";
import { seedCatalogue } from "./seed";

const origin = "https://mip.institute";
const catalogue = defaultCatalogue("addresses-v1");
const program = catalogue.programs[0]!;

beforeAll(async () => {
  await seedCatalogue(catalogue);
});

const get = (path: string) => SELF.fetch(`${origin}${path}`, { redirect: "manual" });

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
    },
  );

  it("keeps the query and drops every trailing slash", async () => {
    const response = await get("/programs//?sort=price");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`${origin}/programs?sort=price`);
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
    for (const slug of ["common", "struct", "document", "paid_edu", "catering"]) expect(html).toContain(`href="/sveden/${slug}"`);
  });
});

describe("paginated program lists", () => {
  const pages = Math.ceil(catalogue.programs.length / PAGE_SIZE);

  it("are their own canonical from the second page on", async () => {
    const html = await (await get("/programs?page=2")).text();
    expect(canonical(html)).toBe(`${origin}/programs?page=2`);
    expect(metaContent(html, "robots")).toBe("index, follow");
    expect(canonical(await (await get("/programs?page=1")).text())).toBe(`${origin}/programs`);
    expect(canonical(await (await get("/programs?page=2&sort=price&dir=desc")).text())).toBe(`${origin}/programs?page=2`);
  });

  it("answer 404 past the last page", async () => {
    expect((await get(`/programs?page=${pages}`)).status).toBe(200);
    expect((await get(`/programs?page=${pages + 1}`)).status).toBe(404);
    expect((await get("/programs?page=99")).status).toBe(404);
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
  });

  it("find the built widths of a portrait and accept the site's own absolute address", async () => {
    const portrait = generatedImagePath("teacher", catalogue.teachers[0]!.slug, 640);
    const response = await image(`${origin}${portrait}`, 1080);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`${origin}${portrait}`);
    const small = await image(portrait, 100);
    expect(small.headers.get("location")).toBe(`${origin}${generatedImagePath("teacher", catalogue.teachers[0]!.slug, 128)}`);
  });

  it("redirect a picture built in one size to that picture", async () => {
    const response = await image("/images/logo.svg", 640);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`${origin}/images/logo.svg`);
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
