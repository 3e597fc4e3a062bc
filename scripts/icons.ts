/**
 * The icon sprite: every shape of src/components/ui/icon-shapes.ts as a <symbol>, in one
 * content-hashed SVG under public/assets/media/, and build/icon-sprite.json with its URL, which the
 * icon components (server and browser) import.
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ICON_SHAPES } from "../src/components/ui/icon-shapes";
import { root } from "./lib/wrangler";

export function iconSprite(): string {
  const symbols = Object.entries(ICON_SHAPES).map(([name, shape]) => `<symbol id="${name}" viewBox="0 0 24 24">${shape}</symbol>`);
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
}

/** Writes the sprite (call after public/assets/ is emptied) and returns its URL. */
export function buildIconSprite(): string {
  const svg = iconSprite();
  const hash = createHash("sha256").update(svg).digest("hex").slice(0, 8).toUpperCase();
  const dir = join(root, "public/assets/media");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `icons-${hash}.svg`), svg);
  const href = `/assets/media/icons-${hash}.svg`;
  mkdirSync(join(root, "build"), { recursive: true });
  writeFileSync(join(root, "build/icon-sprite.json"), `${JSON.stringify({ href }, null, 2)}\n`);
  return href;
}
