/**
 * The samples of the documents graduates get (decision 061): one open spread per kind of document
 * (site.json `graduationDocuments`), drawn from the content at build time as the covers are, with the
 * issuing entity's name and licence, the document's name and words, and a red «ОБРАЗЕЦ» across it.
 * Its letters are the site's own PT Sans laid out by fontkit into paths, so the picture does not
 * depend on the fonts of the machine that builds it; each run of text keeps its words in `aria-label`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as fontkit from "fontkit";
import type { GraduationDocument, LegalEntity } from "../src/services/catalogue/schemas";
import { imageKinds } from "../src/services/images";

const root = new URL("..", import.meta.url).pathname;
const fontDir = join(root, "node_modules/@expo-google-fonts/pt-sans");

type Face = "regular" | "bold" | "italic";
const faceFiles: Record<Face, string> = {
  regular: "400Regular/PTSans_400Regular.ttf",
  bold: "700Bold/PTSans_700Bold.ttf",
  italic: "400Regular_Italic/PTSans_400Regular_Italic.ttf",
};
const faces = new Map<Face, fontkit.Font>();

function face(name: Face): fontkit.Font {
  let font = faces.get(name);
  if (!font) {
    const opened = fontkit.openSync(join(fontDir, faceFiles[name]));
    if (!("layout" in opened)) throw new Error(`diploma samples: ${faceFiles[name]} is a collection`);
    font = opened;
    faces.set(name, font);
  }
  return font;
}

const n = (value: number) => String(Math.round(value * 100) / 100);
const escapeAttr = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

interface TextStyle {
  size: number;
  face?: Face;
  fill?: string;
  /** extra space after each letter, in pixels */
  tracking?: number;
  anchor?: "start" | "middle" | "end";
  opacity?: number;
}

/** The width of `text` set in `style`, in pixels. */
export function textWidth(text: string, style: TextStyle): number {
  const font = face(style.face ?? "regular");
  const run = font.layout(text);
  const units = run.positions.reduce((sum, p) => sum + p.xAdvance, 0);
  return (units * style.size) / font.unitsPerEm + (style.tracking ?? 0) * Math.max(0, run.glyphs.length - 1);
}

/** `text` as one path with its baseline at `y`, its words kept in `aria-label`. */
function textPath(text: string, x: number, y: number, style: TextStyle): string {
  const font = face(style.face ?? "regular");
  const scale = style.size / font.unitsPerEm;
  const width = textWidth(text, style);
  const left = style.anchor === "middle" ? x - width / 2 : style.anchor === "end" ? x - width : x;
  const run = font.layout(text);
  let pen = 0;
  let d = "";
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i]!;
    d += glyph.path.translate(pen + position.xOffset, position.yOffset).toSVG();
    pen += position.xAdvance + (style.tracking ?? 0) / scale;
  });
  const opacity = style.opacity === undefined ? "" : ` fill-opacity="${style.opacity}"`;
  return `<path aria-label="${escapeAttr(text)}" fill="${style.fill ?? INK}"${opacity} transform="translate(${n(left)} ${n(y)}) scale(${scale} ${-scale})" d="${d}"/>`;
}

/** `text` broken greedily into lines no wider than `width`, between words («№ 1» kept together). */
function greedyLines(text: string, width: number, style: TextStyle): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.replace(/№ /g, "№\u00a0").split(/ +/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, style) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** `text` in as few lines as fit `width`, their lengths evened out, so no line ends with a word alone. */
export function wrapText(text: string, width: number, style: TextStyle): string[] {
  const count = greedyLines(text, width, style).length;
  let [low, high] = [width / 2, width];
  while (high - low > 2) {
    const middle = (low + high) / 2;
    if (greedyLines(text, middle, style).length === count) high = middle;
    else low = middle;
  }
  return greedyLines(text, high, style);
}

/** Lines of `text` centred on `x`, the first baseline at `y`; returns the paths and the baseline after the last. */
function paragraph(text: string, x: number, y: number, width: number, style: TextStyle, leading = 1.3): { svg: string; y: number } {
  let svg = "";
  let baseline = y;
  for (const line of wrapText(text, width, style)) {
    svg += textPath(line, x, baseline, { anchor: "middle", ...style });
    baseline += style.size * leading;
  }
  return { svg, y: baseline };
}

const INK = "#2b2536";
const GREY = "#6b6577";
const PAPER = "#fbf8f0";
const STAMP = "#c4281c";

