/**
 * The icon sprite: every shape of src/components/ui/icon-shapes.ts as a <symbol>, in one
 * content-hashed SVG under public/assets/media/, and build/icon-sprite.json with its URL, which the
 * icon components (server and browser) import.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { ICON_SHAPES } from "../src/components/ui/icon-shapes";
import { writeIfChanged } from "./lib/files";
import { root } from "./lib/wrangler";

export function iconSprite(): string {
  const symbols = Object.entries(ICON_SHAPES).map(([name, shape]) => `<symbol id="${name}" viewBox="0 0 24 24">${shape}</symbol>`);
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
}

/** The sprite's file under public/ and its contents, and writes build/icon-sprite.json with its URL. */
export function buildIconSprite(): { path: string; svg: string } {
  const svg = iconSprite();
  const hash = createHash("sha256").update(svg).digest("hex").slice(0, 8).toUpperCase();
  const href = `/assets/media/icons-${hash}.svg`;
  writeIfChanged(join(root, "build/icon-sprite.json"), `${JSON.stringify({ href }, null, 2)}\n`);
  return { path: join(root, "public", href), svg };
}
