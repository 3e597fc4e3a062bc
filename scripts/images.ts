/**
 * Renders the generated raster images of src/services/images.ts: calm abstract covers for programs,
 * seminars and journal articles, and abstract head-and-shoulders portraits for teachers. Each picture
 * is an SVG string (no text: fonts are not reliable), seeded by its slug so the same content gives
 * byte-identical files, rasterised once by sharp (librsvg) at the largest width and resized to every
 * width of the contract as WebP under public/images/gen/<kind>/<slug>-<width>.webp.
 *
 * public/images/gen/.manifest.json maps every output file to a hash of (SVG, width, generator
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
import sharp from "sharp";
import { generatedImagePath, type ImageKind, imageKinds } from "../src/services/images";

/** Bump when the drawing or the encoding changes: every file is then rendered again. */
export const GENERATOR_VERSION = "1";

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

function coverBase(kind: ImageKind, slug: string, studyFieldSlug: string | undefined): CoverParts {
  const rng = new Rng(`${kind}:${slug}`);
  const { width: w, height: h } = imageKinds[kind];
  const p = paletteFor(studyFieldSlug);
  const defs =
    linearGradient("bg", rng, p.bg) +
    linearGradient("shapeA", rng, [p.shapes[0], p.shapes[1]]) +
    linearGradient("shapeB", rng, [p.shapes[1], p.shapes[2]]) +
    radialGlow("glow", p.shapes[2], 0.55) +
    radialGlow("glowWhite", "#ffffff", 0.7);
  return { rng, w, h, p, defs };
}

