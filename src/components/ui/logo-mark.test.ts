import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOGO_DATA_URI, logoSvg } from "./logo-mark";

describe("the header's mark", () => {
  it("is the mark of public/images/logo.svg, the file the images and other sites use", () => {
    expect(logoSvg()).toBe(readFileSync(new URL("../../../public/images/logo.svg", import.meta.url), "utf8").trim());
  });

  it("decodes to that mark and has nothing an attribute or a URL would break on", () => {
    expect(decodeURIComponent(LOGO_DATA_URI.slice("data:image/svg+xml,".length))).toBe(logoSvg());
    expect(LOGO_DATA_URI).not.toMatch(/[ "'<>#]/);
  });
});
