/**
 * Renders the raster images of src/services/images.ts at build time: covers for programs (the study
 * field's motif), seminars and journal articles, and drawn head-and-shoulders portraits of teachers
 * (DiceBear «Notionists», CC0), the samples of the graduation documents (scripts/diploma-samples.ts), and the institute's logo as a white PNG square for crawlers
 * (organizationLogoImage, from public/images/logo.svg). Each picture is an SVG string (no text elements: fonts
 * are not reliable; a sample's letters are PT Sans laid out into paths),
 * seeded by its slug so the same content gives byte-identical files, rasterised once by sharp
 * (librsvg) at the largest width and resized to every width of the contract as WebP under
 * public/images/gen/<kind>/<slug>-<width>.webp. A teacher's `photo` or a program's `cover` in the
 * content (a file under content/photos/) takes the drawing's place: cropped to the same frame and
 * made at the same widths and paths, so pages show it without knowing (decision 028).
 *
 * public/images/gen/.manifest.json maps every output file to a hash of (source, width, generator
 * version): a file whose hash matches and which exists is kept, unless `force`. Files no longer
 * produced (a deleted program) are removed.
 *
 * Run directly: `npx tsx scripts/images.ts [--force]`.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readdir, rename, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { createAvatar } from "@dicebear/core";
import * as notionists from "@dicebear/notionists";
import sharp from "sharp";
import type { Site } from "../src/services/catalogue/schemas";
import { diplomaSampleSlug, generatedImagePath, type ImageKind, imageKinds, organizationLogoImage } from "../src/services/images";
import { diplomaSampleSvg } from "./diploma-samples";

/** Bump when the drawing or the encoding changes: every file is then rendered again. */
export const GENERATOR_VERSION = "2";

const root = new URL("..", import.meta.url).pathname;
const publicDir = join(root, "public");
const genDir = join(publicDir, "images/gen");
const manifestFile = join(genDir, ".manifest.json");
const WEBP = { quality: 78, effort: 4 } as const;
const CONCURRENCY = 4;

/* ------------------------------------------------------------------ seeded randomness */

/** FNV-1a 32-bit hash of a string. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny, good enough PRNG giving numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  private readonly next: () => number;
  constructor(seed: string) {
    this.next = mulberry32(hashString(seed));
  }
  float(): number {
    return this.next();
  }
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/* ------------------------------------------------------------------ palettes */

interface Palette {
  /** background gradient stops, light */
  bg: readonly [string, string, string];
  /** the large shapes */
  shapes: readonly [string, string, string];
  /** small accents: dots, rings, lines */
  accent: string;
}

const VIOLET = "#6f01c6";

export const palettes: Record<string, Palette> = {
  psihoterapiya: { bg: ["#f3ecfd", "#e6d6fa", "#d5bdf4"], shapes: [VIOLET, "#a86de6", "#cfaef3"], accent: "#4b0a8a" },
  konsultirovanie: { bg: ["#fdeee4", "#f6e3f0", "#e7d7fa"], shapes: [VIOLET, "#f6ad86", "#c39bef"], accent: "#5a0aa0" },
  "detskaya-psihologiya": { bg: ["#fff7dc", "#ffe9d6", "#e3f7ee"], shapes: ["#ffc73d", "#ff9b76", "#7fd6b8"], accent: VIOLET },
  "dietologiya-i-nutriciologiya": { bg: ["#eefaf1", "#e3f6e4", "#f4fbd8"], shapes: ["#3fb07a", "#a9dd4f", "#8be0bd"], accent: VIOLET },
  "klinicheskaya-psihologiya": { bg: ["#e5f1f8", "#d8e9f5", "#d2ecec"], shapes: ["#213f8c", "#1b9ba1", "#6cc9cc"], accent: VIOLET },
  "organizacionnaya-psihologiya": { bg: ["#eaeefc", "#e0ecfb", "#d9f1fd"], shapes: ["#3a3db4", "#5fb0f0", "#a3aef2"], accent: VIOLET },
  "obshaya-psihologiya": { bg: ["#f7eefc", "#f8e6f2", "#fde4ea"], shapes: ["#9a62dc", "#ef93b3", "#dcbdf4"], accent: VIOLET },
  default: { bg: ["#f5effc", "#f9ece6", "#efe6fb"], shapes: [VIOLET, "#f3a98a", "#b58deb"], accent: "#4b0a8a" },
};

export const paletteFor = (studyFieldSlug: string | undefined): Palette =>
  (studyFieldSlug && palettes[studyFieldSlug]) || (palettes.default as Palette);

/* ------------------------------------------------------------------ drawing helpers */

type Point = readonly [number, number];

const n = (value: number) => String(Math.round(value * 10) / 10);
const pt = ([x, y]: Point) => `${n(x)} ${n(y)}`;

