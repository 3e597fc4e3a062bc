import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Site } from "../src/services/catalogue/schemas";
import { diplomaSampleSlug, imageKinds } from "../src/services/images";
import { diplomaSampleSvg, titleParts, wrapText } from "./diploma-samples";
import { imageJobs, renderPicture } from "./images";

const site = JSON.parse(readFileSync(new URL("../content/site.json", import.meta.url), "utf8")) as Site;
const documents = site.graduationDocuments ?? [];
const entityOf = (id: string) => site.legalEntities.find((e) => e.id === id)!;
/** The words a sample prints, line after line, as its paths' labels keep them. */
const wordsOf = (svg: string) =>
  [...svg.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/\u00a0/g, " ")).join(" ");

describe("a graduation document's sample", () => {
  it("is drawn for every kind of document the content names", () => {
    expect(documents.flatMap((d) => d.givenFor).sort()).toEqual(["Bachelor", "Course", "Profession", "ShortTerm"]);
    const slugs = imageJobs().filter((job) => job.kind === "diploma").map((job) => job.slug);
    expect(slugs.sort()).toEqual(documents.map((d) => diplomaSampleSlug(d.id)).sort());
  });

  it.each(documents.map((d) => [d.id, d] as const))("%s is stamped «ОБРАЗЕЦ» and names the document, its issuer and its licence", (_id, document) => {
    const entity = entityOf(document.entity);
    const svg = diplomaSampleSvg(document, entity);
    const words = wordsOf(svg);
    expect(svg).toContain('aria-label="ОБРАЗЕЦ"');
    expect(words).toContain(titleParts(document.title).word);
    expect(words).toContain(entity.fullName.toUpperCase().split(" ").slice(0, 2).join(" "));
    expect(words.replace(/\s+/g, " ")).toContain(entity.licence);
    expect(words).toContain(document.sample.certifies.split(" ")[0]);
    if (document.sample.heading) expect(words).toContain(document.sample.heading.toUpperCase());
    // letters are paths: the picture is the same wherever it is built
    expect(svg).not.toMatch(/<text|<tspan|font-family/i);
    expect(svg).not.toMatch(/NaN|undefined/);
    expect(svg).toContain(`viewBox="0 0 ${imageKinds.diploma.width} ${imageKinds.diploma.height}"`);
    expect(diplomaSampleSvg(document, entity)).toBe(svg);
  });

  it("follows the content: another licence, another sample", () => {
    const [document] = documents;
    const entity = entityOf(document!.entity);
    const other = diplomaSampleSvg(document!, { ...entity, licence: "Лицензия № Л000-00000-00/00000000 от 01.01.2030" });
    expect(wordsOf(other)).toContain("Л000-00000-00/00000000");
    expect(other).not.toBe(diplomaSampleSvg(document!, entity));
  });

  it("shows its stamp in red across the middle of the spread", async () => {
    const job = imageJobs().find((j) => j.kind === "diploma")!;
    const webp = await renderPicture(job, 640);
    const { data, info } = await sharp(webp).extract({ left: 220, top: 180, width: 200, height: 90 }).raw().toBuffer({ resolveWithObject: true });
    let [red, blue] = [0, 0];
    for (let i = 0; i < data.length; i += info.channels) {
      red += data[i]!;
      blue += data[i + 2]!;
    }
    const pixels = data.length / info.channels;
    expect(red / pixels - blue / pixels).toBeGreaterThan(25);
  });
});

describe("lines of a sample", () => {
  const style = { size: 19 };

  it("keep «№» with its number and end with no word alone", () => {
    const lines = wrapText("Лицензия на осуществление образовательной деятельности № Л035-01298-77/00642318 от 14.10.2020", 460, { size: 13 });
    expect(lines.some((line) => line.includes("№\u00a0Л035"))).toBe(true);
    const balanced = wrapText("прошла профессиональную переподготовку по программе", 462, style);
    expect(balanced).toHaveLength(2);
    for (const line of balanced) expect(line.split(" ").length).toBeGreaterThan(1);
  });
});
