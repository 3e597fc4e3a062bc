import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultCatalogue } from "../support/content";
import { decode, metaContent } from "./html";
import { seedCatalogue } from "./seed";

/**
 * Every page's JSON-LD against Google's structured-data guidelines: the required properties of each
 * type, and the recommended ones the site can fill truthfully. Left out on purpose:
 * - Event `offers.validFrom`: when ticket sales opened is not in the content;
 * - Course `image` of bachelor's programs and live courses: they have no picture of their own;
 * - ratings of the institute itself: Google ignores reviews an organisation shows of itself (self-serving).
 */
const origin = "https://mip.institute";
const catalogue = defaultCatalogue("structured-data-v1");
const organizationId = `${origin}/#organization`;

type Node = Record<string, unknown>;

beforeAll(async () => {
  await seedCatalogue(catalogue);
});

const get = (path: string) => SELF.fetch(`${origin}${path}`, { redirect: "manual" });

async function crawlerPages(): Promise<string[]> {
  const xml = await (await get("/sitemap.xml")).text();
  const paths = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => decode(m[1]!).slice(origin.length)).filter((p) => !p.endsWith(".pdf"));
  return [...paths, "/seminars", "/net-takoj-stranicy"];
}

const rendered = new Map<string, Promise<string>>();
/** A page's HTML, fetched once for all the tests of this file. */
const pageHtml = (path: string) => {
  let html = rendered.get(path);
  if (!html) {
    html = get(path).then((response) => response.text());
    rendered.set(path, html);
  }
  return html;
};

const blocks = (html: string): Node[] =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Node);

const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const types = (node: Node) => list(node["@type"]) as string[];

type Found = { node: Node; path: string; parent?: Node };

/** Every typed node of a page's JSON-LD with where it sits, nested ones included. */
function nodesOf(top: Node[]): Found[] {
  const found: Found[] = [];
  for (const [index, block] of top.entries()) walk(block, `[${index}]`, found);
  return found;
}

function walk(value: unknown, path: string, found: Found[], parent?: Node) {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) walk(item, `${path}[${index}]`, found, parent);
    return;
  }
  if (!isNode(value)) return;
  if (value["@type"] !== undefined) found.push({ node: value, path, parent });
  for (const [key, child] of Object.entries(value)) if (!key.startsWith("@")) walk(child, `${path}.${key}`, found, value);
}

const onSite = (url: unknown) => typeof url === "string" && url.startsWith(`${origin}/`);
const isDate = (value: unknown) => typeof value === "string" && !Number.isNaN(Date.parse(value));
const isDuration = (value: unknown) => typeof value === "string" && /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/.test(value);
const organizations = new Set(["EducationalOrganization", "CollegeOrUniversity", "Organization"]);

/** What is wrong with one node, by its type; [] when nothing is. */
function problems(node: Node, parent: Node | undefined): string[] {
  const wrong: string[] = [];
  const need = (ok: unknown, what: string) => {
    if (!ok) wrong.push(what);
  };
  const named = (value: unknown) => isNode(value) && typeof value.name === "string" && value.name.length > 0;
  for (const type of types(node)) {
    switch (type) {
      case "Course": {
        need(node.name && node.description, "name and description");
        need(named(node.provider) && onSite((node.provider as Node).url), "provider with name and url");
        need(onSite(node.url) && node.inLanguage === "ru", "url and inLanguage");
        const offers = list(node.offers) as Node[];
        need(offers.length > 0, "offers");
        for (const offer of offers) {
          need(["Free", "Partially Free", "Subscription", "Paid"].includes(offer.category as string), "offers.category");
          need(offer.category === "Free" || (typeof offer.price === "number" && offer.priceCurrency === "RUB"), "offers.price and priceCurrency");
        }
        need(list(node.hasCourseInstance).length > 0, "hasCourseInstance");
        if (node.image !== undefined) need(onSite(node.image), "image on the site");
        need((node.aggregateRating === undefined) === (node.review === undefined), "aggregateRating only with the reviews it counts");
        if (isNode(node.aggregateRating)) need(node.aggregateRating.reviewCount === list(node.review).length, "aggregateRating counts the reviews given");
        break;
      }
      case "CourseInstance": {
        need(["Online", "Onsite", "Blended"].includes(node.courseMode as string), "courseMode Online, Onsite or Blended");
        const schedule = node.courseSchedule;
        need(
          isDuration(node.courseWorkload) ||
            (isNode(schedule) && isDuration(schedule.duration) && typeof schedule.repeatCount === "number" && typeof schedule.repeatFrequency === "string"),
          "courseWorkload or courseSchedule with duration, repeatCount and repeatFrequency",
        );
        if (node.courseMode !== "Online") need(list(node.location).every((place) => isNode(place) && place.address), "location with an address");
        need(list(node.instructor).length > 0 && list(node.instructor).every(named), "instructor");
        break;
      }
      case "Event": {
        need(node.name && node.description, "name and description");
        need(isDate(node.startDate) && isDate(node.endDate) && Date.parse(node.endDate as string) > Date.parse(node.startDate as string), "startDate before endDate");
        need(node.eventStatus === "https://schema.org/EventScheduled", "eventStatus");
        need(typeof node.eventAttendanceMode === "string", "eventAttendanceMode");
        const location = node.location as Node | undefined;
        need(
          isNode(location) &&
            (location["@type"] === "VirtualLocation" ? onSite(location.url) && !(location.url as string).includes("#") : Boolean(location.address)),
          "location: an address, or a page (not an anchor) to join from",
        );
        need(onSite(node.image), "image");
        need(list(node.performer).length > 0 && list(node.performer).every(named), "performer");
        need(named(node.organizer) && onSite((node.organizer as Node).url), "organizer with name and url");
        const offer = node.offers as Node | undefined;
        need(isNode(offer) && typeof offer.price === "number" && offer.priceCurrency && offer.availability && onSite(offer.url), "offers with price, availability and url");
        break;
      }
      case "Article": {
        need(node.headline && onSite(node.image), "headline and image");
        need(isDate(node.datePublished) && isDate(node.dateModified), "datePublished and dateModified");
        need(named(node.author) && onSite((node.author as Node).url), "author with name and url");
        const publisher = node.publisher as Node | undefined;
        need(named(publisher) && isNode(publisher?.logo) && onSite((publisher.logo as Node).url), "publisher with name and logo");
        break;
      }
      case "BreadcrumbList": {
        const items = list(node.itemListElement) as Node[];
        need(items.length > 0, "itemListElement");
        for (const [index, item] of items.entries()) need(item.position === index + 1 && item.name && onSite(item.item), `item ${index + 1}: position, name and item`);
        break;
      }
      case "Review": {
        need(parent && types(parent).includes("Course"), "a review of a course, never of the institute");
        need(named(node.author) && isDate(node.datePublished) && node.reviewBody, "author, datePublished and reviewBody");
        const rating = node.reviewRating as Node | undefined;
        need(isNode(rating) && (rating.ratingValue as number) >= (rating.worstRating as number) && (rating.ratingValue as number) <= (rating.bestRating as number), "reviewRating within its scale");
        break;
      }
      case "AggregateRating":
        need(parent && types(parent).includes("Course"), "a rating of a course, never of the institute");
        need(typeof node.ratingValue === "number" && typeof node.reviewCount === "number" && node.bestRating === 5, "ratingValue, reviewCount and bestRating");
        break;
      case "Person":
        need(named(node), "name");
        break;
      case "EducationalOrganization":
      case "CollegeOrUniversity":
        need(typeof node["@id"] === "string" && named(node) && onSite(node.url), "@id, name and url");
        break;
    }
  }
  return wrong;
}

