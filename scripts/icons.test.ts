import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ICON_SHAPES } from "../src/components/ui/icon-shapes";
import { iconSprite } from "./icons";
import { root } from "./lib/wrangler";

describe("the icon sprite", () => {
  it("has one 24×24 symbol per shape, each drawn in the text colour", () => {
    const sprite = iconSprite();
    const symbols = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g)];
    expect(symbols.map((match) => match[1])).toEqual(Object.keys(ICON_SHAPES));
    for (const [, name, inner] of symbols) expect(inner, name).toContain('="currentColor"');
    expect(sprite.startsWith('<svg xmlns="http://www.w3.org/2000/svg">')).toBe(true);
  });

  it("is built under a name of its content, which the icons point to", () => {
    const { href } = JSON.parse(readFileSync(join(root, "build/icon-sprite.json"), "utf8")) as { href: string };
    expect(href).toMatch(/^\/assets\/media\/icons-[0-9A-F]{8}\.svg$/);
    const file = join(root, "public", href);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, "utf8")).toBe(iconSprite());
    // named by its content: a changed icon is a new address, and the old one can be cached for good
    expect(href).toContain(createHash("sha256").update(iconSprite()).digest("hex").slice(0, 8).toUpperCase());
  });
});