/** A smooth closed blob through `points` jittered points around (cx, cy): Catmull-Rom as cubic Béziers. */
function blobPath(rng: Rng, cx: number, cy: number, r: number, points = 6, jitter = 0.22): string {
  const rot = rng.range(0, Math.PI * 2);
  const pts: Point[] = [];
  for (let i = 0; i < points; i++) {
    const a = rot + (i / points) * Math.PI * 2;
    const rr = r * rng.range(1 - jitter, 1 + jitter);
    pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr]);
  }
  const at = (i: number) => pts[(i + points) % points] as Point;
  let d = `M${pt(at(0))}`;
  for (let i = 0; i < points; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${pt(c1)} ${pt(c2)} ${pt(p2)}`;
  }
  return `${d}Z`;
}

/** A soft wave across the picture at height `y`, filled down to the bottom edge. */
function wavePath(rng: Rng, w: number, h: number, y: number, amplitude: number): string {
  const segments = rng.int(2, 3);
  const step = w / segments;
  let d = `M0 ${n(y + rng.range(-amplitude, amplitude))}`;
  let prevY = y;
  for (let i = 1; i <= segments; i++) {
    const x = i * step;
    const ny = y + rng.range(-amplitude, amplitude);
    d += `C${n(x - step * 0.65)} ${n(prevY + amplitude * 1.2)} ${n(x - step * 0.35)} ${n(ny - amplitude * 1.2)} ${n(x)} ${n(ny)}`;
    prevY = ny;
  }
  return `${d}L${n(w)} ${n(h)}L0 ${n(h)}Z`;
}

function dotGrid(x: number, y: number, cols: number, rows: number, gap: number, r: number, color: string, opacity: number): string {
  let dots = "";
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) dots += `<circle cx="${n(x + col * gap)}" cy="${n(y + row * gap)}" r="${n(r)}"/>`;
  }
  return `<g fill="${color}" fill-opacity="${opacity}">${dots}</g>`;
}

const ring = (cx: number, cy: number, r: number, color: string, width: number, opacity: number) =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="${color}" stroke-width="${n(width)}" stroke-opacity="${opacity}"/>`;

/** Gradient direction varied by seed. */
function linearGradient(id: string, rng: Rng, stops: readonly string[], opacities?: readonly number[]): string {
  const a = rng.range(0, Math.PI * 2);
  const [x1, y1, x2, y2] = [0.5 - Math.cos(a) / 2, 0.5 - Math.sin(a) / 2, 0.5 + Math.cos(a) / 2, 0.5 + Math.sin(a) / 2];
  const s = stops
    .map((c, i) => `<stop offset="${n((i / Math.max(1, stops.length - 1)) * 100)}%" stop-color="${c}" stop-opacity="${opacities?.[i] ?? 1}"/>`)
    .join("");
  return `<linearGradient id="${id}" x1="${n(x1 * 100)}%" y1="${n(y1 * 100)}%" x2="${n(x2 * 100)}%" y2="${n(y2 * 100)}%">${s}</linearGradient>`;
}

const radialGlow = (id: string, color: string, opacity: number) =>
  `<radialGradient id="${id}"><stop offset="0%" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="100%" stop-color="${color}" stop-opacity="0"/></radialGradient>`;

function svgDocument(w: number, h: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/>${body}</svg>`;
}

/** Draws the shapes mirrored for about half of the slugs, so compositions do not all lean the same way. */
const maybeMirror = (rng: Rng, w: number, body: string) =>
  rng.chance(0.5) ? `<g transform="translate(${w} 0) scale(-1 1)">${body}</g>` : body;

/* ------------------------------------------------------------------ covers */

interface CoverParts {
  rng: Rng;
  w: number;
  h: number;
  p: Palette;
  defs: string;
}

function coverBase(kind: ImageKind, slug: string, studyFieldSlug: string | undefined, palette = paletteFor(studyFieldSlug)): CoverParts {
  const rng = new Rng(`${kind}:${slug}`);
  const { width: w, height: h } = imageKinds[kind];
  const p = palette;
  const defs =
    linearGradient("bg", rng, p.bg) +
    linearGradient("shapeA", rng, [p.shapes[0], p.shapes[1]]) +
    linearGradient("shapeB", rng, [p.shapes[1], p.shapes[2]]) +
    radialGlow("glow", p.shapes[2], 0.55) +
    radialGlow("glowWhite", "#ffffff", 0.7);
  return { rng, w, h, p, defs };
}

/* ------------------------------------------------------------------ study-field motifs */

/** The outline of every motif: the ink of the portraits' drawings, a little softer. */
const INK = "#2a1846";

interface MotifColours {
  main: string;
  second: string;
  third: string;
  accent: string;
}

/** A motif is drawn in a box of about ±100 units around (0, 0); `sw` is its stroke width in those units. */
type Motif = (c: MotifColours, sw: number) => string;

const inked = (sw: number) => `stroke="${INK}" stroke-width="${n(sw)}" stroke-linecap="round" stroke-linejoin="round"`;

/** Psychotherapy: the armchair of a session. */
const armchair: Motif = (c, sw) =>
  `<g ${inked(sw)}><path d="M-70 55L-78 92M70 55L78 92" fill="none"/><rect x="-70" y="-92" width="140" height="118" rx="32" fill="${c.main}"/><rect x="-82" y="4" width="164" height="50" rx="18" fill="${c.second}"/><rect x="-108" y="-34" width="42" height="90" rx="20" fill="${c.main}"/><rect x="66" y="-34" width="42" height="90" rx="20" fill="${c.main}"/><path d="M-32 -52Q0 -64 32 -52" fill="none" stroke-opacity="0.5"/></g>`;

/** Counselling: two speech bubbles, one still typing. */
const bubbles: Motif = (c, sw) =>
  `<g ${inked(sw)}><path d="M-72 14L-92 52L-38 14Z" fill="${c.main}"/><rect x="-108" y="-88" width="138" height="104" rx="34" fill="${c.main}"/><path d="M82 78L100 112L50 78Z" fill="#ffffff"/><rect x="-24" y="-22" width="134" height="102" rx="34" fill="#ffffff"/></g><g fill="${INK}"><circle cx="14" cy="29" r="${n(sw * 1.5)}"/><circle cx="43" cy="29" r="${n(sw * 1.5)}"/><circle cx="72" cy="29" r="${n(sw * 1.5)}"/></g>`;

/** Child psychology: building blocks and a ball. */
const blocks: Motif = (c, sw) =>
  `<g ${inked(sw)}><rect x="-104" y="-4" width="72" height="72" rx="10" fill="${c.main}"/><rect x="-26" y="-4" width="72" height="72" rx="10" fill="${c.second}"/><rect x="-66" y="-84" width="72" height="72" rx="10" fill="${c.third}" transform="rotate(8 -30 -48)"/><circle cx="84" cy="36" r="34" fill="#ffffff"/><path d="M56 18Q84 44 112 30M62 62Q80 36 76 4" fill="none"/></g>`;

/** Dietetics and nutrition: an apple with its leaf. */
const apple: Motif = (c, sw) =>
  `<g ${inked(sw)}><path d="M0 -38C42 -74 96 -40 86 16C78 70 36 96 0 80C-36 96 -78 70 -86 16C-96 -40 -42 -74 0 -38Z" fill="${c.main}"/><path d="M0 -38Q4 -70 16 -88" fill="none"/><path d="M10 -64C32 -96 66 -92 74 -80C58 -58 32 -54 10 -64Z" fill="${c.second}"/><path d="M-54 -8Q-56 24 -36 46" fill="none" stroke="#ffffff" stroke-opacity="0.7"/></g>`;

/** Clinical psychology: a case record with a pulse line. */
const clipboard: Motif = (c, sw) =>
  `<g ${inked(sw)}><rect x="-72" y="-86" width="144" height="182" rx="16" fill="#ffffff"/><rect x="-36" y="-102" width="72" height="32" rx="10" fill="${c.main}"/><path d="M-50 -34H50M-50 -10H22" fill="none" stroke-opacity="0.45"/><path d="M-52 40H-26L-13 8L4 70L20 24L30 40H52" fill="none" stroke="${c.accent}"/></g>`;

/** Organisational psychology: a board with a rising chart. */
const chart: Motif = (c, sw) =>
  `<g ${inked(sw)}><path d="M0 66V98M-34 98H34" fill="none"/><rect x="-104" y="-88" width="208" height="154" rx="14" fill="#ffffff"/><rect x="-74" y="2" width="32" height="44" rx="4" fill="${c.second}"/><rect x="-24" y="-24" width="32" height="70" rx="4" fill="${c.main}"/><rect x="26" y="-48" width="32" height="94" rx="4" fill="${c.second}"/><path d="M-80 -28L-34 -58L-2 -44L62 -74M44 -78L62 -74L56 -56" fill="none" stroke="${c.accent}"/></g>`;

/** General psychology: a lit bulb, an idea. */
const bulb: Motif = (c, sw) =>
  `<g ${inked(sw)}><path d="M-44 12C-76 -20 -64 -92 0 -94C64 -92 76 -20 44 12C34 24 30 36 30 50H-30C-30 36 -34 24 -44 12Z" fill="${c.second}"/><rect x="-30" y="50" width="60" height="16" rx="6" fill="#ffffff"/><rect x="-24" y="68" width="48" height="16" rx="6" fill="#ffffff"/><path d="M-14 48V12L-7 2L0 12L7 2L14 12V48" fill="none"/><path d="M-96 -54L-78 -46M96 -54L78 -46M0 -124V-108M-70 -104L-58 -90M70 -104L58 -90" fill="none" stroke="${c.accent}"/></g>`;

/** Higher education and anything else: a graduate's cap. */
const cap: Motif = (c, sw) =>
  `<g ${inked(sw)}><path d="M-62 -4V40C-62 64 62 64 62 40V-4" fill="${c.second}"/><path d="M-114 -30L0 -76L114 -30L0 16Z" fill="${c.main}"/><path d="M0 -30L86 -6V44" fill="none"/><circle cx="86" cy="52" r="9" fill="${c.third}"/></g>`;

/** Small companions around a motif, in a ±30 box. */
const heart: Motif = (c, sw) => `<path d="M0 24C-40 -2 -30 -32 0 -12C30 -32 40 -2 0 24Z" fill="${c.main}" ${inked(sw)}/>`;
const leaf: Motif = (c, sw) => `<path d="M-26 22C-26 -14 6 -30 28 -28C28 2 10 22 -26 22ZM-26 22L10 -10" fill="${c.second}" ${inked(sw)}/>`;
const star: Motif = (c, sw) =>
  `<path d="M0 -28L8 -9L28 -8L12 5L18 26L0 14L-18 26L-12 5L-28 -8L-8 -9Z" fill="${c.third}" ${inked(sw)}/>`;
const plus: Motif = (c, sw) => `<path d="M-8 -26H8V-8H26V8H8V26H-8V8H-26V-8H-8Z" fill="${c.main}" ${inked(sw)}/>`;
const spark: Motif = (c, sw) => `<path d="M0 -26V26M-26 0H26M-16 -16L16 16M16 -16L-16 16" fill="none" stroke="${c.accent}" stroke-width="${n(sw)}" stroke-linecap="round"/>`;
const bookmark: Motif = (c, sw) => `<path d="M-18 -26H18V26L0 12L-18 26Z" fill="${c.second}" ${inked(sw)}/>`;

/** Each study field's motif and the small companions scattered around it. */
export const fieldMotifs: Record<string, { motif: Motif; companions: readonly Motif[] }> = {
  psihoterapiya: { motif: armchair, companions: [leaf, heart, spark] },
  konsultirovanie: { motif: bubbles, companions: [heart, star, spark] },
  "detskaya-psihologiya": { motif: blocks, companions: [star, heart, spark] },
  "dietologiya-i-nutriciologiya": { motif: apple, companions: [leaf, star, spark] },
  "klinicheskaya-psihologiya": { motif: clipboard, companions: [plus, heart, spark] },
  "organizacionnaya-psihologiya": { motif: chart, companions: [star, bookmark, spark] },
  "obshaya-psihologiya": { motif: bulb, companions: [star, bookmark, spark] },
  default: { motif: cap, companions: [bookmark, star, spark] },
};

const paletteNames = Object.keys(palettes);

/** The motif's colour for a field's second, third… program: none of them the violet of the first. */
const VARIANT_MAINS = ["#f6ad86", "#7fd6b8", "#ffc73d", "#5fb0f0", "#ef93b3", "#a9dd4f", "#6cc9cc", "#ff9b76", "#a3aef2"];

/**
 * The palette of the field's `variant`-th program (issue 42): the first keeps its field's colours,
 * the next take the other fields' in turn, so programs of one field share their motif, not their
 * picture (eight psychotherapy programs, eight colourings of the armchair).
 */
export function variantPalette(studyFieldSlug: string | undefined, variant: number): Palette {
  if (variant === 0) return paletteFor(studyFieldSlug);
  const own = Math.max(0, paletteNames.indexOf(studyFieldSlug ?? "default"));
  return palettes[paletteNames[(own + variant) % paletteNames.length]!] as Palette;
}

/** Each program's place among its field's programs (by id), the variant of its cover. */
export function coverVariants(programs: readonly { id: string; studyFieldSlug?: string }[]): Map<string, number> {
  const seen = new Map<string, number>();
  const variants = new Map<string, number>();
  for (const program of [...programs].sort((a, b) => a.id.localeCompare(b.id))) {
    const field = program.studyFieldSlug ?? "default";
    const variant = seen.get(field) ?? 0;
    seen.set(field, variant + 1);
    variants.set(program.id, variant);
  }
  return variants;
}

const motifsFor = (studyFieldSlug: string | undefined) =>
  (studyFieldSlug && fieldMotifs[studyFieldSlug]) || (fieldMotifs.default as (typeof fieldMotifs)[string]);

const place = (x: number, y: number, scale: number, body: string, rotate = 0) =>
  `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rotate)}) scale(${n(scale)})">${body}</g>`;