describe("structured data on every page a crawler reaches", () => {
  it("has what Google's guidelines require and recommend, type by type", async () => {
    const wrong: string[] = [];
    const seen = new Set<string>();
    for (const path of await crawlerPages()) {
      const html = await pageHtml(path);
      for (const { node, path: where, parent } of nodesOf(blocks(html))) {
        for (const type of types(node)) seen.add(type);
        for (const problem of problems(node, parent)) wrong.push(`${path} ${where} ${types(node).join(",")}: ${problem}`);
      }
    }
    expect(wrong).toEqual([]);
    // the walk met every type it checks
    for (const type of ["Course", "CourseInstance", "Event", "Article", "BreadcrumbList", "Review", "AggregateRating", "Person", "CollegeOrUniversity"]) {
      expect(seen, type).toContain(type);
    }
  }, 120_000);

  it("describes the institute in one node with an @id, which every other mention refers to", async () => {
    const wrong: string[] = [];
    for (const path of await crawlerPages()) {
      const html = await pageHtml(path);
      const top = blocks(html);
      const full = top.filter((node) => node["@id"] === organizationId);
      if (full.length !== 1 || !full[0]!.logo || !full[0]!.sameAs) wrong.push(`${path}: ${full.length} nodes describe the institute`);
      for (const { node, path: where } of nodesOf(top)) {
        const isOrganization = types(node).some((type) => organizations.has(type));
        if (isOrganization && node.name === catalogue.site.name && node["@id"] !== organizationId) wrong.push(`${path} ${where}: the institute without its @id`);
        if (isOrganization && (node.aggregateRating || node.review)) wrong.push(`${path} ${where}: a rating of an organisation by itself`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("gives a program with reviews its rating, counted from the reviews its page shows", async () => {
    const reviewed = catalogue.programs.find((p) => catalogue.reviews.some((r) => r.programId === p.id))!;
    const reviews = catalogue.reviews.filter((r) => r.programId === reviewed.id);
    const page = await get(`/${reviewed.type === "Profession" ? "professions" : reviewed.type === "Course" ? "courses" : "shortTerm"}/${reviewed.studyFieldSlug}/${reviewed.slug}`);
    const course = blocks(await page.text()).find((node) => node["@type"] === "Course")!;
    const average = reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
    expect(course.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: Number(average.toFixed(1)), reviewCount: reviews.length, bestRating: 5, worstRating: 1 });
    expect((course.review as Node[]).map((r) => r.reviewBody)).toEqual(reviews.map((r) => r.text));
  });

  it("gives /reviews no rating at all: those are reviews of the institute on its own site", async () => {
    const html = await (await get("/reviews")).text();
    expect(html).not.toContain("aggregateRating");
    expect(html).not.toContain('"Review"');
  });
});

describe("social tags", () => {
  it("are complete on every page: Open Graph and Twitter title, description, image and the image's text", async () => {
    const wrong: string[] = [];
    for (const path of await crawlerPages()) {
      const html = await pageHtml(path);
      for (const name of ["og:title", "og:description", "og:image", "og:image:alt", "twitter:card", "twitter:title", "twitter:description", "twitter:image", "twitter:image:alt"]) {
        if (!metaContent(html, name)) wrong.push(`${path}: ${name}`);
      }
      if (metaContent(html, "twitter:image") !== metaContent(html, "og:image")) wrong.push(`${path}: twitter:image differs from og:image`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
