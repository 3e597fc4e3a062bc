import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { articleHref, bachelorHref, liveCourseHref, practicalTrainingHref, programHref, seminarHref } from "../../src/services/catalogue/links";
import { upcomingSeminars } from "../../src/services/catalogue/queries";
import { studyYears, weeklySchedule } from "../../src/services/catalogue/schedule";
import { venueOf } from "../../src/services/catalogue/venue";
import { generatedImage } from "../../src/services/images";
import { defaultCatalogue } from "../support/content";
import { decode, metaContent } from "./html";
import { seedCatalogue } from "./seed";

/**
 * Every page's JSON-LD against Google's structured-data guidelines: the required properties of each
 * type, and the recommended ones the site can fill truthfully; and, template by template, the nodes
 * each page must carry (a Course on a course's page, an Event per upcoming event, an Article, the
 * breadcrumbs), so a page that lost its node fails. Left out on purpose:
 * - Event `offers.validFrom`: when ticket sales opened is not in the content;
 * - Course `image` of live courses: they have no picture of their own;
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

const notFoundPath = "/net-takoj-stranicy";

async function crawlerPages(): Promise<string[]> {
  const xml = await (await get("/sitemap.xml")).text();
  const paths = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => decode(m[1]!).slice(origin.length)).filter((p) => !p.endsWith(".pdf"));
  return [...paths, "/seminars", notFoundPath];
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
const logoId = `${origin}/#logo`;
/** Google's course info: the only values of `courseSchedule.repeatFrequency`. */
const REPEAT_FREQUENCIES = ["Daily", "Weekly", "Monthly", "Yearly"];
const isPostalAddress = (value: unknown) =>
  isNode(value) && value["@type"] === "PostalAddress" && [value.streetAddress, value.addressLocality, value.addressCountry].every((part) => typeof part === "string" && part !== "");