/**
 * Program cover: the study field's motif (an armchair for psychotherapy, an apple for nutrition…)
 * drawn in ink on a light disc, two small companions, the field's palette; where each sits, the
 * companions and the tilt vary with the slug.
 */
export function programCoverSvg(slug: string, studyFieldSlug?: string, variant = 0): string {
  const { rng, w, h, p, defs } = coverBase("program", slug, studyFieldSlug, variantPalette(studyFieldSlug, variant));
  const { motif, companions } = motifsFor(studyFieldSlug);
  const fieldMain = p.shapes[0] === VIOLET ? "#b98af0" : p.shapes[1];
  // a field's later programs: the motif in a colour of its own, whatever the palette's (issue 42)
  const motifMain = variant === 0 ? fieldMain : (VARIANT_MAINS[(variant - 1) % VARIANT_MAINS.length] ?? fieldMain);
  const colours: MotifColours = { main: motifMain, second: p.shapes[2], third: p.shapes[1], accent: p.accent };
  const right = rng.chance(0.5);
  const side = (x: number) => (right ? x : 1 - x);
  const mx = side(rng.range(0.62, 0.7)) * w;
  const my = rng.range(0.46, 0.54) * h;
  const glow = `<circle cx="${n(side(rng.range(0.2, 0.4)) * w)}" cy="${n(rng.range(0.2, 0.5) * h)}" r="${n(h * 0.75)}" fill="url(#glow)"/>`;
  const corner = `<circle cx="${n(side(rng.range(0.02, 0.14)) * w)}" cy="${n(rng.range(0.84, 1.02) * h)}" r="${n(rng.range(0.3, 0.4) * h)}" fill="${p.shapes[2]}" fill-opacity="0.5"/>`;
  const disc = `<circle cx="${n(mx)}" cy="${n(my)}" r="${n(h * rng.range(0.38, 0.42))}" fill="#ffffff" fill-opacity="0.72"/>`;
  const scale = rng.range(2.2, 2.45);
  const main = place(mx, my, scale, motif(colours, 6 / scale * 2.4), rng.range(-6, 6));
  const [first, second] = rng.chance(0.5) ? [companions[0]!, companions[1]!] : [companions[1]!, companions[2]!];
  const c1 = place(side(rng.range(0.3, 0.38)) * w, rng.range(0.2, 0.3) * h, 1.8, first(colours, 5), rng.range(-15, 15));
  const c2 = place(side(rng.range(0.16, 0.26)) * w, rng.range(0.58, 0.7) * h, 1.5, second(colours, 5.5), rng.range(-15, 15));
  const wave = `<path d="${wavePath(rng, w, h, rng.range(0.84, 0.9) * h, h * 0.03)}" fill="#ffffff" fill-opacity="0.35"/>`;
  const dots = dotGrid(side(rng.range(0.06, 0.1)) * w - (right ? 0 : 130), rng.range(0.08, 0.14) * h, 6, 3, 26, 4, p.accent, 0.3);
  const accentRing = ring(side(rng.range(0.44, 0.5)) * w, rng.range(0.78, 0.86) * h, rng.range(24, 36), p.accent, 3, 0.4);
  return svgDocument(w, h, defs, glow + corner + wave + dots + accentRing + disc + main + c1 + c2);
}

