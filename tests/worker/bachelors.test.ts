import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { bachelorHref } from "../../src/services/catalogue/links";
import { defaultCatalogue } from "../support/content";
import { decode } from "./html";
import { seedCatalogue } from "./seed";

/** Bachelor pages as rich as the others (issue #16). */
const catalogue = defaultCatalogue("bachelors-v1");
const origin = "https://mip.institute";

beforeAll(async () => {
  await seedCatalogue(catalogue);
});

async function page(path: string): Promise<string> {
  const response = await SELF.fetch(`${origin}${path}`);
  expect(response.status, path).toBe(200);
  return decode(await response.text());
}

/** The markup of one element with `id` (its tag up to the matching close). */
function section(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  expect(start, `#${id}`).toBeGreaterThan(0);
  const open = html.lastIndexOf("<section", start);
  return html.slice(open, html.indexOf("</section>", start));
}

describe("/bachelor", () => {
  it("gives every program a card with its picture, its link and a call to action", async () => {
    const html = await page("/bachelor");
    const cards = html.split('<article class="program-card').slice(1).map((card) => card.split("</article>")[0]!);
    expect(cards).toHaveLength(catalogue.bachelors.length);
    for (const [i, bachelor] of catalogue.bachelors.entries()) {
      const card = cards[i]!;
      expect(card).toContain(`href="${bachelorHref(bachelor)}"`);
      expect(card).toMatch(/<img[^>]+class="program-card__cover"/);
      expect(card).toContain('data-cta="submitApplication"');
      expect(card).toContain("Высшее образование");
    }
  });
});

describe.each(catalogue.bachelors.map((b) => [bachelorHref(b), b] as const))("%s", (path, bachelor) => {
  it("fills the hero's right half with its picture", async () => {
    const html = await page(path);
    const hero = html.slice(html.indexOf('<header class="detail-hero'), html.indexOf("</header>", html.indexOf('<header class="detail-hero')));
    expect(hero).toContain("detail-hero__inner");
    expect(hero).toMatch(/<img[^>]+class="detail-hero__image"/);
  });

  it("shows the curriculum year by year, with every discipline", async () => {
    const curriculum = section(await page(path), "curriculum");
    for (const year of bachelor.curriculum) {
      expect(curriculum).toContain(year.title);
      for (const discipline of year.disciplines) expect(curriculum).toContain(discipline);
    }
  });

  it("shows its students' reviews, titled by who wrote them", async () => {
    const reviews = catalogue.reviews.filter((r) => r.bachelorId === bachelor.id);
    expect(reviews.length).toBeGreaterThan(0);
    const html = section(await page(path), "reviews");
    for (const review of reviews) expect(html).toContain(review.text);
    expect(html).toContain(reviews.every((r) => r.status === "student") ? "Отзывы студентов" : "Отзывы");
  });

  it("states the price per year and per semester, and the whole course's", async () => {
    const html = section(await page(path), "price");
    const rub = (n: number) => new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 }).format(n);
    expect(html).toContain(`${rub(bachelor.offlineFullPrice)} ₽`);
    expect(html).toContain(`${rub(bachelor.offlineFullPrice / 2)} ₽`);
  });

  it("ends with a call to action", async () => {
    const html = await page(path);
    const main = html.slice(0, html.indexOf("<footer class=\"site-footer"));
    const last = main.lastIndexOf('class="cta-band"');
    expect(last).toBeGreaterThan(main.indexOf('id="faq"'));
    expect(main.slice(last)).toContain("data-cta=");
  });
});

describe("the footer", () => {
  it("names the licence of each legal entity: additional education and higher education", async () => {
    const html = await page("/");
    const footer = html.slice(html.indexOf("<footer class=\"site-footer"));
    for (const entity of catalogue.site.legalEntities) {
      expect(footer).toContain(entity.licence);
      expect(footer).toContain(entity.shortName);
    }
  });
});