/** Google: an Organization's (and an Article publisher's) logo is 112×112 px at least, in a format Google Images reads (not SVG). */
const isLogo = (node: Node) =>
  onSite(node.url) && /\.(png|jpe?g|webp|gif)$/.test(node.url as string) && (node.width as number) >= 112 && (node.height as number) >= 112;

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
        const schedules = list(node.courseSchedule);
        need(isDuration(node.courseWorkload) || schedules.length > 0, "courseWorkload or courseSchedule");
        for (const schedule of schedules) {
          need(
            isNode(schedule) &&
              isDuration(schedule.duration) &&
              Number.isInteger(schedule.repeatCount) &&
              (schedule.repeatCount as number) > 0 &&
              REPEAT_FREQUENCIES.includes(schedule.repeatFrequency as string),
            "courseSchedule with duration, a whole repeatCount and repeatFrequency Daily, Weekly, Monthly or Yearly",
          );
        }
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
          isNode(location) && (location["@type"] === "VirtualLocation" ? onSite(location.url) && !(location.url as string).includes("#") : isPostalAddress(location.address)),
          "location: a PostalAddress (street, city, country), or a page (not an anchor) to join from",
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
      case "ImageObject":
        if (node["@id"] === logoId) need(isLogo(node), "a logo of 112×112 px at least, a raster image on the site");
        break;
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
      case "PostalAddress": {
        // each part in its field: a street that starts with the postal code or the city repeats them
        const street = String(node.streetAddress ?? "");
        need(isPostalAddress(node), "streetAddress, addressLocality and addressCountry");
        need(!/^\d{6}/.test(street) && !/^(г\.\s*)?(Москва|Алматы|Ташкент)(?=[,\s]|$)/.test(street), `a street address without the postal code and the city, not «${street}»`);
        if (node.postalCode !== undefined) need(/^\d{6}$/.test(String(node.postalCode)), "a postal code of six digits");
        break;
      }
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
    for (const type of ["Course", "CourseInstance", "Event", "Article", "BreadcrumbList", "Review", "AggregateRating", "Person", "CollegeOrUniversity", "ImageObject", "Schedule"]) {
      expect(seen, type).toContain(type);
    }
  }, 120_000);

  it("carries on each page the nodes of its template: a Course, an Event per upcoming event, an Article, its breadcrumbs", async () => {
    const now = Date.now();
    const upcomingWebinars = catalogue.webinars.filter((w) => Date.parse(w.date) > now);
    const expected = new Map<string, Record<string, number>>([["/webinars", { Event: upcomingWebinars.length }]]);
    for (const program of catalogue.programs) expected.set(programHref(program), { Course: 1 });
    for (const bachelor of catalogue.bachelors) expected.set(bachelorHref(bachelor), { Course: 1 });
    for (const training of catalogue.practicalTrainings) expected.set(practicalTrainingHref(training), { Course: 1 });
    for (const course of catalogue.liveCourses) expected.set(liveCourseHref(course.slug), { Course: 1 });
    for (const seminar of upcomingSeminars(catalogue, now)) expected.set(seminarHref(seminar), { Event: 1 });
    for (const article of catalogue.journal) expected.set(articleHref(article.slug), { Article: 1 });
    const pages = await crawlerPages();
    const wrong: string[] = [];
    for (const path of pages) {
      const counts = new Map<string, number>();
      for (const { node } of nodesOf(blocks(await pageHtml(path)))) for (const type of types(node)) counts.set(type, (counts.get(type) ?? 0) + 1);
      // the home page is the trail's start; a 404 is no place on the site
      const breadcrumbs = path === "/" || path === notFoundPath ? 0 : 1;
      const want: Record<string, number> = { Course: 0, Event: 0, Article: 0, BreadcrumbList: breadcrumbs, ...expected.get(path) };
      for (const [type, n] of Object.entries(want)) if ((counts.get(type) ?? 0) !== n) wrong.push(`${path}: ${counts.get(type) ?? 0} ${type}, expected ${n}`);
    }
    expect(wrong).toEqual([]);
    // every page the templates name is one a crawler reaches
    expect([...expected.keys()].filter((path) => !pages.includes(path))).toEqual([]);
    expect(upcomingWebinars.length).toBeGreaterThan(0);
    const webinarIds = blocks(await pageHtml("/webinars")).filter((node) => node["@type"] === "Event").map((node) => node["@id"]);
    expect(webinarIds).toEqual(upcomingWebinars.map((w) => `${origin}/webinars#${w.slug}`).sort((a, b) => webinarIds.indexOf(a) - webinarIds.indexOf(b)));
  }, 120_000);

  it("gives a course its cover as image wherever the page shows one: programs, bachelor's programs, practical trainings", async () => {
    const covers: [string, string][] = [
      ...catalogue.programs.map((p): [string, string] => [programHref(p), generatedImage("program", p.id).src]),
      ...catalogue.bachelors.map((b): [string, string] => [bachelorHref(b), generatedImage("program", b.id).src]),
      ...catalogue.practicalTrainings.map((t): [string, string] => [practicalTrainingHref(t), t.heroPicture.url]),
    ];
    const wrong: string[] = [];
    for (const [path, image] of covers) {
      const html = await pageHtml(path);
      const course = blocks(html).find((node) => node["@type"] === "Course");
      if (course?.image !== `${origin}${image}`) wrong.push(`${path}: image ${String(course?.image)}, expected ${origin}${image}`);
      if (!html.includes(`src="${image}"`)) wrong.push(`${path}: the page does not show ${image}`);
    }
    expect(wrong).toEqual([]);
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

/** The one node of `type` on a page. */
async function single(path: string, type: string): Promise<Node> {
  const found = nodesOf(blocks(await pageHtml(path))).filter(({ node }) => types(node).includes(type));
  expect(found, `${path} ${type}`).toHaveLength(1);
  return found[0]!.node;
}

/** An ISO 8601 duration of minutes, written here again so the test does not take the site's word for it. */
const minutes = (total: number) => `PT${Math.floor(total / 60)}H${total % 60 ? `${total % 60}M` : ""}`;

describe("a course's pace, price and place as Google reads them", () => {
  it("gives a program's and a training's academic hours as courseWorkload in clock hours: 45 minutes each", async () => {
    const wrong: string[] = [];
    const courses: [string, number][] = [
      ...catalogue.programs.map((p): [string, number] => [programHref(p), p.hours]),
      ...catalogue.practicalTrainings.map((t): [string, number] => [practicalTrainingHref(t), t.hours]),
    ];
    for (const [path, hours] of courses) {
      const instance = await single(path, "CourseInstance");
      if (instance.courseWorkload !== minutes(hours * 45)) wrong.push(`${path}: ${String(instance.courseWorkload)} for ${hours} academic hours`);
    }
    expect(wrong).toEqual([]);
    const program = catalogue.programs.find((p) => p.hours === 1100);
    if (program) expect((await single(programHref(program), "CourseInstance")).courseWorkload).toBe("PT825H");
  }, 120_000);

  it("schedules a live course week by week: one weekly schedule per weekday, as many weeks as it lasts, each meeting's length", async () => {
    for (const course of catalogue.liveCourses) {
      const week = weeklySchedule(course.schedule)!;
      const schedules = list((await single(liveCourseHref(course.slug), "CourseInstance")).courseSchedule) as Node[];
      expect(schedules.map((schedule) => schedule.byDay), course.slug).toEqual(week.days.map((day) => `https://schema.org/${day}`));
      for (const schedule of schedules) {
        expect(schedule, course.slug).toMatchObject({
          repeatFrequency: "Weekly",
          repeatCount: course.weeks,
          duration: minutes(week.minutes),
          startTime: week.start,
          endTime: week.end,
          scheduleTimezone: "Europe/Moscow",
        });
      }
    }
  });

  it("schedules a bachelor's program year by year, and prices it for the whole course with the price of a year beside it", async () => {
    for (const bachelor of catalogue.bachelors) {
      const years = studyYears(bachelor.duration)!;
      const course = await single(bachelorHref(bachelor), "Course");
      const instance = course.hasCourseInstance as Node;
      expect(instance.courseSchedule, bachelor.slug).toEqual({ "@type": "Schedule", repeatFrequency: "Yearly", repeatCount: years, duration: "P1Y" });
      expect(course.offers, bachelor.slug).toMatchObject({
        price: bachelor.offlineFullPrice * years,
        priceCurrency: "RUB",
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: bachelor.offlineFullPrice,
          priceCurrency: "RUB",
          unitText: "год",
          referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "ANN" },
        },
      });
      // both prices are on the page
      const html = await pageHtml(bachelorHref(bachelor));
      for (const price of [bachelor.offlineFullPrice, bachelor.offlineFullPrice * years]) expect(decode(html), bachelor.slug).toContain(price.toLocaleString("ru-RU"));
    }
  });

  it("gives an offline seminar a postal address read from its place: street, city, country", async () => {
    const offline = upcomingSeminars(catalogue, Date.now()).filter((s) => s.format === "offline");
    expect(offline.length).toBeGreaterThan(0);
    for (const seminar of offline) {
      const venue = venueOf(seminar.place)!;
      const location = (await single(seminarHref(seminar), "Event")).location as Node;
      expect(location, seminar.slug).toEqual({
        "@type": "Place",
        name: venue.room ? `${catalogue.site.name}, ${venue.room}` : catalogue.site.name,
        address: { "@type": "PostalAddress", streetAddress: venue.street, addressLocality: "Москва", addressCountry: "RU" },
      });
    }
  });
});