/** Seminar cover: softer shapes under a spotlight, with a stylised speech bubble on a small stage. */
export function seminarCoverSvg(slug: string, studyFieldSlug?: string): string {
  const base = coverBase("seminar", slug, studyFieldSlug);
  const { rng, w, h, p } = base;
  const defs = `${base.defs}<linearGradient id="spot" x1="0" y1="0" x2="0" y2="1"><stop offset="0%" stop-color="#ffffff" stop-opacity="0.75"/><stop offset="100%" stop-color="#ffffff" stop-opacity="0"/></linearGradient>`;
  const glow = `<circle cx="${n(rng.range(0.6, 0.8) * w)}" cy="${n(rng.range(0.3, 0.5) * h)}" r="${n(h * 0.7)}" fill="url(#glow)"/>`;
  const blob = `<path d="${blobPath(rng, rng.range(0.12, 0.2) * w, rng.range(0.3, 0.45) * h, rng.range(0.3, 0.36) * h, 6)}" fill="url(#shapeA)" fill-opacity="0.8"/>`;
  const circle = `<circle cx="${n(rng.range(0.88, 0.98) * w)}" cy="${n(rng.range(0.05, 0.2) * h)}" r="${n(rng.range(0.22, 0.3) * h)}" fill="${p.shapes[2]}" fill-opacity="0.5"/>`;
  // the stage: a spotlight cone and a flat ellipse floor
  const sx = rng.range(0.56, 0.64) * w;
  const floorY = h * 0.84;
  const spot = `<path d="M${n(sx - 40)} 0L${n(sx + 40)} 0L${n(sx + 230)} ${n(floorY)}L${n(sx - 230)} ${n(floorY)}Z" fill="url(#spot)"/>`;
  const floor = `<ellipse cx="${n(sx)}" cy="${n(floorY)}" rx="${n(250)}" ry="${n(34)}" fill="${p.shapes[0]}" fill-opacity="0.28"/>`;
  // speech bubble with three "typing" dots
  const bw = 300;
  const bh = 180;
  const bx = sx - bw / 2 + rng.range(-30, 30);
  const by = h * rng.range(0.3, 0.36);
  const tailLeft = rng.chance(0.5);
  const tx = tailLeft ? bx + 70 : bx + bw - 70;
  const tail = tailLeft
    ? `M${n(tx)} ${n(by + bh - 2)}L${n(tx - 34)} ${n(by + bh + 58)}L${n(tx + 46)} ${n(by + bh - 2)}Z`
    : `M${n(tx)} ${n(by + bh - 2)}L${n(tx + 34)} ${n(by + bh + 58)}L${n(tx - 46)} ${n(by + bh - 2)}Z`;
  const bubble = `<g fill="#ffffff" fill-opacity="0.86"><rect x="${n(bx)}" y="${n(by)}" width="${bw}" height="${bh}" rx="56"/><path d="${tail}"/></g>`;
  const typing = [-1, 0, 1]
    .map((i) => `<circle cx="${n(bx + bw / 2 + i * 52)}" cy="${n(by + bh / 2)}" r="15" fill="${i === 0 ? p.shapes[0] : p.accent}" fill-opacity="${i === 0 ? 0.8 : 0.55}"/>`)
    .join("");
  const wave = `<path d="${wavePath(rng, w, h, rng.range(0.86, 0.9) * h, h * 0.03)}" fill="${p.shapes[1]}" fill-opacity="0.3"/>`;
  const accentRing = ring(rng.range(0.3, 0.38) * w, rng.range(0.7, 0.8) * h, rng.range(30, 44), p.accent, 3, 0.4);
  const dots = dotGrid(rng.range(0.84, 0.88) * w, rng.range(0.62, 0.7) * h, 3, 3, 24, 4, p.accent, 0.35);
  return svgDocument(w, h, defs, maybeMirror(rng, w, glow + blob + circle + spot + floor + wave + bubble + typing + accentRing + dots));
}

