import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { buildCatalogue } from "../../src/services/catalogue/build";
import { bachelorHref, programHref } from "../../src/services/catalogue/links";
import type { ProgramType, Site } from "../../src/services/catalogue/schemas";
import { defaultRawContent } from "../support/content";
import { decode } from "./html";
import { seedCatalogue } from "./seed";

const origin = "https://mip.institute";
const REGISTER = "https://frdocheck.obrnadzor.gov.ru/";

async function page(path: string) {
  const response = await SELF.fetch(`${origin}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The «Документ об окончании» section of a page, its text without tags, and its sample's image tag. */
function diplomaSection(html: string) {
  const section = /<section id="diploma"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
  const img = /<img [^>]*class="diploma__image"[^>]*>/.exec(section)?.[0] ?? "";
  const attr = (name: string) => decode(new RegExp(` ${name}="([^"]*)"`, "i").exec(img)?.[1] ?? "");
  return { section, text: decode(section.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")), img, attr };
}

describe("«Документ об окончании» on a program's page", () => {
  const catalogue = buildCatalogue(defaultRawContent(), new Date(), "graduation-v1");
  const site = catalogue.site;
  const ano = site.legalEntities.find((e) => e.id === "ano")!;
  const expected: Record<ProgramType, { sample: string; title: string; register: string | null }> = {
    Profession: { sample: "obrazec-diplom-o-professionalnoj-perepodgotovke", title: "диплом о профессиональной переподготовке", register: "Проверить диплом в реестре ФИС ФРДО" },
    Course: { sample: "obrazec-udostoverenie-o-povyshenii-kvalifikacii", title: "удостоверение о повышении квалификации", register: "Проверить удостоверение в реестре ФИС ФРДО" },
    ShortTerm: { sample: "obrazec-sertifikat-o-prohozhdenii-kursa", title: "сертификат о прохождении курса", register: null },
  };

  it.each(Object.entries(expected))("a %s shows its own document's sample, marked «образец», the licence and where to check it", async (type, want) => {
    await seedCatalogue(catalogue);
    const program = catalogue.programs.find((p) => p.type === type)!;
    const { text, img, attr, section } = diplomaSection(await page(programHref(program)));
    expect(img, program.id).not.toBe("");
    expect(attr("src")).toBe(`/images/gen/diploma/${want.sample}-1200.webp`);
    expect(attr("srcset")).toContain(`/images/gen/diploma/${want.sample}-640.webp 640w`);
    expect(attr("alt")).toBe(`Образец документа: ${want.title}, ${ano.shortName}`);
    expect([attr("width"), attr("height"), attr("loading")]).toEqual(["1200", "848", "lazy"]);
    expect(text).toContain("Образец документа");
    expect(text).toContain(`Выдаёт ${ano.shortName}. ${ano.licence}`);
    expect(text).toContain("№ Л035-01298-77/00642318 от 14.10.2020");
    if (want.register) {
      expect(section).toContain(`<a class="diploma__register" href="${REGISTER}" target="_blank" rel="noopener noreferrer">${want.register}</a>`);
    } else {
      expect(section).not.toContain(REGISTER);
    }
    // a program's page says nothing of a state accreditation: its programs have none
    expect(text).not.toContain("Государственная аккредитация");
  });
});

describe("«Документ об окончании» on a bachelor's page", () => {
  it("shows the state diploma's sample, the higher-education licence, the register and the accreditation", async () => {
    const catalogue = await seedCatalogue(buildCatalogue(defaultRawContent(), new Date(), "graduation-bachelor-v1"));
    const vo = catalogue.site.legalEntities.find((e) => e.id === "ochu-vo")!;
    const { text, attr, section } = diplomaSection(await page(bachelorHref(catalogue.bachelors[0]!)));
    expect(attr("src")).toBe("/images/gen/diploma/obrazec-diplom-bakalavra-1200.webp");
    expect(attr("alt")).toBe(`Образец документа: диплом бакалавра, ${vo.shortName}`);
    expect(attr("loading")).toBe("lazy");
    expect(text).toContain(`Выдаёт ${vo.shortName}. ${vo.licence}`);
    expect(section).toContain(`href="${REGISTER}"`);
    expect(text).toContain("Проверить диплом в реестре ФИС ФРДО");
    expect(text).toContain(`Государственная аккредитация. ${vo.accreditation}`);
  });

  it("says the accreditation the content says, as /sveden and /ourInstitute do: one source", async () => {
    const raw = defaultRawContent();
    const site = raw["site.json"] as Site;
    const changed = "Имеется по направлению подготовки 99.03.99 «Проверочное направление» до 2031 года";
    site.legalEntities.find((e) => e.id === "ochu-vo")!.accreditation = changed;
    const catalogue = await seedCatalogue(buildCatalogue(raw, new Date(), "graduation-accreditation-v2"));
    for (const bachelor of catalogue.bachelors) {
      expect(diplomaSection(await page(bachelorHref(bachelor))).text, bachelor.slug).toContain(`Государственная аккредитация. ${changed}`);
    }
    expect(decode(await page("/sveden/common"))).toContain(changed);
    expect(decode(await page("/ourInstitute"))).toContain(changed);
    expect(decode(await page("/sveden/common"))).not.toContain("44.03.02");
  });
});
