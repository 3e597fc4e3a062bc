import type { Context } from "hono";
// matched once per isolate by isPagePath too: the quick router has nothing to build first (issue #18)
import { Hono } from "hono/quick";
import type { AppEnv } from "../server/env";
import type { Catalogue } from "../services/catalogue/build";
import { applyPage, renderThanks } from "../routes/pages/apply";
import { searchPage } from "../routes/pages/search";
import { bachelorDetail, bachelorsList } from "../routes/pages/bachelors";
import { robots, sitemap, sitemapPaths } from "../routes/pages/crawlers";
import { docsIndex, docsPage } from "../routes/pages/docs";
import { documentPages } from "../services/catalogue/documents";
import { contactsPage } from "../routes/pages/contacts";
import {
  aboutPage, freeAccessPage, incomersPage, legalEduPage, legalPage, partnersPage, paymentPage, ratingPage, vacanciesPage,
} from "../routes/pages/institute";
import { nextImage } from "../routes/pages/next-image";
import { svedenIndex, svedenPage } from "../routes/pages/sveden";
import { renderHome } from "../routes/pages/home";
import { journalArticle, journalList } from "../routes/pages/journal";
import { liveCourseDetail, liveCoursesList } from "../routes/pages/live-courses";
import { reviewsList, teachersList, webinarsList } from "../routes/pages/people";
import { practicalDetail, practicalList } from "../routes/pages/practical";
import { anyProgramRoute, programRoute } from "../routes/pages/program";
import { coursesList, professionsList, programsList, shortTermList, studyFieldList } from "../routes/pages/programs";
import { lectoriumDetail, seminarDetail, seminarsList } from "../routes/pages/seminars";

/**
 * Link shapes the spec gives for search results (2.2) that differ from a route: each answers with a
 * permanent redirect to the page, so an old or shared link never dead-ends.
 */
const legacyPrefixes: Record<string, string> = {
  bachelors: "/bachelor",
  lectoriums: "/lectorium",
  practicalTrainings: "/practical-training",
};

const redirectTo = (prefix: string) => (c: Context<AppEnv>) => {
  const url = new URL(c.req.url);
  return c.redirect(`${prefix}/${encodeURIComponent(c.req.param("slug") ?? "")}${url.search}`, 301);
};

/** Every page route of the site (spec 2.1). */
export function registerPages(app: Hono<AppEnv>): void {
  app.get("/", renderHome);
  app.get("/apply", applyPage);
  app.get("/gratefull", renderThanks);
  app.get("/search", searchPage);

  app.get("/programs", programsList);
  app.get("/programs/:field", studyFieldList);
  app.get("/programs/:field/:slug", anyProgramRoute);
  app.get("/professions", professionsList);
  app.get("/professions/:field/:slug", programRoute("Profession"));
  app.get("/courses", coursesList);
  app.get("/courses/:field/:slug", programRoute("Course"));
  app.get("/shortTerm", shortTermList);
  app.get("/shortTerm/:field/:slug", programRoute("ShortTerm"));

  app.get("/bachelor", bachelorsList);
  app.get("/bachelor/:slug", bachelorDetail);
  app.get("/practical-training", practicalList);
  app.get("/practical-training/:slug", practicalDetail);

  app.get("/seminars", seminarsList);
  app.get("/seminars/:field/:slug", seminarDetail);
  app.get("/lectorium", seminarsList);
  app.get("/lectorium/:slug", lectoriumDetail);
  app.get("/live-courses", liveCoursesList);
  app.get("/live-courses/:slug", liveCourseDetail);

  app.get("/webinars", webinarsList);
  app.get("/teachers", teachersList);
  app.get("/reviews", reviewsList);
  app.get("/journal", journalList);
  app.get("/journal/:slug", journalArticle);

  app.get("/ourInstitute", aboutPage);
  app.get("/contacts", contactsPage);
  app.get("/incomers", incomersPage);
  app.get("/vacancies", vacanciesPage);
  app.get("/partners", partnersPage);
  app.get("/legal", legalPage);
  app.get("/legal_edu", legalEduPage);
  app.get("/payment_edu_mip", paymentPage);
  app.get("/rating", ratingPage);
  app.get("/free-access", freeAccessPage);
  app.get("/docs", docsIndex);
  for (const page of documentPages) app.get(page.path, docsPage(page.path));
  app.get("/sveden", svedenIndex);
  app.get("/sveden/:section", svedenPage);
}

/** What else answers a GET: the crawlers' files, the old image address and the legacy links. */
export function registerFeedsAndRedirects(app: Hono<AppEnv>): void {
  app.get("/sitemap.xml", sitemap);
  app.get("/robots.txt", robots);
  app.get("/_next/image", nextImage);
  for (const [legacy, prefix] of Object.entries(legacyPrefixes)) app.get(`/${legacy}/:slug`, redirectTo(prefix));
}

/** The page routes alone, to ask whether an address is a page's (not whether the page exists). */
const pageRoutes = new Hono<AppEnv>();
registerPages(pageRoutes);

/** Whether a GET of this path reaches a page route (a document for a browser). */
export function isPagePath(path: string): boolean {
  return pageRoutes.router.match("GET", path)[0].length > 0;
}

/** The pages the warm-up keeps in the pages tier (server/cache/warm-up.ts): the sitemap's addresses that are pages. */
export const warmedPages = (catalogue: Catalogue): string[] => sitemapPaths(catalogue).flatMap(({ path }) => (isPagePath(path) ? [path] : []));