/** Article cover: more editorial, a big quarter circle with concentric arcs, ruled lines and a dot. */
export function articleCoverSvg(slug: string, studyFieldSlug?: string): string {
  const { rng, w, h, p, defs } = coverBase("article", slug, studyFieldSlug);
  const r = h * rng.range(0.82, 0.95);
  // quarter circle anchored in the bottom-right corner
  const quarter = `<path d="M${n(w)} ${n(h - r)}A${n(r)} ${n(r)} 0 0 0 ${n(w - r)} ${n(h)}L${n(w)} ${n(h)}Z" fill="url(#shapeA)" fill-opacity="0.9"/>`;
  let arcs = "";
  for (let i = 1; i <= 3; i++) {
    const ar = r + i * 34;
    arcs += `<path d="M${n(w)} ${n(h - ar)}A${n(ar)} ${n(ar)} 0 0 0 ${n(w - ar)} ${n(h)}" fill="none" stroke="${p.shapes[0]}" stroke-width="2" stroke-opacity="${n(0.4 - i * 0.09)}"/>`;
  }
  const glow = `<circle cx="${n(rng.range(0.2, 0.35) * w)}" cy="${n(rng.range(0.3, 0.6) * h)}" r="${n(h * 0.6)}" fill="url(#glow)"/>`;
  const blob = `<path d="${blobPath(rng, rng.range(0.08, 0.16) * w, rng.range(0.05, 0.15) * h, rng.range(0.22, 0.28) * h, 5, 0.2)}" fill="url(#shapeB)" fill-opacity="0.55"/>`;
  // ruled lines, like the columns of a page
  const lx = rng.range(0.1, 0.14) * w;
  const ly = rng.range(0.5, 0.56) * h;
  let lines = "";
  const count = rng.int(4, 5);
  for (let i = 0; i < count; i++) {
    const len = i === count - 1 ? rng.range(0.12, 0.18) * w : rng.range(0.26, 0.34) * w;
    lines += `<path d="M${n(lx)} ${n(ly + i * 34)}H${n(lx + len)}"/>`;
  }
  const rules = `<g stroke="${p.accent}" stroke-width="6" stroke-linecap="round" stroke-opacity="0.22">${lines}</g>`;
  const mark = `<rect x="${n(lx)}" y="${n(ly - 86)}" width="56" height="8" rx="4" fill="${p.shapes[0]}" fill-opacity="0.85"/>`;
  // a small "sun" in the top band, just outside the quarter circle, with a thin ring around it
  const sunR = rng.range(22, 30);
  const sunY = rng.range(0.1, 0.2) * h;
  const sunDistance = Math.max(r + rng.range(70, 120), h - sunY);
  const sunX = w - Math.sqrt(sunDistance ** 2 - (h - sunY) ** 2);
  const sun = `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(sunR)}" fill="${p.shapes[1]}" fill-opacity="0.9"/>`;
  const accentRing = ring(sunX, sunY, sunR + rng.range(14, 22), p.accent, 2.5, 0.4);
  return svgDocument(w, h, defs, maybeMirror(rng, w, glow + blob + arcs + quarter + rules + mark + sun + accentRing));
}

