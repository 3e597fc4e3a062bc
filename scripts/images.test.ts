import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { generatedImagePath, imageKinds, organizationLogoImage } from "../src/services/images";
import {
  articleCoverSvg,
  fieldMotifs,
  genderOf,
  generateImages,
  hashString,
  type ImageJob,
  imageJobs,
  mulberry32,
  programCoverSvg,
  renderPicture,
  seminarCoverSvg,
  teacherPortraitSvg,
} from "./images";

const publicDir = new URL("../public", import.meta.url).pathname;

const builders = {
  program: (slug: string) => programCoverSvg(slug, "psihoterapiya"),
  seminar: (slug: string) => seminarCoverSvg(slug, "konsultirovanie"),
  article: (slug: string) => articleCoverSvg(slug),
  teacher: (slug: string) => teacherPortraitSvg(slug, "Соколова Марина Викторовна"),
};

describe("seeded randomness", () => {
  it("repeats for a seed and differs between seeds", () => {
    const a = mulberry32(hashString("prog-001"));
    const b = mulberry32(hashString("prog-001"));
    const c = mulberry32(hashString("prog-002"));
    const seqA = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(seqA);
    expect([c(), c(), c()]).not.toEqual(seqA);
    for (const x of seqA) expect(x >= 0 && x < 1).toBe(true);
  });
});

describe.each(Object.entries(builders))("%s SVG", (kind, build) => {
  it("is deterministic for a slug and differs between slugs", () => {
    expect(build("some-slug")).toBe(build("some-slug"));
    expect(build("some-slug")).not.toBe(build("other-slug"));
  });

  it("has no text and the contract's size", () => {
    const svg = build("some-slug");
    expect(svg).not.toMatch(/<text|<tspan|font-/i);
    expect(svg).not.toMatch(/NaN|undefined/);
    const { width, height } = imageKinds[kind as keyof typeof imageKinds];
    expect(svg).toContain(`viewBox="0 0 ${width} ${height}"`);
  });
});

