import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Template } from "../services/templates";
// matched once per isolate by isPagePath too: the quick router has nothing to build first (issue #18)
import { Hono } from "hono/quick";
import type { AppEnv } from "../server/env";
import { validQuery } from "../server/validate";
import * as z from "zod/mini";
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
import { confirmRegistrationPage, confirmRegistrationPost, noSuchOrder, orderPage } from "../routes/pages/orders";

/** A free registration's confirmation link (decision 093): its key, one of hex digits. */
const confirmLink = z.object({ key: z.string().check(z.regex(/^[0-9a-f]{32}$/)) });

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

/** A page route's first step: names the template its page is drawn by (its inlined CSS, decision 041). */
function drawnAs(template: Template) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("template", template);
    await next();
  });
}

/** Every page route of the site (spec 2.1), each with its template. */
export function registerPages(app: Hono<AppEnv>): void {
  app.get("/", drawnAs("home"), renderHome);
  app.get("/apply", drawnAs("form"), applyPage);
  app.get("/gratefull", drawnAs("form"), renderThanks);
  app.get("/orders/:id", drawnAs("form"), orderPage);
  // a free registration's letter links here (decision 093): the page with one button, and the button's post
  app.get("/orders/:id/confirm", drawnAs("form"), validQuery(confirmLink, noSuchOrder), confirmRegistrationPage);
  app.post("/orders/:id/confirm", drawnAs("form"), validQuery(confirmLink, noSuchOrder), confirmRegistrationPost);
  app.get("/search", drawnAs("list"), searchPage);

  app.get("/programs", drawnAs("list"), programsList);
  app.get("/programs/:field", drawnAs("list"), studyFieldList);
  app.get("/programs/:field/:slug", drawnAs("detail"), anyProgramRoute);
  app.get("/professions", drawnAs("list"), professionsList);
  app.get("/professions/:field/:slug", drawnAs("detail"), programRoute("Profession"));
  app.get("/courses", drawnAs("list"), coursesList);
  app.get("/courses/:field/:slug", drawnAs("detail"), programRoute("Course"));
  app.get("/shortTerm", drawnAs("list"), shortTermList);
  app.get("/shortTerm/:field/:slug", drawnAs("detail"), programRoute("ShortTerm"));

  app.get("/bachelor", drawnAs("list"), bachelorsList);
  app.get("/bachelor/:slug", drawnAs("detail"), bachelorDetail);
  app.get("/practical-training", drawnAs("list"), practicalList);
  app.get("/practical-training/:slug", drawnAs("detail"), practicalDetail);

  app.get("/seminars", drawnAs("list"), seminarsList);
  app.get("/seminars/:field/:slug", drawnAs("detail"), seminarDetail);
  app.get("/lectorium", drawnAs("list"), seminarsList);
  app.get("/lectorium/:slug", drawnAs("detail"), lectoriumDetail);
  app.get("/live-courses", drawnAs("list"), liveCoursesList);
  app.get("/live-courses/:slug", drawnAs("detail"), liveCourseDetail);

  app.get("/webinars", drawnAs("list"), webinarsList);
  app.get("/teachers", drawnAs("list"), teachersList);
  app.get("/reviews", drawnAs("list"), reviewsList);
  app.get("/journal", drawnAs("list"), journalList);
  app.get("/journal/:slug", drawnAs("article"), journalArticle);

  app.get("/ourInstitute", drawnAs("info"), aboutPage);
  app.get("/contacts", drawnAs("info"), contactsPage);
  app.get("/incomers", drawnAs("info"), incomersPage);
  app.get("/vacancies", drawnAs("info"), vacanciesPage);
  app.get("/partners", drawnAs("info"), partnersPage);
  app.get("/legal", drawnAs("info"), legalPage);
  app.get("/legal_edu", drawnAs("info"), legalEduPage);
  app.get("/payment_edu_mip", drawnAs("info"), paymentPage);
  app.get("/rating", drawnAs("info"), ratingPage);
  app.get("/free-access", drawnAs("info"), freeAccessPage);
  app.get("/docs", drawnAs("info"), docsIndex);
  for (const page of documentPages) app.get(page.path, drawnAs("info"), docsPage(page.path));
  app.get("/sveden", drawnAs("info"), svedenIndex);
  app.get("/sveden/:section", drawnAs("info"), svedenPage);
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
