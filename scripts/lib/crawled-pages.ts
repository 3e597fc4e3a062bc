/**
 * The pages a crawler reaches: every page of the sitemap, the pages outside it that crawlers and
 * visitors still reach (the form pages a link opens, search, a 404), a sample of one page per
 * template. The validators walk them (tests/e2e/crawled-pages.ts); the build draws each template's
 * CSS from them (scripts/critical-css.ts).
 */

/** What any unknown address shows. */
const NOT_FOUND_PATH = "/net-takoj-stranicy";

/**
 * Pages outside the sitemap that crawlers and visitors still reach: the form pages (a CTA's, the
 * short forms of the 404 page and /free-access), the thank-you page, search, a list's second page,
 * a 404. The seminar's ticket form is added as its page links it (crawledPages).
 */
const beyondSitemap = [
  "/apply",
  "/apply?cta=askQuestion",
  "/apply?form=notFound",
  "/apply?form=freeAccess",
  "/gratefull",
  "/search?q=психолог",
  "/search?q=щщщщщщ",
  "/programs?page=2",
  NOT_FOUND_PATH,
];

/** The status a page of the list answers with: the 404 page's is 404, every other's 200. */
export const statusOf = (path: string) => (path === NOT_FOUND_PATH ? 404 : 200);

/** A sitemap page's template: its first segment and its depth (`/professions/*\/*`); its pages differ in content only. */
function template(path: string): string {
  const parts = path.split("/").filter(Boolean);
  return parts.length === 0 ? "/" : `/${parts[0]}${"/*".repeat(parts.length - 1)}`;
}

export interface CrawledPages {
  /** every page: the sitemap's (without its PDFs) and those beyond it */
  pages: string[];
  /** one page of each template, and every page outside the sitemap */
  samples: string[];
  /** the upcoming seminar whose ticket form is among the pages (the form posts order its tickets) */
  seminarId: string;
}

/** The first seminar page of the sitemap that links its ticket form: that link, as the page writes it. */
async function ticketFormLink(site: string, sitemap: string[]): Promise<{ path: string; seminarId: string }> {
  for (const path of sitemap.filter((p) => p.startsWith("/seminars/"))) {
    const html = await (await fetch(`${site}${path}`)).text();
    const href = /<a [^>]*href="(\/apply\?cta=buyTicket[^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    const seminarId = href ? new URLSearchParams(href.split("?")[1]).get("seminar") : null;
    if (href && seminarId) return { path: href, seminarId };
  }
  throw new Error("no seminar page of the sitemap links its ticket form");
}

/** The pages of the site at `site` (its origin) a crawler reaches. */
export async function crawledPages(site: string): Promise<CrawledPages> {
  const xml = await (await fetch(`${site}/sitemap.xml`)).text();
  const listed = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => {
    const url = new URL(m[1]!.replace(/&amp;/g, "&"));
    return url.pathname + url.search;
  });
  const sitemap = listed.filter((path) => !path.endsWith(".pdf"));
  const byTemplate = new Map<string, string>();
  for (const path of sitemap) if (!byTemplate.has(template(path))) byTemplate.set(template(path), path);
  const ticketForm = await ticketFormLink(site, sitemap);
  const beyond = [...beyondSitemap, ticketForm.path];
  return { pages: [...sitemap, ...beyond], samples: [...new Set([...byTemplate.values(), ...beyond])], seminarId: ticketForm.seminarId };
}

