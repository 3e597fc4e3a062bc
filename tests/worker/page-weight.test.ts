import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { TEACHERS_ON_HOME } from "../../src/routes/pages/home";
import { sortPrograms } from "../../src/services/catalogue/sort";
import { defaultCatalogue } from "../support/content";
import { seedCatalogue } from "./seed";

/**
 * What a page's HTML carries and leaves out. Where its first screen ends in the bytes (within the
 * first 13,000, the wall's and about the first round trip's) is tests/http/first-bytes.test.ts's:
 * the whole page may be longer, since what follows the first screen is not waited for (decision 041).
 */
const origin = "https://mip.institute";
const catalogue = defaultCatalogue();

beforeAll(async () => {
  await seedCatalogue(catalogue);
});

async function page(path: string): Promise<string> {
  const response = await SELF.fetch(`${origin}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
}

describe("the weight of a page", () => {
  it("draws the header's few icons in place (decision 041), and every other from its symbol at the page's end, which carries the icons the page drew and no more (decision 063)", async () => {
    for (const path of ["/", "/teachers", "/contacts"]) {
      const html = await page(path);
      const header = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
      const rest = html.replace(header, "");
      const icons = (part: string) => [...part.matchAll(/<svg class="icon(?: [^"]*)?"[^>]*>(.*?)<\/svg>/g)].map((match) => match[1]!);
      const inHeader = icons(header);
      expect(inHeader.length, path).toBeGreaterThanOrEqual(5);
      for (const inner of inHeader) expect(inner).toMatch(/^<g fill="none" stroke="currentColor"/);
      const elsewhere = icons(rest);
      expect(elsewhere.length, path).toBeGreaterThan(5);
      const pointed = new Set(elsewhere.map((inner) => /^<use href="#icon-([a-z-]+)"><\/use>$/.exec(inner)?.[1] ?? inner));
      // no request to the sprite before the first paint: the page names it nowhere
      expect(html, path).not.toContain("/assets/media/icons-");
      const symbols = rest.slice(rest.indexOf('<svg class="icon-symbols"'));
      expect(symbols.indexOf("</main>"), path).toBe(-1);
      const written = [...symbols.matchAll(/<symbol id="icon-([a-z-]+)" viewBox="0 0 24 24">/g)].map((match) => match[1]);
      expect(new Set(written), path).toEqual(pointed);
      expect(written.length, path).toBe(pointed.size);
    }
  });

  it("leaves the fortune wheel's dialog empty until opened, and draws the mobile menu after the footer, past the first screen's bytes", async () => {
    const html = await page("/");
    // the menu opens without React (issue 41, point 3): its links are in the page, after everything the first screen needs
    expect(html.indexOf('<dialog class="mobile-menu"')).toBeGreaterThan(html.indexOf("</footer>"));
    expect(html.slice(html.indexOf('<dialog class="mobile-menu"'))).toContain('<a class="mobile-menu__programs" href="/programs">');
    expect(html).toMatch(/<dialog class="modal wheel"[^>]*><\/dialog>/);
    expect(html).toContain("Колесо фортуны");
  });

  it("shows the first teachers on the home page, however many there are, and links to all of them", async () => {
    const html = await page("/");
    const track = html.slice(html.indexOf('id="teachers-track"'), html.indexOf("</ul>", html.indexOf('id="teachers-track"')));
    const shown = [...track.matchAll(/<article class="teacher-card" id="([^"]+)"/g)].map((match) => match[1]);
    expect(catalogue.teachers.length).toBeGreaterThan(TEACHERS_ON_HOME);
    expect(shown).toEqual(sortPrograms(catalogue.teachers, "idx").slice(0, TEACHERS_ON_HOME).map((t) => t.slug));
    expect(html).toContain('<a class="section__more" href="/teachers">Все преподаватели');
  });
});