/** Program cover: a large gradient blob, an off-canvas circle, a soft wave, a dot grid and a thin ring. */
export function programCoverSvg(slug: string, studyFieldSlug?: string): string {
  const { rng, w, h, p, defs } = coverBase("program", slug, studyFieldSlug);
  const glow = `<circle cx="${n(rng.range(0.15, 0.45) * w)}" cy="${n(rng.range(0.2, 0.5) * h)}" r="${n(h * 0.75)}" fill="url(#glow)"/>`;
  const circle = `<circle cx="${n(rng.range(0.02, 0.14) * w)}" cy="${n(rng.range(0.82, 1.02) * h)}" r="${n(rng.range(0.36, 0.46) * h)}" fill="${p.shapes[2]}" fill-opacity="0.55"/>`;
  const blob = `<path d="${blobPath(rng, rng.range(0.62, 0.72) * w, rng.range(0.42, 0.55) * h, rng.range(0.34, 0.4) * h, rng.int(5, 7))}" fill="url(#shapeA)" fill-opacity="0.88"/>`;
  const blob2 = `<path d="${blobPath(rng, rng.range(0.78, 0.9) * w, rng.range(0.12, 0.3) * h, rng.range(0.14, 0.2) * h, 5, 0.18)}" fill="url(#shapeB)" fill-opacity="0.7"/>`;
  const wave = `<path d="${wavePath(rng, w, h, rng.range(0.74, 0.82) * h, h * 0.05)}" fill="#ffffff" fill-opacity="0.32"/>`;
  const dots = dotGrid(rng.range(0.08, 0.16) * w, rng.range(0.1, 0.18) * h, rng.int(4, 6), rng.int(3, 4), 26, 4, p.accent, 0.35);
  const accentRing = ring(rng.range(0.4, 0.5) * w, rng.range(0.18, 0.32) * h, rng.range(34, 56), p.accent, 3, 0.45);
  return svgDocument(w, h, defs, maybeMirror(rng, w, glow + circle + blob + blob2 + wave + dots + accentRing));
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

/** Muted silhouette tones: [shoulders, head]. */
const silhouetteTones: readonly (readonly [string, string])[] = [
  ["#5b4a7a", "#6e5d8c"],
  ["#4a5a7c", "#5d6d8f"],
  ["#6c5a58", "#7f6d6a"],
  ["#4d6b66", "#607e78"],
  ["#7a5a70", "#8c6d82"],
  ["#585e6c", "#6b7180"],
  ["#6a4f8a", "#7d62a0"],
];

const portraitPalettes = Object.values(palettes);

/** Teacher portrait: gradient background, a halo shape, a soft head-and-shoulders silhouette. */
export function teacherPortraitSvg(slug: string): string {
  const rng = new Rng(`teacher:${slug}`);
  const { width: w, height: h } = imageKinds.teacher;
  const p = rng.pick(portraitPalettes);
  const [body, head] = rng.pick(silhouetteTones);
  const defs =
    linearGradient("bg", rng, p.bg) +
    radialGlow("glow", p.shapes[2], 0.6) +
    `<linearGradient id="body" x1="0" y1="0" x2="0" y2="1"><stop offset="0%" stop-color="${head}"/><stop offset="100%" stop-color="${body}"/></linearGradient>`;
  const cx = w / 2 + rng.range(-14, 14);
  const headR = rng.range(100, 114);
  const headY = rng.range(300, 320);
  const shoulderY = headY + headR + rng.range(52, 66);
  const spread = rng.range(245, 280);
  const glow = `<circle cx="${n(cx)}" cy="${n(headY + 40)}" r="${n(w * 0.62)}" fill="url(#glow)"/>`;
  const style = rng.int(0, 2);
  const halo =
    style === 0
      ? `<circle cx="${n(cx + rng.range(-30, 30))}" cy="${n(headY - rng.range(10, 40))}" r="${n(headR + rng.range(70, 100))}" fill="${p.shapes[2]}" fill-opacity="0.45"/>`
      : style === 1
        ? `<path d="M${n(cx - 210)} ${n(h)}V${n(headY)}A210 210 0 0 1 ${n(cx + 210)} ${n(headY)}V${n(h)}Z" fill="${p.shapes[2]}" fill-opacity="0.4"/>`
        : `<path d="${blobPath(rng, cx, headY + 20, headR + 110, 6, 0.16)}" fill="${p.shapes[2]}" fill-opacity="0.42"/>`;
  const accent =
    rng.chance(0.5)
      ? ring(rng.range(0.14, 0.24) * w, rng.range(0.12, 0.2) * h, rng.range(24, 36), p.accent, 3, 0.35)
      : dotGrid(rng.range(0.72, 0.78) * w, rng.range(0.1, 0.14) * h, 3, 3, 22, 3.5, p.accent, 0.3);
  const sparkle = `<circle cx="${n(rng.range(0.78, 0.86) * w)}" cy="${n(rng.range(0.42, 0.5) * h)}" r="${n(rng.range(9, 14))}" fill="${p.shapes[1]}" fill-opacity="0.85"/>`;
  const neckW = headR * 0.74;
  const neck = `<rect x="${n(cx - neckW / 2)}" y="${n(headY + headR * 0.5)}" width="${n(neckW)}" height="${n(shoulderY - headY - headR * 0.2)}" rx="${n(neckW / 2.6)}" fill="${head}"/>`;
  const shoulders = `<path d="M${n(cx - spread)} ${n(h + 2)}C${n(cx - spread)} ${n(shoulderY + 60)} ${n(cx - spread * 0.55)} ${n(shoulderY)} ${n(cx)} ${n(shoulderY)}C${n(cx + spread * 0.55)} ${n(shoulderY)} ${n(cx + spread)} ${n(shoulderY + 60)} ${n(cx + spread)} ${n(h + 2)}Z" fill="url(#body)"/>`;
  const collar = rng.chance(0.5)
    ? `<path d="M${n(cx - neckW * 0.9)} ${n(shoulderY + 4)}Q${n(cx)} ${n(shoulderY + 90)} ${n(cx + neckW * 0.9)} ${n(shoulderY + 4)}" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" stroke-opacity="0.22"/>`
    : `<path d="M${n(cx - neckW * 0.8)} ${n(shoulderY + 2)}L${n(cx)} ${n(shoulderY + 96)}L${n(cx + neckW * 0.8)} ${n(shoulderY + 2)}" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.22"/>`;
  const headCircle = `<circle cx="${n(cx)}" cy="${n(headY)}" r="${n(headR)}" fill="${head}"/>`;
  return svgDocument(w, h, defs, glow + halo + accent + sparkle + neck + shoulders + collar + headCircle);
}

/* ------------------------------------------------------------------ content -> jobs */

export interface ImageJob {
  kind: ImageKind;
  slug: string;
  svg: string;
}

function readContent<T>(file: string): T[] {
  const data: unknown = JSON.parse(readFileSync(join(root, "content", file), "utf8"));
  if (!Array.isArray(data)) throw new Error(`images: content/${file} is not an array`);
  return data as T[];
}

/** Every picture the site needs, from the content files. */
export function imageJobs(): ImageJob[] {
  const programs = readContent<{ id: string; studyFieldSlug?: string }>("programs.json");
  const seminars = readContent<{ slug: string; studyFieldSlug?: string }>("seminars.json");
  const articles = readContent<{ slug: string; relatedProgramIds?: string[] }>("journal.json");
  const teachers = readContent<{ slug: string }>("teachers.json");
  const bachelors = readContent<{ id: string }>("bachelors.json");
  const fieldOfProgram = new Map(programs.map((program) => [program.id, program.studyFieldSlug]));
  const articleField = (ids: string[] = []) => ids.map((id) => fieldOfProgram.get(id)).find(Boolean);
  return [
    ...programs.map((x) => ({ kind: "program" as const, slug: x.id, svg: programCoverSvg(x.id, x.studyFieldSlug) })),
    // a bachelor's program has a cover as a program has, under its own id
    ...bachelors.map((x) => ({ kind: "program" as const, slug: x.id, svg: programCoverSvg(x.id) })),
    ...seminars.map((x) => ({ kind: "seminar" as const, slug: x.slug, svg: seminarCoverSvg(x.slug, x.studyFieldSlug) })),
    ...articles.map((x) => ({ kind: "article" as const, slug: x.slug, svg: articleCoverSvg(x.slug, articleField(x.relatedProgramIds)) })),
    ...teachers.map((x) => ({ kind: "teacher" as const, slug: x.slug, svg: teacherPortraitSvg(x.slug) })),
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

const fileHash = (svg: string, width: number) =>
  createHash("sha256").update(`${GENERATOR_VERSION}\n${width}\n${svg}`).digest("hex").slice(0, 32);

function readManifest(): Record<string, string> {
  try {
    const data: unknown = JSON.parse(readFileSync(manifestFile, "utf8"));
    return data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, string>) : {};
  } catch {
    return {};
  }
}

async function writeAtomic(file: string, data: Buffer | string): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

async function renderJob(job: ImageJob, previous: Record<string, string>, next: Record<string, string>, force: boolean) {
  const widths = imageKinds[job.kind].widths;
  const todo: { width: number; path: string; file: string }[] = [];
  let kept = 0;
  for (const width of widths) {
    const path = generatedImagePath(job.kind, job.slug, width);
    const file = join(publicDir, path);
    const hash = fileHash(job.svg, width);
    next[path] = hash;
    if (!force && previous[path] === hash && existsSync(file)) kept++;
    else todo.push({ width, path, file });
  }
  if (todo.length === 0) return { written: 0, kept };
  // rasterise once at the largest width (the SVG's own width/height), then resize from the pixels
  const maxWidth = Math.max(...widths);
  const svg = job.svg.replace(
    /^<svg([^>]*?) width="\d+" height="\d+"/,
    `<svg$1 width="${maxWidth}" height="${heightFor(job.kind, maxWidth)}"`,
  );
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
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
