import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { bachelorHref } from "../../src/services/catalogue/links";
import { forgetExchangeRates, RATES_KEY } from "../../src/services/exchange-rates";
import { defaultCatalogue, defaultRawContent } from "../support/content";
import { decode } from "./html";
import { seedCatalogue } from "./seed";

/** What an applicant looks for first (issue 42, point 6), on the pages as the server sends them. */
const catalogue = defaultCatalogue("facts-first-v1");
const origin = "https://mip.institute";

beforeAll(async () => {
  await seedCatalogue(catalogue);
});

async function page(path: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await SELF.fetch(`${origin}${path}`, { headers });
  expect(response.status, path).toBe(200);
  return decode(await response.text());
}

/** The text of the element whose tag opens at `id="…"`, tags removed. */
function sectionText(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  expect(start, `#${id}`).toBeGreaterThan(0);
  const open = html.lastIndexOf("<section", start);
  return textOf(html.slice(open, html.indexOf("</section>", start)));
}

const textOf = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("a bachelor's page: the admission's dates and scores, from site.json", () => {
  const admission = catalogue.site.bachelorAdmission!;

  it("has the admission's facts in the content, once: /incomers says the same dates", async () => {
    expect(admission.documents).toBe("с 20 июня по 18 сентября 2027 года");
    expect(admission.classesStart).toBe("1 октября 2027 года");
    const incomers = sectionText(await page("/incomers"), "deadlines");
    expect(incomers).toContain(admission.documents);
    expect(incomers).toContain(admission.classesStart);
    // the content types them in one place: pages.json says them by name
    const raw = JSON.stringify(defaultRawContent()["pages.json"]);
    expect(raw).not.toContain("18 сентября");
    expect(raw).toContain("{{bachelorDocuments}}");
  });

  it.each(catalogue.bachelors.map((b) => [bachelorHref(b), b] as const))("%s: the hero gives the start of classes and the documents' deadline", async (path) => {
    const html = await page(path);
    const hero = textOf(html.slice(html.indexOf('<header class="detail-hero'), html.indexOf("</header>", html.indexOf('<header class="detail-hero'))));
    expect(hero).toContain(`Начало занятий ${admission.classesStart}`);
    expect(hero).toContain(`Приём документов ${admission.documents}`);
  });

  it.each(catalogue.bachelors.map((b) => [bachelorHref(b), b] as const))(
    "%s: «Узнать требования к поступлению» leads to the requirements on the page, which give the minimum scores by subject and what the study form means",
    async (path, bachelor) => {
      const html = await page(path);
      const link = /<a[^>]*href="#admission"[^>]*>([^<]*(?:<[^/][^>]*>[^<]*<\/[^>]+>)*[^<]*)<\/a>/.exec(html);
      expect(link, "a link to #admission").not.toBeNull();
      expect(textOf(link![1]!)).toContain("Узнать требования к поступлению");
      // not a button that opens a lead form
      expect(html).not.toContain('data-cta="knowRequirement"');
      const requirements = sectionText(html, "admission");
      for (const exam of bachelor.entranceExams) expect(requirements).toContain(exam);
      for (const { subject, score } of admission.minimumScores) expect(requirements).toMatch(new RegExp(`${subject}\\s+${score}`));
      expect(requirements).toContain(admission.documents);
      expect(requirements).toContain(admission.classesStart);
      expect(requirements).toContain(bachelor.studyForm);
      expect(requirements).toContain(bachelor.studyFormNote!);
    },
  );

  it("explains «очно-заочная» as the FAQ does: classes online, no trips to Moscow for them", () => {
    for (const bachelor of catalogue.bachelors) {
      expect(bachelor.studyFormNote, bachelor.id).toMatch(/онлайн/);
    }
  });
});

describe("the catalogue", () => {
  it("folds its filters behind one button that works without JavaScript (a <details>), and says what each sort puts first", async () => {
    const html = await page("/programs");
    expect(html).toMatch(/<details class="filters"><summary class="filters__toggle">/);
    const sorts = [...html.slice(html.indexOf('aria-label="Сортировка"')).split("</ul>")[0]!.matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(sorts).toEqual(["Сначала популярные", "Сначала дешевле", "Сначала дороже"]);
    // spec 5's order by idx still answers
    expect((await SELF.fetch(`${origin}/programs?sort=idx`)).status).toBe(200);
  });

  it("puts the programs before the list's words", async () => {
    const html = await page("/programs");
    const main = html.slice(html.indexOf("<main"));
    expect(main.indexOf('class="program-card')).toBeLessThan(main.indexOf("Профессиональная переподготовка, повышение квалификации и краткосрочные курсы"));
  });

  it("gives every card its next start, the one its program page gives", async () => {
    const html = await page("/programs");
    const cards = html.split('<article class="program-card').slice(1, 13);
    expect(cards.length).toBe(12);
    for (const card of cards) {
      const href = /<a href="([^"]+)"/.exec(card)![1]!;
      const program = catalogue.programs.find((p) => href.endsWith(`/${p.slug}`))!;
      expect(card).toContain(`<time dateTime="${program.startDate}">`);
      const detail = await page(href);
      const date = /<time dateTime="([^"]+)" data-fact="start">/.exec(detail)![1];
      expect(date).toBe(program.startDate);
    }
  });
});