/* ------------------------------------------------------------------ teacher portraits */

/**
 * The parts of DiceBear's «Notionists» (drawn by Zoish, CC0 1.0) a teacher's portrait may take:
 * open eyes, a calm or smiling mouth, clear glasses, clothes one teaches in, and hair by the gender
 * the patronymic gives. Sunglasses, hats, gestures, tongues and children's bows are left out. The
 * variants are the style's own names, picked by looking at each one.
 */
type NotionistsOptions = NonNullable<Parameters<typeof createAvatar<notionists.Options>>[1]>;
type Variants<K extends keyof notionists.Options> = NonNullable<notionists.Options[K]>;
const v = <K extends keyof notionists.Options>(...numbers: number[]) =>
  numbers.map((x) => `variant${String(x).padStart(2, "0")}`) as Variants<K>;

export const portraitParts = {
  hair: {
    female: v<"hair">(2, 4, 8, 10, 11, 20, 23, 28, 29, 36, 37, 39, 41, 43, 47, 48, 57, 58, 61),
    male: v<"hair">(1, 3, 5, 6, 7, 13, 15, 16, 18, 19, 21, 22, 24, 25, 27, 31, 33, 34, 35, 38, 42, 49, 54, 55, 56, 60),
  },
  body: {
    female: v<"body">(5, 6, 7, 8, 9, 10, 13, 14, 16, 17, 21, 25),
    male: v<"body">(5, 6, 7, 8, 9, 10, 13, 14, 16, 17, 19, 20, 25),
  },
  lips: v<"lips">(3, 14, 17),
  eyes: v<"eyes">(2, 4, 5),
  brows: v<"brows">(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
  glasses: v<"glasses">(3, 8, 11),
} as const;

export type Gender = "female" | "male";

/** A Russian (or Turkic) patronymic says the gender: «Викторовна», «Кызы» — a woman. */
export function genderOf(fullName: string): Gender {
  const patronymic = fullName.trim().split(/\s+/).at(-1)?.toLowerCase() ?? "";
  return /(?:вна|чна|кызы|гызы)$/.test(patronymic) ? "female" : "male";
}

/** Pastel backdrops for portraits, one per teacher by seed: the site's violet and its neighbours. */
const portraitBackdrops: readonly (readonly [string, string])[] = [
  ["#efe4fc", "#d9c2f7"],
  ["#fde9dc", "#f7c9ae"],
  ["#e2f1f8", "#b9dcee"],
  ["#e4f5ec", "#b8e3cb"],
  ["#fff3d6", "#fbdc95"],
  ["#fbe6ef", "#f3bfd4"],
  ["#e6e9fb", "#c1c8f3"],
];

/**
 * Teacher portrait: a drawn head and shoulders (DiceBear «Notionists», seeded by the slug) on a
 * pastel backdrop with a soft circle behind the head, in the 4:5 frame of a photo.
 */
export function teacherPortraitSvg(slug: string, fullName: string): string {
  const rng = new Rng(`teacher:${slug}`);
  const { width: w, height: h } = imageKinds.teacher;
  const gender = genderOf(fullName);
  const [light, deep] = rng.pick(portraitBackdrops);
  const options: NotionistsOptions = {
    seed: slug,
    hair: portraitParts.hair[gender],
    body: portraitParts.body[gender],
    lips: portraitParts.lips,
    eyes: portraitParts.eyes,
    brows: portraitParts.brows,
    glasses: portraitParts.glasses,
    glassesProbability: 35,
    beardProbability: gender === "male" ? 25 : 0,
    gestureProbability: 0,
    bodyIconProbability: 0,
  };
  // the drawing is square: a little wider than the frame, standing on its bottom edge, so the head sits where a photo's would
  const size = Math.round(w * 1.2);
  const face = createAvatar(notionists, options)
    .toString()
    .replace(/<metadata[\s\S]*?<\/metadata>/, "")
    .replace(/^<svg /, `<svg x="${(w - size) / 2}" y="${h - size}" width="${size}" height="${size}" `);
  const defs = `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0%" stop-color="${light}"/><stop offset="100%" stop-color="${deep}"/></linearGradient>`;
  const halo = `<circle cx="${n(w / 2 + rng.range(-30, 30))}" cy="${n(h * rng.range(0.3, 0.36))}" r="${n(w * rng.range(0.34, 0.4))}" fill="#ffffff" fill-opacity="0.55"/>`;
  const accent = rng.chance(0.5)
    ? ring(rng.range(0.12, 0.2) * w, rng.range(0.08, 0.14) * h, rng.range(22, 32), VIOLET, 3, 0.3)
    : dotGrid(rng.range(0.74, 0.8) * w, rng.range(0.06, 0.1) * h, 3, 3, 20, 3.5, VIOLET, 0.28);
  return svgDocument(w, h, defs, halo + accent + face);
}

/* ------------------------------------------------------------------ the organisation's logo */

/** The mark (an SVG with a `viewBox`) centred on a white square of `size`, its height 70% of it. */
export function logoSquareSvg(mark: string, size: number): string {
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(mark);
  if (!box) throw new Error("images: public/images/logo.svg has no viewBox");
  const [markWidth, markHeight] = [Number(box[1]), Number(box[2])];
  const height = size * 0.7;
  const width = (height * markWidth) / markHeight;
  const placed = mark.replace(/^<svg[^>]*>/, `<svg x="${n((size - width) / 2)}" y="${n((size - height) / 2)}" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${markWidth} ${markHeight}">`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="#ffffff"/>${placed}</svg>`;
}

/** The logo's PNG (organizationLogoImage), written when the mark or the generator changed. */
async function renderLogo(previous: Record<string, string>, next: Record<string, string>, force: boolean): Promise<boolean> {
  const { src, width } = organizationLogoImage;
  const svg = logoSquareSvg(readFileSync(join(publicDir, "images/logo.svg"), "utf8"), width);
  const file = join(publicDir, src);
  const hash = fileHash(svg, width);
  next[src] = hash;
  if (!force && previous[src] === hash && existsSync(file)) return false;
  await mkdir(dirname(file), { recursive: true });
  await writeAtomic(file, await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer());
  return true;
}

/* ------------------------------------------------------------------ content -> jobs */

/** A picture to make: drawn from `svg`, or cut from a real `photo` (an absolute path) the content names. */
export type ImageJob = { kind: ImageKind; slug: string } & ({ svg: string; photo?: undefined } | { photo: string; svg?: undefined });

function readContent<T>(contentDir: string, file: string): T[] {
  const data: unknown = JSON.parse(readFileSync(join(contentDir, file), "utf8"));
  if (!Array.isArray(data)) throw new Error(`images: content/${file} is not an array`);
  return data as T[];
}

interface Photo {
  file: string;
}

/** The real photo of an item when the content names one (it must exist), else its drawing. */
function photoOr(contentDir: string, where: string, photo: Photo | undefined, draw: () => string): { svg: string } | { photo: string } {
  if (!photo) return { svg: draw() };
  const file = join(contentDir, photo.file);
  if (!existsSync(file)) throw new Error(`images: ${where}: the photo content/${photo.file} does not exist`);
  return { photo: file };
}

/** Every picture the site needs, from the content files (`contentDir`, content/ by default). */
export function imageJobs(contentDir = join(root, "content")): ImageJob[] {
  const read = <T>(file: string) => readContent<T>(contentDir, file);
  const programs = read<{ id: string; studyFieldSlug?: string; cover?: Photo }>("programs.json");
  const seminars = read<{ slug: string; studyFieldSlug?: string }>("seminars.json");
  const articles = read<{ slug: string; relatedProgramIds?: string[] }>("journal.json");
  const teachers = read<{ id: string; slug: string; name: string; photo?: Photo }>("teachers.json");
  const bachelors = read<{ id: string; cover?: Photo }>("bachelors.json");
  const site = JSON.parse(readFileSync(join(contentDir, "site.json"), "utf8")) as Pick<Site, "graduationDocuments" | "legalEntities">;
  const entity = (id: string) => {
    const found = site.legalEntities.find((e) => e.id === id);
    if (!found) throw new Error(`images: site.json graduationDocuments: no legal entity "${id}"`);
    return found;
  };
  const fieldOfProgram = new Map(programs.map((program) => [program.id, program.studyFieldSlug]));
  const articleField = (ids: string[] = []) => ids.map((id) => fieldOfProgram.get(id)).find(Boolean);
  const variants = coverVariants(programs);
  const bachelorVariants = coverVariants(bachelors.map((b) => ({ id: b.id })));
  return [
    ...programs.map((x) => ({ kind: "program" as const, slug: x.id, ...photoOr(contentDir, `programs.json ${x.id}`, x.cover, () => programCoverSvg(x.id, x.studyFieldSlug, variants.get(x.id))) })),
    // a bachelor's program has a cover as a program has, under its own id
    ...bachelors.map((x) => ({ kind: "program" as const, slug: x.id, ...photoOr(contentDir, `bachelors.json ${x.id}`, x.cover, () => programCoverSvg(x.id, undefined, bachelorVariants.get(x.id))) })),
    ...seminars.map((x) => ({ kind: "seminar" as const, slug: x.slug, svg: seminarCoverSvg(x.slug, x.studyFieldSlug) })),
    ...articles.map((x) => ({ kind: "article" as const, slug: x.slug, svg: articleCoverSvg(x.slug, articleField(x.relatedProgramIds)) })),
    ...teachers.map((x) => ({ kind: "teacher" as const, slug: x.slug, ...photoOr(contentDir, `teachers.json ${x.id}`, x.photo, () => teacherPortraitSvg(x.slug, x.name)) })),
    // one sample per kind of graduation document, with its words and its entity's licence (decision 061)
    ...(site.graduationDocuments ?? []).map((x) => ({ kind: "diploma" as const, slug: diplomaSampleSlug(x.id), svg: diplomaSampleSvg(x, entity(x.entity)) })),
  ];
}

/* ------------------------------------------------------------------ rendering */

export interface GenerateResult {
  written: number;
  kept: number;
  /** stale files removed */
  removed: number;
}

const heightFor = (kind: ImageKind, width: number) => Math.round((width * imageKinds[kind].height) / imageKinds[kind].width);

const fileHash = (source: string | Buffer, width: number) =>
  createHash("sha256").update(`${GENERATOR_VERSION}\n${width}\n`).update(source).digest("hex").slice(0, 32);

/**
 * The pixels of a job at the largest width: an SVG rasterised at that size, or a real photo cropped
 * to the frame (a portrait keeps its top, where the face is; a cover its centre).
 */
async function largestPixels(job: ImageJob, source: string | Buffer, maxWidth: number) {
  const maxHeight = heightFor(job.kind, maxWidth);
  if (job.photo) {
    return sharp(source)
      .rotate()
      .resize(maxWidth, maxHeight, { fit: "cover", position: job.kind === "teacher" ? "north" : "centre" })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  }
  const svg = String(source).replace(/^<svg([^>]*?) width="\d+" height="\d+"/, `<svg$1 width="${maxWidth}" height="${maxHeight}"`);
  return sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

function readManifest(): Record<string, string> {
  try {
    const data: unknown = JSON.parse(readFileSync(manifestFile, "utf8"));
    return data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, string>) : {};
  } catch {
    return {};
  }
}

async function writeAtomic(file: string, data: Buffer | string): Promise<void> {
  // the same bytes are not written again: a running `wrangler dev` reloads on every write
  if (existsSync(file) && readFileSync(file).equals(Buffer.from(data))) return;
  const tmp = `${file}.tmp-${process.pid}`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

const sourceOf = (job: ImageJob): string | Buffer => (job.svg !== undefined ? job.svg : readFileSync(job.photo));

/** One width of a job's picture as WebP (what the build writes for it), for tests. */
export async function renderPicture(job: ImageJob, width: number): Promise<Buffer> {
  const source = sourceOf(job);
  const { data, info } = await largestPixels(job, source, Math.max(...imageKinds[job.kind].widths));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .resize(width, heightFor(job.kind, width), { fit: "fill" })
    .webp(WEBP)
    .toBuffer();
}

async function renderJob(job: ImageJob, previous: Record<string, string>, next: Record<string, string>, force: boolean) {
  const widths = imageKinds[job.kind].widths;
  const todo: { width: number; path: string; file: string }[] = [];
  let kept = 0;
  const source = sourceOf(job);
  for (const width of widths) {
    const path = generatedImagePath(job.kind, job.slug, width);
    const file = join(publicDir, path);
    const hash = fileHash(source, width);
    next[path] = hash;
    if (!force && previous[path] === hash && existsSync(file)) kept++;
    else todo.push({ width, path, file });
  }
  if (todo.length === 0) return { written: 0, kept };
  // rasterise or crop once at the largest width, then resize from the pixels
  const { data, info } = await largestPixels(job, source, Math.max(...widths));
  await mkdir(dirname(todo[0]!.file), { recursive: true });
  for (const { width, file } of todo) {
    const out = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .resize(width, heightFor(job.kind, width), { fit: "fill" })
      .webp(WEBP)
      .toBuffer();
    await writeAtomic(file, out);
  }
  return { written: todo.length, kept };
}

async function removeStale(dir: string, wanted: Set<string>): Promise<number> {
  if (!existsSync(dir)) return 0;
  let removed = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      removed += await removeStale(full, wanted);
      if ((await readdir(full)).length === 0) await rmdir(full);
    } else if (full !== manifestFile && !wanted.has(`/${relative(publicDir, full).replace(/\\/g, "/")}`)) {
      await rm(full, { force: true });
      removed++;
    }
  }
  return removed;
}

/** Renders every generated image that is missing or out of date; removes the ones no longer produced. */
export async function generateImages(options: { force?: boolean } = {}): Promise<GenerateResult> {
  const jobs = imageJobs();
  const previous = readManifest();
  const next: Record<string, string> = {};
  let written = 0;
  let kept = 0;
  let cursor = 0;
  const worker = async () => {
    while (cursor < jobs.length) {
      const job = jobs[cursor++]!;
      const result = await renderJob(job, previous, next, options.force ?? false);
      written += result.written;
      kept += result.kept;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, jobs.length) }, worker));
  if (await renderLogo(previous, next, options.force ?? false)) written++;
  else kept++;
  const removed = await removeStale(genDir, new Set(Object.keys(next)));
  const sorted = Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
  await mkdir(genDir, { recursive: true });
  await writeAtomic(manifestFile, `${JSON.stringify(sorted, null, 2)}\n`);
  return { written, kept, removed };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  const { written, kept, removed } = await generateImages({ force: process.argv.includes("--force") });
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(`images: ${written} written, ${kept} kept, ${removed} removed in ${seconds}s`);
}
