/**
 * Issue 28: what an applicant needs to decide, as the server writes it: the price as people pay it,
 * the free first step where the content offers it, what happens after a request and when, in the
 * visitor's zone, the consent under the 404 page's form. The layout at each width and the phone's
 * bar are tests/e2e/decision.test.ts.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { admissionsHoursText } from "../../src/services/admissions-hours";
import { programHref } from "../../src/services/catalogue/links";
import { defaultCatalogue } from "../support/content";
import { attributesOf, textsOf, within } from "./html";
import { seedCatalogue } from "./seed";

const catalogue = defaultCatalogue("decision-v1");
const { site } = catalogue;
const withInstalment = catalogue.programs.find((p) => p.type === "Profession" && p.instalmentMonths !== undefined)!;
const shortTerm = catalogue.programs.find((p) => p.type === "ShortTerm")!;
const monthly = /\d[\d\u00a0\u202f ]* ₽\/мес на \d+ месяц/;

beforeAll(async () => {
  await seedCatalogue(catalogue);
});

async function page(path: string, country?: string, status = 200): Promise<string> {
  const response = await SELF.fetch(`https://mip.institute${path}`, { headers: country === undefined ? {} : { "CF-IPCountry": country } });
  expect(response.status, path).toBe(status);
  return response.text();
}

describe("what an applicant needs to decide", () => {
  it("a price shows the monthly payment and its term: cards, the hero, the price block with the partner and the refund, search", async () => {
    const list = await page("/professions");
    const card = (await within(list, ".program-card", `a[href="${programHref(withInstalment)}"]`)).findIndex((part) => part.inner.length > 0);
    expect(card, "the program's card on /professions").toBeGreaterThanOrEqual(0);
    const cardMonthly = (await within(list, ".program-card", ".price-monthly"))[card]!.inner;
    expect(cardMonthly).toHaveLength(1);
    expect(cardMonthly[0]).toMatch(monthly);

    const program = await page(programHref(withInstalment));
    const fact = (await within(program, ".detail-hero .facts div", "dt")).findIndex((part) => part.inner[0] === "Стоимость");
    expect(fact, "the hero's «Стоимость»").toBeGreaterThanOrEqual(0);
    const heroMonthly = (await within(program, ".detail-hero .facts div", ".price-monthly"))[fact]!.inner;
    expect(heroMonthly).toHaveLength(1);
    expect(heroMonthly[0]).toMatch(new RegExp(`на ${withInstalment.instalmentMonths} месяц`));
    const block = await textsOf(program, "#price");
    expect(block).toHaveLength(1);
    expect(block[0]).toContain(site.instalment!.partner);
    const refund = await textsOf(program, '#price [data-testid="refund"]');
    expect(refund).toHaveLength(1);
    expect(refund[0]).toContain(site.refund!.text);
    const offer = await attributesOf(program, '#price [data-testid="refund"] a[href]', "href");
    expect(offer).toEqual([`/docs/pdf/${site.refund!.document}.pdf`]);
    // a file of public/, served as an asset before the Worker (the test's SELF reaches the Worker alone)
    const pdf = await env.ASSETS.fetch(new Request(`https://mip.institute${offer[0]}`));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    await pdf.body?.cancel();

    const rows = await within(await page(`/search?q=${encodeURIComponent(withInstalment.title)}`), ".search-page .search-result", ".search-result__facts");
    const row = rows.find((part) => part.text.includes(withInstalment.title));
    expect(row, "the program among the search page's results").toBeDefined();
    expect(row!.inner[0]).toMatch(monthly);
  });

  it("program pages and the program lists link to /free-access where the content offers it", async () => {
    const offer = catalogue.pages.freeAccess.offer!;
    await expect(textsOf(await page("/programs"), 'main a[href="/free-access"]')).resolves.toEqual([offer.link]);
    await expect(textsOf(await page(programHref(withInstalment)), 'main a[href="/free-access"]')).resolves.toHaveLength(1);
    // a short course is not among the types the trial is offered for
    expect(offer.programTypes).not.toContain("ShortTerm");
    await expect(textsOf(await page(programHref(shortTerm)), 'main a[href="/free-access"]')).resolves.toHaveLength(0);
  });

  it("/gratefull says when and how admissions call, in the visitor's zone", async () => {
    const [ru] = await textsOf(await page("/gratefull?lead=x"), '[data-testid="next-steps"]');
    expect(ru).toContain(admissionsHoursText(site.admissionsHours, "RU"));
    expect(ru).toContain(site.phones.find((p) => p.contactType === "study")!.display);
    const [kz] = await textsOf(await page("/gratefull?lead=x", "KZ"), '[data-testid="next-steps"]');
    expect(kz).toContain(admissionsHoursText(site.admissionsHours, "KZ"));
    expect(kz).toContain("по времени Алматы");
    expect(kz).toContain(site.almatyOffice.phones.find((p) => p.contactType === "study")!.display);
  });

  it("the 404 page's form carries the consent line and the privacy link", async () => {
    const html = await page("/no-such-page-at-all", undefined, 404);
    const notes = await textsOf(html, "main form .lead-form__note");
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain("Нажимая на кнопку, вы соглашаетесь на обработку персональных данных");
    await expect(attributesOf(html, "main form .lead-form__note a[href]", "href")).resolves.toEqual(["/docs/pdf/privacy.pdf"]);
  });
});

describe("Kazakhstan and Uzbekistan at home", () => {
  it.each([
    ["RU", "moscow", "мск"],
    ["KZ", "almaty", "по времени Алматы"],
    ["UZ", "almaty", "по времени Ташкента"],
  ] as const)("/contacts for %s: the serving office first, the hours on the visitor's clock first", async (country, office, clock) => {
    const html = await page("/contacts", country);
    const [text] = await textsOf(html, 'section[aria-labelledby="offices-title"]');
    const first = office === "almaty" ? site.almatyOffice.address : site.moscowOffice.address;
    const other = office === "almaty" ? site.moscowOffice.address : site.almatyOffice.address;
    expect(text!.indexOf(first), `${country}: the serving office first`).toBeGreaterThanOrEqual(0);
    expect(text!.indexOf(first), `${country}: the serving office first`).toBeLessThan(text!.indexOf(other));
    const [hours] = await textsOf(html, 'main [data-fact="admissions-hours"]');
    expect(hours).toBe(admissionsHoursText(site.admissionsHours, country));
    // the visitor's own clock before Moscow's
    expect(hours!.indexOf(clock)).toBeLessThanOrEqual(hours!.indexOf("мск"));
    if (country !== "RU") expect(hours!.indexOf(clock)).toBeLessThan(hours!.indexOf("мск"));
  });
});