describe("a program's page", () => {
  const byType = ["Profession", "Course", "ShortTerm"].map((type) => catalogue.programs.find((p) => p.type === type)!);

  it.each(byType.map((p) => [p.type, p] as const))("%s: the hero names the document a graduate gets, from graduationDocuments, linked to its section", async (_type, program) => {
    const html = await page(`/${program.type === "Profession" ? "professions" : program.type === "Course" ? "courses" : "shortTerm"}/${program.studyFieldSlug}/${program.slug}`);
    const hero = html.slice(html.indexOf('<header class="detail-hero'), html.indexOf("</header>", html.indexOf('<header class="detail-hero')));
    const document = catalogue.site.graduationDocuments!.find((d) => d.givenFor.includes(program.type))!;
    expect(textOf(hero)).toContain(`Документ ${document.title}`);
    expect(hero).toContain(`<a href="#diploma">${document.title}</a>`);
  });

  it("opens the sample in a viewer over the page, the sample still a link to its largest file", async () => {
    const program = byType[0]!;
    const html = await page(`/professions/${program.studyFieldSlug}/${program.slug}`);
    const sample = html.slice(html.indexOf('class="diploma__sample"'), html.indexOf("</figure>", html.indexOf('class="diploma__sample"')));
    expect(sample).toContain('data-island="catalogue/DiplomaSample"');
    expect(sample).toMatch(/<a class="diploma__open" href="\/images\/gen\/diploma\/obrazec-[\w-]+-1200\.webp" aria-haspopup="dialog" data-replay="">/);
    expect(sample).toMatch(/<dialog class="viewer" aria-label="Образец документа: [^"]+">/);
  });
});

describe("/free-access", () => {
  it("promises what happens after the form (a call from admissions, as the thanks says), not a login and password nobody sends", async () => {
    const html = textOf(await page("/free-access"));
    expect(html).not.toMatch(/логин и пароль/);
    const form = catalogue.pages.freeAccess.form!;
    expect(html).toContain(form.text);
    expect(form.text).toMatch(/позвонит/);
  });
});

describe("/gratefull", () => {
  it("says before the visitor leaves that the gift is on the partners' site, in a new tab, as the channel's link says its tab", async () => {
    const html = await page("/gratefull");
    expect(textOf(html)).toContain("заберите подарок от наших блогеров и партнёров: он ждёт вас на их сайте.");
    const gift = html.slice(html.indexOf('<a class="btn btn--primary"'), html.indexOf("</a>", html.indexOf('<a class="btn btn--primary"')));
    expect(gift).toContain(`href="${catalogue.site.links.giftExchange}"`);
    expect(gift).toContain('target="_blank"');
    expect(textOf(gift).trim()).toBe("Получить подарок на сайте партнёров (откроется в новой вкладке)");
    const channel = html.slice(html.indexOf(`href="${catalogue.site.links.messengerChannel}"`), html.indexOf("</a>", html.indexOf(`href="${catalogue.site.links.messengerChannel}"`)));
    expect(textOf(channel)).toContain("Перейти в канал (откроется в новой вкладке)");
  });
});