describe("covers", () => {
  it("take their palette from the study field", () => {
    expect(programCoverSvg("x", "dietologiya-i-nutriciologiya")).not.toBe(programCoverSvg("x", "klinicheskaya-psihologiya"));
    expect(programCoverSvg("x", "unknown-field")).toBe(programCoverSvg("x"));
  });

  it("cover every content item with a unique output", () => {
    const jobs = imageJobs();
    const keys = jobs.map((job) => `${job.kind}/${job.slug}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain("program/prog-001");
    for (const kind of Object.keys(imageKinds)) expect(jobs.some((job) => job.kind === kind)).toBe(true);
  });
});

describe("teacher portraits", () => {
  const teachers = imageJobs().filter((job) => job.kind === "teacher");

  it("are drawn faces, not the old silhouette: DiceBear's Notionists in ink, no bare head circle", () => {
    for (const job of teachers) {
      expect(job.svg).toContain("<svg x=");
      expect(job.svg).toMatch(/fill="#000|stroke="#000|fill="#000000/i);
    }
  });

  it("give each teacher of the content a portrait of their own", () => {
    expect(teachers.length).toBeGreaterThan(10);
    expect(new Set(teachers.map((job) => job.svg)).size).toBe(teachers.length);
  });

  it("read the gender from the patronymic", () => {
    expect(genderOf("Соколова Марина Викторовна")).toBe("female");
    expect(genderOf("Никитина Вера Александровна")).toBe("female");
    expect(genderOf("Ахмедова Дильноза Рустамовна")).toBe("female");
    expect(genderOf("Орлов Дмитрий Андреевич")).toBe("male");
    expect(genderOf("Садыков Руслан Маратович")).toBe("male");
    expect(genderOf("Алиева Айгуль Ринат кызы")).toBe("female");
  });

  it("give the same bytes for the same person and different bytes for different people", async () => {
    const [a, b] = teachers as [ImageJob, ImageJob];
    const first = await renderPicture(a, 256);
    expect((await renderPicture({ ...a }, 256)).equals(first)).toBe(true);
    expect((await renderPicture(b, 256)).equals(first)).toBe(false);
    expect(await sharp(first).metadata()).toMatchObject({ format: "webp", width: 256, height: 320 });
  }, 30_000);
});

describe("program covers", () => {
  it("draw each study field's own motif, and differ between programs of one field", () => {
    const fields = Object.keys(fieldMotifs).filter((field) => field !== "default");
    const motifOf = (svg: string) => svg.replace(/<g transform="[^"]*">/g, "<g>").replace(/[\d.]+/g, "");
    const drawn = fields.map((field) => motifOf(programCoverSvg("same-slug", field)));
    expect(new Set(drawn).size).toBe(fields.length);
    expect(programCoverSvg("prog-001", "psihoterapiya")).not.toBe(programCoverSvg("prog-002", "psihoterapiya"));
  });
});

describe("real photos", () => {
  /** A content folder of one teacher and one program, each with a photo, and the rest empty. */
  function contentWithPhotos(files: { teacher?: string; program?: string }) {
    const dir = mkdtempSync(join(tmpdir(), "photos-"));
    mkdirSync(join(dir, "photos"));
    const write = (name: string, data: unknown) => writeFileSync(join(dir, name), JSON.stringify(data));
    write("teachers.json", [
      { id: "t-1", slug: "ivanova-anna-petrovna", name: "Иванова Анна Петровна", ...(files.teacher ? { photo: { file: files.teacher } } : {}) },
      { id: "t-2", slug: "petrov-ivan-ivanovich", name: "Петров Иван Иванович" },
    ]);
    write("programs.json", [{ id: "p-1", studyFieldSlug: "psihoterapiya", ...(files.program ? { cover: { file: files.program, alt: "Аудитория" } } : {}) }]);
    for (const name of ["seminars.json", "journal.json", "bachelors.json"]) write(name, []);
    write("site.json", { legalEntities: [] });
    return dir;
  }

  it("take the drawing's place for whoever has one, at the same widths and frame", async () => {
    const dir = contentWithPhotos({ teacher: "photos/anna.jpg", program: "photos/hall.png" });
    // a landscape photo, red over blue: the portrait keeps its top, the face's place
    await sharp({ create: { width: 900, height: 600, channels: 3, background: "#d01010" } })
      .composite([{ input: { create: { width: 900, height: 300, channels: 3, background: "#1010d0" } }, top: 300, left: 0 }])
      .jpeg()
      .toFile(join(dir, "photos/anna.jpg"));
    await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#10a010" } }).png().toFile(join(dir, "photos/hall.png"));
    const jobs = imageJobs(dir);
    const anna = jobs.find((job) => job.slug === "ivanova-anna-petrovna")!;
    const ivan = jobs.find((job) => job.slug === "petrov-ivan-ivanovich")!;
    const cover = jobs.find((job) => job.slug === "p-1")!;
    expect(anna.photo).toBe(join(dir, "photos/anna.jpg"));
    expect(cover.photo).toBe(join(dir, "photos/hall.png"));
    expect(ivan.svg).toContain("<svg");
    const portrait = await renderPicture(anna, 128);
    expect(await sharp(portrait).metadata()).toMatchObject({ format: "webp", width: 128, height: 160 });
    const { data } = await sharp(portrait).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]! > 150 && data[2]! < 90).toBe(true);
    const coverPixels = await sharp(await renderPicture(cover, 384)).raw().toBuffer({ resolveWithObject: true });
    expect(coverPixels.info).toMatchObject({ width: 384, height: 240 });
    expect(coverPixels.data[1]! > 120 && coverPixels.data[0]! < 60).toBe(true);
  }, 30_000);

  it("must exist: the build names the item and the missing file", () => {
    const dir = contentWithPhotos({ teacher: "photos/missing.jpg" });
    expect(() => imageJobs(dir)).toThrow("teachers.json t-1: the photo content/photos/missing.jpg does not exist");
  });
});

describe("generateImages", () => {
  it("writes every width of the contract with the right pixel size", async () => {
    const result = await generateImages();
    // every width of every job, and the logo
    expect(result.written + result.kept).toBe(
      imageJobs().reduce((sum, job) => sum + imageKinds[job.kind].widths.length, 0) + 1,
    );
    const { width, height, widths } = imageKinds.program;
    for (const w of widths) {
      const file = join(publicDir, generatedImagePath("program", "prog-001", w));
      expect(existsSync(file)).toBe(true);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(w);
      expect(meta.height).toBe(Math.round((w * height) / width));
    }
    // a second run keeps everything
    expect(await generateImages()).toMatchObject({ written: 0 });
  }, 180_000);

  it("writes the institute's logo as a PNG square of organizationLogoImage's size, 112 px or more as Google asks", async () => {
    await generateImages();
    const meta = await sharp(join(publicDir, organizationLogoImage.src)).metadata();
    expect(meta).toMatchObject({ format: "png", width: organizationLogoImage.width, height: organizationLogoImage.height });
    expect(Math.min(organizationLogoImage.width, organizationLogoImage.height)).toBeGreaterThanOrEqual(112);
    // the mark on white: the corners are white, the centre is the brand's violet
    const { data, info } = await sharp(join(publicDir, organizationLogoImage.src)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(pixel(0, 0)).toEqual([255, 255, 255]);
    expect(pixel(Math.round(info.width * 0.3), Math.round(info.height / 2))).toEqual([0x6f, 0x01, 0xc6]);
  }, 180_000);
});

describe("each program's own cover (issue 42)", () => {
  it("gives the programs of one field their field's motif in a colouring of their own, so no two covers are alike", async () => {
    const { coverVariants, programCoverSvg } = await import("./images");
    const programs = (await import("../content/programs.json")).default as { id: string; studyFieldSlug?: string }[];
    const variants = coverVariants(programs);
    const therapy = programs.filter((p) => p.studyFieldSlug === "psihoterapiya");
    expect(therapy.length).toBeGreaterThanOrEqual(5);
    const fills = therapy.map((p) => {
      const svg = programCoverSvg(p.id, p.studyFieldSlug, variants.get(p.id));
      // the backdrop's colours: what makes one cover look unlike another at a glance
      return [...svg.matchAll(/<linearGradient id="bg"[\s\S]*?<\/linearGradient>/g)][0]![0].match(/#[0-9a-f]{6}/gi)!.join();
    });
    expect(new Set(fills).size).toBe(therapy.length);
    // and the motif itself in a colour of its own: the colours it is filled with differ from cover to cover
    const inks = therapy.map((p) => [...new Set(programCoverSvg(p.id, p.studyFieldSlug, variants.get(p.id)).match(/fill="#[0-9a-f]{6}"/gi))].sort().join());
    expect(new Set(inks).size).toBe(therapy.length);
    // the same content draws the same covers
    const again = coverVariants([...programs].reverse());
    expect([...again.entries()].sort()).toEqual([...variants.entries()].sort());
  });
});