/** A band of interlaced waves inside a page's edge, as a security print has. */
function guilloche(x: number, y: number, w: number, h: number, tint: string): string {
  const band = 16;
  const waves: string[] = [];
  const edge = (x1: number, y1: number, x2: number, y2: number, phase: number) => {
    const length = Math.hypot(x2 - x1, y2 - y1);
    const steps = Math.round(length / 6);
    const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
    const [nx, ny] = [-uy, ux];
    let d = "";
    for (let i = 0; i <= steps; i++) {
      const t = (i / steps) * length;
      const offset = Math.sin(t / 9 + phase) * (band / 2 - 2);
      d += `${i === 0 ? "M" : "L"}${n(x1 + ux * t + nx * offset)} ${n(y1 + uy * t + ny * offset)}`;
    }
    return d;
  };
  const half = band / 2;
  for (const phase of [0, Math.PI / 2, Math.PI, (3 * Math.PI) / 2]) {
    waves.push(
      edge(x + half, y + half, x + w - half, y + half, phase) +
        edge(x + w - half, y + half, x + w - half, y + h - half, phase) +
        edge(x + w - half, y + h - half, x + half, y + h - half, phase) +
        edge(x + half, y + h - half, x + half, y + half, phase),
    );
  }
  return (
    `<g fill="none" stroke="${tint}" stroke-width="0.9" stroke-opacity="0.55">${waves.map((d) => `<path d="${d}"/>`).join("")}</g>` +
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="none" stroke="${tint}" stroke-width="2"/>` +
    `<rect x="${n(x + band)}" y="${n(y + band)}" width="${n(w - 2 * band)}" height="${n(h - 2 * band)}" fill="none" stroke="${tint}" stroke-width="1" stroke-opacity="0.8"/>`
  );
}

/** A fine rosette under the text of a page, as a document's background print. */
function rosette(cx: number, cy: number, r: number, tint: string): string {
  let d = "";
  const petals = 18;
  for (let i = 0; i < petals; i++) {
    const a = (i / petals) * Math.PI * 2;
    d += `<ellipse cx="${n(cx + Math.cos(a) * r * 0.5)}" cy="${n(cy + Math.sin(a) * r * 0.5)}" rx="${n(r * 0.5)}" ry="${n(r * 0.22)}" transform="rotate(${n((a * 180) / Math.PI)} ${n(cx + Math.cos(a) * r * 0.5)} ${n(cy + Math.sin(a) * r * 0.5)})"/>`;
  }
  return `<g fill="none" stroke="${tint}" stroke-width="0.8" stroke-opacity="0.12">${d}<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"/></g>`;
}

/** The institute's mark (public/images/logo.svg) in the document's ink, centred on `x` with its top at `y`. */
function mark(x: number, y: number, height: number, tint: string): string {
  const svg = readFileSync(join(root, "public/images/logo.svg"), "utf8");
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!box) throw new Error("diploma samples: public/images/logo.svg has no viewBox");
  const width = (height * Number(box[1])) / Number(box[2]);
  return svg
    .replace(/#6f01c6/gi, tint)
    .replace(/^<svg[^>]*>/, `<svg x="${n(x - width / 2)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${box[1]} ${box[2]}">`);
}

/** A signature line with its office on the left and a name on the right. */
function signature(office: string, name: string, x: number, y: number, width: number): string {
  const line = `<path d="M${n(x + 175)} ${n(y + 4)}H${n(x + width - 105)}" stroke="${GREY}" stroke-width="1"/>`;
  return textPath(office, x, y, { size: 14, fill: INK }) + line + textPath(name, x + width, y, { size: 14, fill: INK, anchor: "end" });
}

/** A round seal, pressed a little aslant. */
function seal(cx: number, cy: number, r: number): string {
  const ink = "#3a4fa0";
  return (
    `<g fill="none" stroke="${ink}" stroke-opacity="0.45"><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" stroke-width="2.5"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r - 8)}" stroke-width="1"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.45)}" stroke-width="1"/></g>` +
    textPath("М.П.", cx, cy + 6, { size: 16, face: "bold", fill: ink, anchor: "middle", opacity: 0.55 })
  );
}

/** «ОБРАЗЕЦ» as a rubber stamp across the spread: red, framed, aslant, the print beneath still legible. */
function sampleStamp(w: number, h: number): string {
  const style: TextStyle = { size: 128, face: "bold", fill: STAMP, tracking: 14, anchor: "middle", opacity: 0.42 };
  const width = textWidth("ОБРАЗЕЦ", style);
  const [bw, bh] = [width + 90, 190];
  return (
    `<g transform="rotate(-16 ${n(w / 2)} ${n(h / 2)})">` +
    `<rect x="${n(w / 2 - bw / 2)}" y="${n(h / 2 - bh / 2)}" width="${n(bw)}" height="${n(bh)}" rx="22" fill="none" stroke="${STAMP}" stroke-opacity="0.42" stroke-width="9"/>` +
    `<rect x="${n(w / 2 - bw / 2 + 16)}" y="${n(h / 2 - bh / 2 + 16)}" width="${n(bw - 32)}" height="${n(bh - 32)}" rx="12" fill="none" stroke="${STAMP}" stroke-opacity="0.42" stroke-width="3"/>` +
    textPath("ОБРАЗЕЦ", w / 2, h / 2 + 46, style) +
    "</g>"
  );
}

/** The document's name as printed: its first word large in capitals, the rest beneath. */
export function titleParts(title: string): { word: string; rest: string } {
  const [word = "", ...rest] = title.trim().split(/\s+/);
  return { word: word.toUpperCase(), rest: rest.join(" ") };
}

/**
 * A document's sample: an open spread of two pages. The left names the issuing entity (its full
 * name), the document and its number; the right says what it certifies of a sample holder, with
 * signatures, a seal and the entity's licence; «ОБРАЗЕЦ» is stamped across both.
 */
export function diplomaSampleSvg(document: GraduationDocument, entity: LegalEntity): string {
  const { width: w, height: h } = imageKinds.diploma;
  const { tint } = document.sample;
  const page = w / 2;
  const margin = 34;
  const inner = page - 2 * margin - 70;
  const left = page / 2;
  const right = page + page / 2;

  // the left page: who issues what
  let l = "";
  let y = 96;
  if (document.sample.heading) {
    l += textPath(document.sample.heading.toUpperCase(), left, y, { size: 16, face: "bold", fill: INK, tracking: 3, anchor: "middle" });
    y += 24;
  }
  l += mark(left, y, 58, tint);
  y += 58 + 36;
  const name = paragraph(entity.fullName.toUpperCase(), left, y, inner, { size: 15, face: "bold", fill: INK }, 1.35);
  l += name.svg;
  const { word, rest } = titleParts(document.title);
  y = Math.max(name.y + 70, 372);
  l += textPath(word, left, y, { size: word.length > 10 ? 50 : 60, face: "bold", fill: tint, tracking: 4, anchor: "middle" });
  y += 42;
  // a one-word rest is part of the name («ДИПЛОМ БАКАЛАВРА»), a longer one says what about («о повышении квалификации»)
  if (rest.includes(" ")) l += paragraph(rest, left, y, inner, { size: 24, fill: tint }).svg;
  else if (rest) l += textPath(rest.toUpperCase(), left, y + 8, { size: 30, face: "bold", fill: tint, tracking: 3, anchor: "middle" });
  y += 92;
  l += textPath("00 0000000", left, y, { size: 30, face: "bold", fill: "#9a2d2d", tracking: 3, anchor: "middle" });
  const facts = [
    ["Регистрационный номер", "0000"],
    ["Город", "Москва"],
    ["Дата выдачи", "«__» ________ 20__ г."],
  ] as const;
  facts.forEach(([label, value], i) => {
    const fy = h - 150 + i * 30;
    l += textPath(label, margin + 58, fy, { size: 14, fill: GREY }) + textPath(value, page - margin - 58, fy, { size: 15, fill: INK, anchor: "end" });
  });

  // the right page: what it certifies
  let r = "";
  y = 130;
  const certifies = paragraph(document.sample.certifies, right, y, inner, { size: 19, fill: INK });
  r += certifies.svg;
  y = certifies.y + 34;
  r += textPath("Иванова Мария Сергеевна", right, y, { size: 32, face: "italic", fill: "#1f2a55", anchor: "middle" });
  r += `<path d="M${n(page + margin + 60)} ${n(y + 12)}H${n(w - margin - 60)}" stroke="${GREY}" stroke-width="1"/>`;
  r += textPath("(фамилия, имя, отчество)", right, y + 30, { size: 12, fill: GREY, anchor: "middle" });
  y += 84;
  const completed = paragraph(document.sample.completed, right, y, inner, { size: 19, fill: INK });
  r += completed.svg;
  y = completed.y + 26;
  const subject = paragraph(document.sample.subject, right, y, inner, { size: 24, face: "bold", fill: "#1f2a55" });
  r += subject.svg;
  y = subject.y + 50;
  const signatures = right - inner / 2;
  r += signature("Председатель комиссии", "И. О. Фамилия", signatures, y, inner);
  r += signature(entity.headPosition, "И. О. Фамилия", signatures, y + 44, inner);
  r += signature("Секретарь", "И. О. Фамилия", signatures, y + 88, inner);
  r += seal(signatures + 70, y + 150, 52);
  const licence = paragraph(entity.licence, right, h - 92, inner, { size: 13, fill: GREY }, 1.35);
  r += licence.svg;

  const defs = `<linearGradient id="paper" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${PAPER}"/><stop offset="0.47" stop-color="#f6f1e4"/><stop offset="0.5" stop-color="#e9e1cf"/><stop offset="0.53" stop-color="#f6f1e4"/><stop offset="1" stop-color="${PAPER}"/></linearGradient>`;
  const pages =
    `<rect width="${w}" height="${h}" fill="url(#paper)"/>` +
    rosette(left, h / 2 + 40, 210, tint) +
    rosette(right, h / 2 + 40, 210, tint) +
    guilloche(margin, margin, page - 2 * margin, h - 2 * margin, tint) +
    guilloche(page + margin, margin, page - 2 * margin, h - 2 * margin, tint);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${pages}${l}${r}${sampleStamp(w, h)}</svg>`;
}