describe("the institute's logo", () => {
  it("is a raster square of 112 px or more, the same node for the Organization and an Article's publisher, and the site serves it at that size", async () => {
    const organization = blocks(await pageHtml("/")).find((node) => node["@id"] === organizationId)!;
    const logo = organization.logo as Node;
    expect(isLogo(logo)).toBe(true);
    const article = await single(articleHref(catalogue.journal[0]!.slug), "Article");
    expect((article.publisher as Node).logo).toEqual(logo);
    const file = await env.ASSETS.fetch(new Request(logo.url as string));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    // a PNG's size is in its header: width and height, 4 bytes each, from byte 16
    const header = new DataView(await file.arrayBuffer());
    expect([header.getUint32(16), header.getUint32(20)]).toEqual([logo.width, logo.height]);
  });
});

describe("social tags", () => {
  it("are complete on every page: Open Graph title, description, image and the image's text, and the card X draws them in (X reads the rest from og:*)", async () => {
    const wrong: string[] = [];
    for (const path of await crawlerPages()) {
      const html = await pageHtml(path);
      for (const name of ["og:title", "og:description", "og:image", "og:image:alt", "twitter:card"]) {
        if (!metaContent(html, name)) wrong.push(`${path}: ${name}`);
      }
      // one copy of each: a twitter:* tag that only repeated its og:* would be bytes of the first screen for nothing
      for (const name of ["twitter:title", "twitter:description", "twitter:image", "twitter:image:alt"]) {
        if (metaContent(html, name)) wrong.push(`${path}: ${name} repeats og:*`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
