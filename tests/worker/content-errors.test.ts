import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { programHref } from "../../src/services/catalogue/links";
import { discountedPrice } from "../../src/services/pricing";
import { defaultCatalogue } from "../support/content";
import { decode } from "./html";
import { seedCatalogue } from "./seed";

const catalogue = defaultCatalogue("content-errors-v1");
const origin = "https://mip.institute";

beforeAll(async () => {
  await seedCatalogue(catalogue);
});

async function text(path: string): Promise<string> {
  const response = await SELF.fetch(`${origin}${path}`);
  expect(response.status, path).toBe(200);
  const html = (await response.text()).replace(/<script[\s\S]*?<\/script>|<!--[\s\S]*?-->/g, "");
  return decode(html.replace(/<[^>]+>/g, "\n")).replace(/[ \u00a0\u202f]+/g, " ");
}

const rubles = (value: string) => Number(value.replace(/\D/g, ""));

describe("what a program page says about paying is one story", () => {
  it.each(catalogue.programs.map((p) => [programHref(p), p.price] as const))("%s: the monthly payment is the price over the instalment's term", async (path, fullPrice) => {
    const page = await text(path);
    const price = discountedPrice(fullPrice, catalogue.site.discount);
    const term = /Рассрочка без переплаты на (\d+) месяц/.exec(page);
    const monthly = /или по ([\d ]+) ₽ в месяц в рассрочку на (\d+) месяц/.exec(page);
    if (!term) {
      expect(monthly, `${path}: a monthly payment without an instalment`).toBeNull();
      return;
    }
    expect(monthly, `${path}: an instalment without its monthly payment`).not.toBeNull();
    const months = Number(term[1]);
    expect(Number(monthly![2]), `${path}: the monthly payment's term`).toBe(months);
    // rounded up to 10 roubles: months payments cover the price, and not by a month's worth more
    expect(rubles(monthly![1]!) * months).toBeGreaterThanOrEqual(price);
    expect(rubles(monthly![1]!) * months - price).toBeLessThan(10 * months);
    expect(page.match(/Рассрочка без переплаты/g), `${path}: one instalment`).toHaveLength(1);
  });
});

describe("a card says each thing once", () => {
  it.each(["/practical-training", "/programs", "/shortTerm"])("%s: no card gives its length in hours twice", async (path) => {
    const page = await text(path);
    expect(page).not.toMatch(/(\d+) час(?:а|ов)? · \1 ч\./);
  });
});

describe("reviews are what their headings say", () => {
  it("a program page's «Отзывы выпускников» holds no review written while studying", async () => {
    for (const program of catalogue.programs) {
      const page = await text(programHref(program));
      const graduates = page.split("Отзывы выпускников")[1]?.split("Частые вопросы")[0];
      if (graduates === undefined) continue;
      expect(graduates, programHref(program)).not.toMatch(/Учусь|учусь/);
    }
  });

  it("a review written while studying says so on the program's page", async () => {
    const page = await text("/professions/konsultirovanie/psiholog-konsultant");
    expect(page).toContain("Отзывы студентов и выпускников");
    expect(page).toMatch(/Учится на программе[\s\S]*Учусь на «Психолога-консультанта» восьмой месяц/);
  });
});