describe("prices for visitors from Kazakhstan and Uzbekistan", () => {
  const program = catalogue.programs.find((p) => p.type === "Profession")!;
  const path = `/professions/${program.studyFieldSlug}/${program.slug}`;
  const kv = () => (env as unknown as { CATALOGUE: KVNamespace }).CATALOGUE;

  it("give the rouble price and about what it is in tenge or sums at the Central Bank's rate the schedule kept; roubles alone without a rate", async () => {
    // no rate kept yet: roubles alone, for everyone
    await kv().delete(RATES_KEY);
    forgetExchangeRates();
    let kz = await page(path, { "CF-IPCountry": "KZ" });
    expect(kz).not.toContain('data-testid="price-local"');
    // the schedule kept today's rates (as refreshExchangeRates writes them)
    await kv().put(RATES_KEY, JSON.stringify({ date: "2026-11-28", fetchedAt: Date.now(), rubPerUnit: { KZT: 0.156812, UZS: 0.00664217 } }));
    forgetExchangeRates();
    // another version of the content, so no page kept before the rate is served
    await seedCatalogue(defaultCatalogue("facts-first-rates"));
    kz = await page(path, { "CF-IPCountry": "KZ" });
    const uz = await page(path, { "CF-IPCountry": "UZ" });
    const ru = await page(path, { "CF-IPCountry": "RU" });
    expect(textOf(kz)).toMatch(/≈\s[\d\s]+\s₸/);
    expect(textOf(kz)).toContain("Как оплатить из Казахстана.");
    expect(textOf(kz)).toContain("по курсу ЦБ РФ на 28.11.2026");
    expect(textOf(uz)).toMatch(/≈\s[\d\s]+\sсум/);
    expect(textOf(uz)).toContain("Как оплатить из Узбекистана.");
    expect(ru).not.toContain('data-testid="price-local"');
    expect(ru).not.toContain("Как оплатить из");
    const list = await page("/programs", { "CF-IPCountry": "KZ" });
    expect(list.split('data-testid="price-local"').length - 1).toBeGreaterThanOrEqual(12);
  });

  it("give roubles alone when the kept rate is stale", async () => {
    await kv().put(RATES_KEY, JSON.stringify({ date: "2026-11-01", fetchedAt: Date.now() - 30 * 24 * 3600 * 1000, rubPerUnit: { KZT: 0.156812, UZS: 0.00664217 } }));
    forgetExchangeRates();
    await seedCatalogue(defaultCatalogue("facts-first-stale"));
    const kz = await page(path, { "CF-IPCountry": "KZ" });
    expect(kz).toContain("₽");
    expect(kz).not.toContain('data-testid="price-local"');
  });
});

describe("teachers and programs", () => {
  it("/teachers lists the programs each teacher teaches, linked; a program's teachers link to them there", async () => {
    const html = await page("/teachers");
    const teacher = catalogue.teachers.find((t) => catalogue.programs.some((p) => p.teacherIds.includes(t.id)))!;
    const start = html.indexOf(`id="${teacher.slug}"`);
    const next = html.indexOf('<article class="teacher-card"', start);
    const card = html.slice(start, next > 0 ? next : html.indexOf("</ul>", html.lastIndexOf('class="teacher-list__programs"')));
    for (const program of catalogue.programs.filter((p) => p.teacherIds.includes(teacher.id))) expect(card).toContain(`>${program.title}</a>`);
    const program = catalogue.programs.find((p) => p.teacherIds.includes(teacher.id))!;
    const programPage = await page(`/programs/${program.studyFieldSlug}/${program.slug}`);
    expect(programPage).toContain(`<a href="/teachers#${teacher.slug}">${teacher.name}</a>`);
  });

  it("/reviews ends with a call to action", async () => {
    const html = await page("/reviews");
    const main = html.slice(0, html.indexOf('<footer class="site-footer'));
    expect(main.lastIndexOf('class="container cta-band"')).toBeGreaterThan(main.lastIndexOf('class="review-card'));
    expect(main.slice(main.lastIndexOf('class="container cta-band"'))).toContain('data-cta="chooseProgram"');
  });
});

describe("/contacts", () => {
  /** The markup of the office section whose heading has this id. */
  const office = (html: string, id: string) => {
    const start = html.lastIndexOf("<section", html.indexOf(`id="${id}"`));
    return html.slice(start, html.indexOf("</section>", html.indexOf(`id="${id}"`)));
  };

  it("gives each office its map, its hours on its own clock, messengers and a callback; a visitor from Kazakhstan gets Almaty first", async () => {
    const html = await page("/contacts", { "CF-IPCountry": "KZ" });
    expect(html.indexOf('id="office-almaty"')).toBeLessThan(html.indexOf('id="office-moscow"'));
    const almaty = office(html, "office-almaty");
    const moscow = office(html, "office-moscow");
    expect(almaty).toMatch(/href="https:\/\/yandex\.kz\/maps\/\?text=[^"]+"/);
    expect(almaty).toMatch(/href="https:\/\/2gis\.kz\/almaty\/search\/[^"]+"/);
    expect(textOf(almaty)).toMatch(/Часы работы: .*по времени Алматы/);
    expect(textOf(moscow)).toMatch(/Часы работы: [^(]*мск/);
    expect(almaty).toContain('href="https://wa.me/77015556231"');
    for (const part of [almaty, moscow]) {
      expect(part).toContain("Telegram");
      expect(part).toContain("WhatsApp");
      expect(part).toContain('data-cta="callMeBack"');
    }
    expect(textOf(html)).not.toContain("Очные консультации в московском офисе");
  });
});
