import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { SearchResult } from "../../src/services/search/documents";
import type { SearchIndexData } from "../../src/services/search/engine";
import { defaultCatalogue } from "../support/content";
import { attributesOf, decode, h1 } from "./html";
import { seedCatalogue } from "./seed";

const catalogue = defaultCatalogue("search-v1");
const origin = "https://mip.institute";

beforeAll(async () => {
  await seedCatalogue(catalogue);
});

async function search(q: string): Promise<SearchResult[]> {
  const response = await SELF.fetch(`${origin}/api/search?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: SearchResult[] }).results;
}

describe("GET /api/search", () => {
  it("answers [] for an empty query", async () => {
    expect(await search("")).toEqual([]);
    expect(await search("   ")).toEqual([]);
  });

  it("answers [] without a query, and reads a long one as its first 100 characters", async () => {
    const response = await SELF.fetch(`${origin}/api/search`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ results: [], layoutSwitched: null });
    const long = `${"ы".repeat(92)} медиатор ${"ы".repeat(50)}`;
    expect(await search(long)).toEqual(await search(long.slice(0, 100)));
    expect((await search(long.slice(0, 100))).map((r) => r.title)).toContain("Медиатор");
    expect((await search(`${"ы".repeat(100)} медиатор`)).map((r) => r.title)).not.toContain("Медиатор");
  });

  it("answers the result shape of DESIGN.md", async () => {
    const [first] = await search("медиатор");
    expect(Object.keys(first!).sort()).toEqual(["duration", "href", "id", "price", "slug", "studyFieldSlug", "subtitle", "title", "type", "typeLabel", "typename"]);
    expect(first).toMatchObject({ title: "Медиатор", type: "Profession", typeLabel: "Проф. переподготовка", href: "/professions/organizacionnaya-psihologiya/mediator" });
  });

  it("understands the wrong keyboard layout: 'ghjatccbz' means 'профессия'", async () => {
    const results = await search("vtlbfnjh");
    expect(results.map((r) => r.title)).toContain("Медиатор");
  });

  it("names the query it searched when the Latin layout was meant", async () => {
    const response = await SELF.fetch(`${origin}/api/search?q=ghjatccbz`);
    const body = (await response.json()) as { results: SearchResult[]; layoutSwitched: string | null };
    expect(body.layoutSwitched).toBe("профессия");
    expect(body.results.length).toBeGreaterThan(0);
    const plain = (await (await SELF.fetch(`${origin}/api/search?q=${encodeURIComponent("медиатор")}`)).json()) as { layoutSwitched: string | null };
    expect(plain.layoutSwitched).toBeNull();
  });

  it("forgives typos", async () => {
    expect((await search("психолог-консултант")).map((r) => r.title)).toContain("Психолог-консультант");
  });

  it("finds teachers, seminars by their subtitle and journal articles", async () => {
    const teacher = catalogue.teachers[0]!;
    expect((await search(teacher.name.split(" ")[0]!)).some((r) => r.href === `/teachers#${teacher.slug}` && r.typeLabel === "Преподаватель")).toBe(true);
    const seminar = catalogue.seminars[0]!;
    expect((await search(seminar.subtitle)).some((r) => r.slug === seminar.slug && r.typeLabel === "Семинары")).toBe(true);
    const article = catalogue.journal[0]!;
    expect((await search(article.title)).some((r) => r.href === `/journal/${article.slug}`)).toBe(true);
  });

  it("gives every result a link to a live page", async () => {
    for (const result of await search("психология")) {
      const response = await SELF.fetch(`${origin}${result.href.split("#")[0]}`);
      expect(response.status, result.href).toBe(200);
    }
  });

  it("serves the browser's compact index, immutable for the current content version", async () => {
    const response = await SELF.fetch(`${origin}/api/search/browser?v=${catalogue.version}`);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const index = (await response.json()) as SearchIndexData;
    expect(index.complete).toBe(true);
    expect(index.docs.length).toBeGreaterThan(catalogue.programs.length);
  });
});

describe("/search", () => {
  it("renders the results on the server, escaping the query", async () => {
    const html = await (await SELF.fetch(`${origin}/search?q=${encodeURIComponent("медиатор <b>")}`)).text();
    expect(h1(html)).toBe("Поиск");
    expect(html).toContain('href="/professions/organizacionnaya-psihologiya/mediator"');
    expect(html).toContain("медиатор &lt;b&gt;");
    expect(html).not.toContain("медиатор <b>");
  });

  it("answers a query with links to the results, for a browser without JavaScript", async () => {
    const html = await (await SELF.fetch(`${origin}/search?q=${encodeURIComponent("супервизия")}`)).text();
    expect((await attributesOf(html, ".search-results a", "href")).length).toBeGreaterThan(0);
  });

  it("names the query it searched when the Latin layout was meant, in its answer line too", async () => {
    const html = decode(await (await SELF.fetch(`${origin}/search?q=ghjatccbz`)).text());
    expect(html).toContain("Показаны результаты по запросу «профессия»");
    expect(html).toMatch(/По запросу «профессия» — \d+ результат/);
    expect(html).not.toMatch(/По запросу «ghjatccbz» —/);
  });

  it("shows each result's type, length and price", async () => {
    const html = decode(await (await SELF.fetch(`${origin}/search?q=${encodeURIComponent("медиатор")}`)).text());
    const program = catalogue.programs.find((p) => p.title === "Медиатор")!;
    const row = html.split('href="/professions/organizacionnaya-psihologiya/mediator"')[1]!.split("</a>")[0]!;
    expect(row).toContain("Проф. переподготовка");
    expect(row).toContain(program.duration);
    expect(row).toMatch(/\d[\d\u00a0\u202f ]* ₽/);
  });

  it("offers the nothing-found panel with its form when nothing matches", async () => {
    const html = await (await SELF.fetch(`${origin}/search?q=${encodeURIComponent("квантовая хромодинамика")}`)).text();
    expect(html).toContain("ничего не нашлось");
    expect(html).toContain('data-island="forms/NothingFound"');
  });
});
