import type { Context } from "hono";
import type { Catalogue } from "../../services/catalogue/build";
import { documentHref, documentPages } from "../../services/catalogue/documents";
import { svedenSlugs } from "../../services/catalogue/institute-schemas";
import { articleHref, bachelorHref, liveCourseHref, practicalTrainingHref, programHref, seminarHref, studyFieldHref } from "../../services/catalogue/links";
import { upcomingSeminars } from "../../services/catalogue/queries";
import { derived } from "../../services/catalogue/repository";
import type { AppEnv } from "../../server/env";

/**
 * Pages that exist whatever the content: lists and institute pages of spec 2.1, each by its canonical
 * address only (`/seminars` shows the list whose canonical is `/lectorium`).
 */
const staticPaths = [
  "/", "/programs", "/professions", "/courses", "/shortTerm", "/bachelor", "/practical-training", "/lectorium",
  "/live-courses", "/webinars", "/teachers", "/reviews", "/journal", "/ourInstitute", "/contacts", "/incomers", "/vacancies",
  "/partners", "/legal", "/legal_edu", "/payment_edu_mip", "/rating", "/docs", "/free-access", "/sveden",
];

/** Every page a crawler should know, built once per content version. */
export const sitemapPaths = derived((catalogue: Catalogue): { path: string; lastmod?: string }[] => [
  ...staticPaths.map((path) => ({ path })),
  ...catalogue.studyFields.map((f) => ({ path: studyFieldHref(f.slug) })),
  ...catalogue.programs.map((p) => ({ path: programHref(p) })),
  ...catalogue.bachelors.map((b) => ({ path: bachelorHref(b) })),
  ...catalogue.practicalTrainings.map((t) => ({ path: practicalTrainingHref(t) })),
  ...upcomingSeminars(catalogue, Date.parse(catalogue.builtAt)).map((s) => ({ path: seminarHref(s) })),
  ...catalogue.liveCourses.map((l) => ({ path: liveCourseHref(l.slug) })),
  ...catalogue.journal.map((a) => ({ path: articleHref(a.slug), lastmod: a.updatedAt ?? a.publishedAt })),
  ...documentPages.map((p) => ({ path: p.path })),
  ...catalogue.documents.map((d) => ({ path: documentHref(d), lastmod: d.approved })),
  ...svedenSlugs.map((s) => ({ path: `/sveden/${s}` })),
]);

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function sitemap(c: Context<AppEnv>) {
  const entries = sitemapPaths(c.get("catalogue"))
    .map(({ path, lastmod }) => {
      const loc = escapeXml(new URL(path, c.env.SITE_URL).href);
      return lastmod ? `<url><loc>${loc}</loc><lastmod>${lastmod}</lastmod></url>` : `<url><loc>${loc}</loc></url>`;
    })
    .join("");
  return c.body(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</urlset>`, 200, {
    "Content-Type": "application/xml; charset=utf-8",
  });
}

export function robots(c: Context<AppEnv>) {
  const lines = ["User-agent: *", "Allow: /", "Disallow: /api/", "Disallow: /ops/", "Disallow: /apply", "Disallow: /gratefull", "", `Sitemap: ${new URL("/sitemap.xml", c.env.SITE_URL).href}`, ""];
  return c.text(lines.join("\n"));
}
