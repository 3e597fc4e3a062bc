import { SELF } from "cloudflare:test";
import { admissionsHoursText } from "../../src/services/admissions-hours";
import { beforeAll, describe, expect, it } from "vitest";
import { documentHref, documentPages } from "../../src/services/catalogue/documents";
import { svedenSlugs } from "../../src/services/catalogue/institute-schemas";
import { articleHref, bachelorHref, programHref, seminarHref } from "../../src/services/catalogue/links";
import { defaultCatalogue } from "../support/content";
import { canonical, decode, h1, jsonLdTypes, metaContent } from "./html";
import { seedCatalogue } from "./seed";

const catalogue = defaultCatalogue("institute-v1");
const origin = "https://mip.institute";

beforeAll(async () => {
  await seedCatalogue(catalogue);
});

async function page(path: string) {
  const response = await SELF.fetch(`${origin}${path}`);
  const html = await response.text();
  expect(response.status, path).toBe(200);
  expect(canonical(html), path).toBe(`${origin}${path}`);
  expect(decode(metaContent(html, "description") ?? "").length, path).toBeLessThanOrEqual(120);
  expect(jsonLdTypes(html), path).toContain("BreadcrumbList");
  return html;
}

describe("institute pages of spec 2.1", () => {
  const { pages } = catalogue;
  it.each([
    ["/ourInstitute", pages.about.title],
    ["/contacts", pages.contacts.title],
    ["/incomers", pages.incomers.title],
    ["/vacancies", pages.vacancies.title],
    ["/partners", pages.partners.title],
    ["/legal", pages.legal.title],
    ["/legal_edu", pages.legalEdu.title],
    ["/payment_edu_mip", pages.payment.title],
    ["/rating", pages.rating.title],
    ["/docs", pages.docs.title],
    ["/free-access", pages.freeAccess.title],
  ])("%s answers with its h1 and metadata", async (path, title) => {
    expect(decode(h1(await page(path)) ?? "")).toBe(title);
  });

  it("/contacts shows both legal entities with every field, both offices, the phones and the admissions hours", async () => {
    const html = decode(await page("/contacts"));
    for (const entity of catalogue.site.legalEntities) {
      for (const value of [entity.fullName, entity.shortName, entity.head, entity.inn, entity.kpp, entity.ogrn, entity.address, entity.email, entity.licence]) {
        expect(html).toContain(value);
      }
    }
    expect(html).toContain(catalogue.site.almatyOffice.address);
    for (const phone of [...catalogue.site.phones, ...catalogue.site.almatyOffice.phones]) expect(html).toContain(phone.display);
    expect(html).toContain("Учебный отдел и приёмная комиссия");
    expect(html).toContain("Отдел кураторов");
    expect(html).toContain("Казахстан");
    expect(html).toContain("узбекский");
    expect(html).toContain(admissionsHoursText(catalogue.site.admissionsHours));
    expect(html).toContain('src="/images/map-moscow.svg"');
    expect(jsonLdTypes(html)).toContain("EducationalOrganization");
    const nodes = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (m) => JSON.parse(m[1]!) as { "@id"?: string; taxID?: string; subOrganization?: { "@id": string }[] },
    );
    const entities = nodes.filter((node) => node.taxID);
    expect(entities.map((e) => e.taxID)).toEqual(catalogue.site.legalEntities.map((e) => e.inn));
    // the institute's node names them by @id: one description of each, however many mentions
    const institute = nodes.find((node) => node["@id"] === `${origin}/#organization`);
    expect(institute?.subOrganization?.map((o) => o["@id"])).toEqual(entities.map((e) => e["@id"]));
  });

  it("the home page describes both legal entities too", async () => {
    const html = await (await SELF.fetch(`${origin}/`)).text();
    expect(html).toContain('"subOrganization"');
  });

  it.each(documentPages.map((p) => [p.path, p.title]))("%s lists its documents with title and size", async (path, title) => {
    const html = decode(await page(path));
    expect(h1(html)).toBe(title);
    const listed = catalogue.documents.filter((d) => documentPages.find((p) => p.path === path)!.categories.includes(d.category));
    expect(listed.length).toBeGreaterThan(0);
    for (const document of listed) {
      expect(html).toContain(`href="${documentHref(document)}"`);
      expect(html).toMatch(new RegExp(`${document.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</a><span class="document-link__meta">PDF, \\d+(,\\d)? КБ`));
    }
  });

  it.each(svedenSlugs.map((slug) => [slug]))("/sveden/%s answers with the shared subsection menu", async (slug) => {
    const html = decode(await page(`/sveden/${slug}`));
    expect(h1(html)).toBe(catalogue.pages.sveden[slug].title);
    for (const other of svedenSlugs) expect(html).toContain(`href="/sveden/${other}"`);
    expect(html).toContain(`href="/sveden/${slug}" aria-current="page"`);
  });

  it("answers an unknown subsection with 404", async () => {
    expect((await SELF.fetch(`${origin}/sveden/secret`)).status).toBe(404);
  });
});

describe("crawlers", () => {
  it("/robots.txt allows the site and points to the sitemap", async () => {
    const text = await (await SELF.fetch(`${origin}/robots.txt`)).text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  it("/sitemap.xml lists every page of the content", async () => {
    const response = await SELF.fetch(`${origin}/sitemap.xml`);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    const locs = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&")));
    const expected = [
      "/", "/ourInstitute", "/contacts", "/incomers", "/teachers", "/reviews", "/webinars", "/docs", "/free-access",
      ...catalogue.studyFields.map((f) => `/programs/${f.slug}`),
      ...catalogue.programs.map(programHref),
      ...catalogue.bachelors.map(bachelorHref),
      ...catalogue.practicalTrainings.map((t) => `/practical-training/${t.slug}`),
      ...catalogue.seminars.filter((s) => Date.parse(s.targetDate) > Date.parse(catalogue.builtAt)).map(seminarHref),
      ...catalogue.liveCourses.map((l) => `/live-courses/${l.slug}`),
      ...catalogue.journal.map((a) => articleHref(a.slug)),
      ...catalogue.documents.map(documentHref),
      ...svedenSlugs.map((s) => `/sveden/${s}`),
    ];
    for (const path of expected) expect(locs, path).toContain(`${origin}${path}`);
  });
});
