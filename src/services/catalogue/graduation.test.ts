import { describe, expect, it } from "vitest";
import { defaultRawContent } from "../../../tests/support/content";
import { buildCatalogue, ContentError } from "./build";
import { graduationDocumentOf, registerCheckText, sampleAlt } from "./graduation";
import { type Site, siteSchema } from "./schemas";

const site = () => defaultRawContent()["site.json"] as Site;

describe("the document each kind of program gives", () => {
  it("is one per kind, issued by the entity the content names", () => {
    const given = (kind: Parameters<typeof graduationDocumentOf>[1]) => graduationDocumentOf(site(), kind);
    expect(given("Profession")?.document.title).toBe("Диплом о профессиональной переподготовке");
    expect(given("Course")?.document.title).toBe("Удостоверение о повышении квалификации");
    expect(given("ShortTerm")?.document.inRegister).toBe(false);
    expect(given("Bachelor")?.entity.id).toBe("ochu-vo");
    expect(given("Profession")?.entity.id).toBe("ano");
  });

  it("is named in the register's link by its first word and in its sample's alt text as a sample", () => {
    const diploma = graduationDocumentOf(site(), "Profession")!;
    expect(registerCheckText(diploma.document)).toBe("Проверить диплом в реестре ФИС ФРДО");
    expect(registerCheckText(graduationDocumentOf(site(), "Course")!.document)).toBe("Проверить удостоверение в реестре ФИС ФРДО");
    expect(sampleAlt(diploma)).toBe("Образец документа: диплом о профессиональной переподготовке, АНО ДПО «Московский институт психологии»");
  });

  it("is not said when the content does not say it", () => {
    const { graduationDocuments: _none, ...older } = site();
    expect(graduationDocumentOf(older, "Profession")).toBeUndefined();
  });

  it("is refused when a kind has none or two, or its issuer is not one of the site's entities", () => {
    const documents = site().graduationDocuments!;
    const without = { ...site(), graduationDocuments: documents.filter((d) => !d.givenFor.includes("Bachelor")) };
    expect(siteSchema.safeParse(without).error?.issues[0]?.message).toMatch(/ровно один документ/);
    const twice = { ...site(), graduationDocuments: [...documents, { ...documents[0]!, id: "another" }] };
    expect(siteSchema.safeParse(twice).success).toBe(false);
    const foreign = { ...site(), graduationDocuments: documents.map((d) => ({ ...d, entity: "nobody" })) };
    expect(siteSchema.safeParse(foreign).error?.issues[0]?.message).toMatch(/legalEntities/);
    expect(siteSchema.safeParse(site()).success).toBe(true);
  });

  it("is named by a program as its type's document is, or the content is refused naming the program", () => {
    const raw = defaultRawContent();
    const programs = raw["programs.json"] as { id: string; type: string; diploma: { title: string } }[];
    const course = programs.find((p) => p.type === "Course")!;
    course.diploma.title = "Диплом о профессиональной переподготовке";
    expect(() => buildCatalogue(raw, new Date(), "wrong-title")).toThrow(ContentError);
    expect(() => buildCatalogue(raw, new Date(), "wrong-title")).toThrow(new RegExp(`${course.id}.*diploma\\.title`));
  });
});
