import { existsSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { generatedImagePath, imageKinds } from "../src/services/images";
import {
  articleCoverSvg,
  generateImages,
  hashString,
  imageJobs,
  mulberry32,
  programCoverSvg,
  seminarCoverSvg,
  teacherPortraitSvg,
} from "./images";

const publicDir = new URL("../public", import.meta.url).pathname;

const builders = {
  program: (slug: string) => programCoverSvg(slug, "psihoterapiya"),
  seminar: (slug: string) => seminarCoverSvg(slug, "konsultirovanie"),
  article: (slug: string) => articleCoverSvg(slug),
  teacher: (slug: string) => teacherPortraitSvg(slug),
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

describe("generateImages", () => {
  it("writes every width of the contract with the right pixel size", async () => {
    const result = await generateImages();
    expect(result.written + result.kept).toBe(
      imageJobs().reduce((sum, job) => sum + imageKinds[job.kind].widths.length, 0),
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
  }, 60_000);
});
