import { describe, expect, it } from "vitest";
import { generatedImagePath, imageKinds, nearestWidth, parseGeneratedImagePath } from "./images";

describe("generated image paths", () => {
  it("read back the kind, slug and width they were made of", () => {
    expect(parseGeneratedImagePath(generatedImagePath("seminar", "pervaya-konsultaciya", 828))).toEqual({ kind: "seminar", slug: "pervaya-konsultaciya", width: 828 });
  });

  it.each(["/images/gen/poster/x-640.webp", "/images/gen/program/x.webp", "/images/logo.svg", "/images/gen/program/../x-640.webp"])("are not read from %s", (path) => {
    expect(parseGeneratedImagePath(path)).toBeNull();
  });
});

describe("the nearest built width", () => {
  const widths = imageKinds.program.widths;
  it.each([
    [640, 640],
    [700, 750],
    [695, 750],
    [1, 384],
    [3840, 1200],
    [512, 640],
  ])("for %i px is %i px", (wanted, built) => {
    expect(nearestWidth(widths, wanted)).toBe(built);
  });
});
