/**
 * The site's font, self-hosted: PT Sans (a Cyrillic typeface by ParaType, OFL) subset to the
 * characters a Russian page uses, without hinting: about 11 KB a weight. Writes build/fonts/*.woff2
 * and build/fonts.css (PT Sans' two faces and the fallback drawn to its metrics: a stylesheet of its
 * own, which esbuild hashes with the files). Decision 094: the full stylesheet names no face; every
 * template's inlined CSS carries the fallback (scripts/critical-css.ts), the client adds PT Sans'
 * faces (client/site-fonts.ts), and the pages for low vision link fonts.css before their first paint.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import subsetFont from "subset-font";
import { writeIfChanged } from "./lib/files";
import { root } from "./lib/wrangler";

const ascii = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join("");
const cyrillic = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя";
/** What Russian typography adds: quotes, dashes, the rouble, the number sign, nbsp. */
export const FONT_CHARACTERS = `${ascii}${cyrillic}«»—–…№₽×·•’“”„ \u00a0\u202f`;

/** The face drawn until PT Sans is at hand: Arial scaled to PT Sans' metrics, so the swap moves no line. */
export const FALLBACK_FACE = '@font-face{font-family:"PT Sans Fallback";src:local("Arial");size-adjust:93%;ascent-override:108%;descent-override:28%}';

const weights = [
  { weight: 400, file: "400Regular/PTSans_400Regular.ttf" },
  { weight: 700, file: "700Bold/PTSans_700Bold.ttf" },
];

export async function buildFonts(): Promise<void> {
  const outDir = join(root, "build/fonts");
  mkdirSync(outDir, { recursive: true });
  const faces: string[] = [];
  for (const { weight, file } of weights) {
    const source = readFileSync(join(root, "node_modules/@expo-google-fonts/pt-sans", file));
    const target = join(outDir, `pt-sans-${weight}.woff2`);
    const stamp = join(outDir, `pt-sans-${weight}.hash`);
    const hash = createHash("sha256").update(source).update(FONT_CHARACTERS).digest("hex");
    if (!existsSync(target) || !existsSync(stamp) || readFileSync(stamp, "utf8") !== hash) {
      writeFileSync(target, await subsetFont(source, FONT_CHARACTERS, { targetFormat: "woff2", noHinting: true }));
      writeFileSync(stamp, hash);
    }
    faces.push(
      `@font-face{font-family:"PT Sans";font-style:normal;font-weight:${weight};font-display:optional;src:url("./fonts/pt-sans-${weight}.woff2") format("woff2")}`,
    );
  }
  // `optional`, not `swap`: a page for low vision preloads both and links this before its first paint,
  // where a font that still came late (a slow phone's network) is used from the next page on instead
  // of reflowing this one (0.05 of layout shift on /contacts)
  writeIfChanged(join(root, "build/fonts.css"), `${[...faces, FALLBACK_FACE].join("\n")}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildFonts();
