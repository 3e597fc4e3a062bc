import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { programHref } from "../../src/services/catalogue/links";
import { PAGE_SIZE } from "../../src/services/catalogue/listing";
import { widths } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { pagesOfOneContext, sharedChromium, siteUrl } from "./helpers";

/**
 * Portraits and covers that look like a real institute (issue #16, decision 028): every teacher
 * and program card shows a drawn picture with its size and alt text, each teacher a face of their
 * own, each study field its own cover, and a portrait no taller than a thumb on a phone.
 */
const catalogue = defaultCatalogue();
let browser: Browser;

beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});


interface Drawn {
  alt: string | null;
  src: string;
  loading: string;
  width: string | null;
  height: string | null;
  /** the share of pixels in dark ink: the drawings' outlines; the old silhouettes and blobs had none */
  ink: number;
  /** a fingerprint of the pixels, to tell pictures apart */
  print: string;
}

/** Scrolls each image into view, waits until it has loaded, and reads its attributes and pixels. */
async function pictures(images: Locator): Promise<Drawn[]> {
  const found: Drawn[] = [];
  for (let i = 0; i < (await images.count()); i++) {
    const image = images.nth(i);
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    found.push(
      await image.evaluate((img: HTMLImageElement) => {
        const canvas = document.createElement("canvas");
        canvas.width = 200;
        canvas.height = Math.round((200 * img.naturalHeight) / img.naturalWidth);
        const context = canvas.getContext("2d", { willReadFrequently: true })!;
        context.drawImage(img, 0, 0, canvas.width, canvas.height);
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        let dark = 0;
        let print = 0;
        for (let p = 0; p < data.length; p += 4) {
          if (data[p]! + data[p + 1]! + data[p + 2]! < 200) dark++;
          print = (Math.imul(print, 31) + (data[p]! >> 3) * 1024 + (data[p + 1]! >> 3) * 32 + (data[p + 2]! >> 3)) | 0;
        }
        return {
          alt: img.getAttribute("alt"),
          src: img.currentSrc,
          loading: img.loading,
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
          ink: dark / (data.length / 4),
          print: String(print),
        };
      }),
    );
  }
  return found;
}

describe.each(widths)("on %s", (name, makeContext) => {
  // the pages of a width in one context, its cache warm after the first (helpers.ts)
  const visit = pagesOfOneContext(() => makeContext(browser, siteUrl()));

  it("/teachers shows every teacher as a drawn face of their own, sized and named", async () => {
    const page = await visit("/teachers");
    const images = page.locator(".teacher-card img");
    expect(await images.count()).toBe(catalogue.teachers.length);
    const drawn = await pictures(images);
    const shown = drawn.map((picture) => {
      const teacher = catalogue.teachers.find((t) => picture.src.includes(`/images/gen/teacher/${t.slug}-`))!;
      expect(picture.alt).toBe(`Портрет: ${teacher.name}`);
      expect([picture.width, picture.height]).toEqual(["640", "800"]);
      expect(picture.ink, `${teacher.name}: a face drawn in ink`).toBeGreaterThan(0.02);
      return teacher.id;
    });
    expect(new Set(shown).size).toBe(catalogue.teachers.length);
    expect(new Set(drawn.map((picture) => picture.print)).size).toBe(drawn.length);
    // on a phone a portrait is a thumbnail beside the name, never a screen of its own
    const tallest = Math.max(...(await images.evaluateAll((all) => all.map((img) => img.getBoundingClientRect().height))));
    expect(tallest).toBeLessThanOrEqual(name === "mobile" ? 140 : 320);
  });

  it("a program's teachers stand two abreast on a phone, no portrait near 400px tall", async () => {
    const program = catalogue.programs.find((p) => p.teacherIds.length >= 2)!;
    const page = await visit(programHref(program));
    const images = page.locator(".teacher-grid .teacher-card img");
    expect(await images.count()).toBe(program.teacherIds.length);
    const drawn = await pictures(images);
    for (const picture of drawn) expect(picture.ink).toBeGreaterThan(0.02);
    const heights = await images.evaluateAll((all) => all.map((img) => img.getBoundingClientRect().height));
    expect(Math.max(...heights)).toBeLessThanOrEqual(name === "mobile" ? 260 : 320);
  });

  // every page of the catalogue in turn at 1280 px, where the covers' pixels are told apart (the same pictures a phone is sent, in
  // other sizes); on a phone the first page, whose first card is the largest picture in view
  it("every program card on /programs has its study field's drawn cover, each page's first fetched at once", { timeout: 240_000 }, async () => {
    const pageCount = name === "desktop" ? Math.ceil(catalogue.programs.length / PAGE_SIZE) : 1;
    const byField = new Map<string, Set<string>>();
    for (let n = 1; n <= pageCount; n++) {
      const page = await visit(n === 1 ? "/programs" : `/programs?page=${n}`);
      const cards = page.locator(".program-card");
      const images = page.locator(".program-card img");
      expect(await images.count()).toBe(await cards.count());
      const titles = await page.locator(".program-card__title a").allTextContents();
      const drawn = await pictures(images);
      drawn.forEach((picture, i) => {
        const program = catalogue.programs.find((p) => p.title === titles[i])!;
        // a drawn cover only repeats the title beside it: the alt is there and empty
        expect(picture.alt).toBe("");
        expect([picture.width, picture.height]).toEqual(["1200", "750"]);
        expect(picture.src).toContain(`/images/gen/program/${program.id}-`);
        expect(picture.ink, `${program.title}: a motif drawn in ink`).toBeGreaterThan(0.008);
        // the first card of each page is the largest image in view on a phone
        expect(picture.loading).toBe(i === 0 ? "eager" : "lazy");
        const field = program.studyFieldSlug ?? "";
        byField.set(field, (byField.get(field) ?? new Set()).add(picture.print));
      });
      await page.close();
    }
    // no two programs share a picture, and no two fields a set of pictures
    const prints = [...byField.values()].flatMap((set) => [...set]);
    expect(new Set(prints).size).toBe(prints.length);
    if (pageCount > 1) expect(byField.size).toBeGreaterThanOrEqual(5);
  });

  it("every bachelor card has a drawn cover with its alt and size", async () => {
    const page = await visit("/bachelor");
    const images = page.locator(".program-card img");
    expect(await images.count()).toBe(catalogue.bachelors.length);
    for (const picture of await pictures(images)) {
      expect(picture.alt).toBe("");
      expect([picture.width, picture.height]).toEqual(["1200", "750"]);
      expect(picture.ink).toBeGreaterThan(0.008);
    }
  });
});
