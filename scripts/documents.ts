/**
 * Renders the documents of content/documents.json into real PDF files under public/docs/pdf/
 * (PT Sans, Cyrillic), and writes build/documents.json with each file's size for the pages that
 * list them. Deterministic: the same content gives the same bytes.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import PDFDocument from "pdfkit";
import * as z from "zod/mini";
import type { Block, InstituteDocument } from "../src/services/catalogue/institute-schemas";
import { documentSchema } from "../src/services/catalogue/institute-schemas";
import { siteSchema, type Site } from "../src/services/catalogue/schemas";
import { writeIfChanged } from "./lib/files";
import { root } from "./lib/wrangler";

const fonts = join(root, "node_modules/@expo-google-fonts/pt-sans");
const outDir = join(root, "public/docs/pdf");

function render(document: InstituteDocument, site: Site): Promise<Buffer> {
  const entity = site.legalEntities.find((e) => e.id === document.entity) ?? site.legalEntities[0]!;
  const date = new Date(`${document.approved}T09:00:00Z`);
  const pdf = new PDFDocument({
    size: "A4",
    margins: { top: 64, bottom: 64, left: 72, right: 64 },
    info: { Title: document.title, Author: entity.fullName, Subject: document.title, CreationDate: date, ModDate: date },
    lang: "ru-RU",
    pdfVersion: "1.7",
    compress: true,
  });
  pdf.registerFont("regular", join(fonts, "400Regular/PTSans_400Regular.ttf"));
  pdf.registerFont("bold", join(fonts, "700Bold/PTSans_700Bold.ttf"));
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => pdf.on("end", () => resolve(Buffer.concat(chunks))));

  pdf.font("regular").fontSize(9).fillColor("#555555").text(entity.fullName, { align: "right" });
  pdf.text(`${entity.address} · ИНН ${entity.inn} · ОГРН ${entity.ogrn}`, { align: "right" });
  pdf.moveDown(2);
  pdf.font("bold").fontSize(16).fillColor("#1d1b22").text(document.title, { align: "center" });
  pdf.moveDown(0.5);
  const approved = new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", year: "numeric" }).format(date);
  pdf.font("regular").fontSize(10).fillColor("#555555").text(`Утверждено ${approved}`, { align: "center" });
  pdf.moveDown(1.5);
  const block = (b: Block) => {
    switch (b.type) {
      case "h2":
        pdf.moveDown(0.6).font("bold").fontSize(12.5).fillColor("#1d1b22").text(b.text).moveDown(0.3);
        break;
      case "ul":
        pdf.font("regular").fontSize(11).fillColor("#1d1b22").list(b.items, { bulletRadius: 2, textIndent: 14, paragraphGap: 3 });
        pdf.moveDown(0.4);
        break;
      case "table":
        for (const row of b.rows) {
          pdf.font("bold").fontSize(11).text(`${row.label}: `, { continued: true }).font("regular").text(row.value);
        }
        pdf.moveDown(0.4);
        break;
      default:
        pdf.font("regular").fontSize(11).fillColor("#1d1b22").text(b.text, { align: "justify", paragraphGap: 6 });
    }
  };
  for (const b of document.body) block(b);
  pdf.moveDown(2);
  pdf.font("regular").fontSize(10).fillColor("#555555").text(`${entity.headPosition} ${entity.head}`, { align: "right" });
  pdf.end();
  return done;
}

export interface DocumentFile {
  bytes: number;
  sha256: string;
}

export async function buildDocuments(): Promise<Record<string, DocumentFile>> {
  const site = siteSchema.parse(JSON.parse(readFileSync(join(root, "content/site.json"), "utf8")));
  const documents = z.array(documentSchema).parse(JSON.parse(readFileSync(join(root, "content/documents.json"), "utf8")));
  mkdirSync(outDir, { recursive: true });
  const files: Record<string, DocumentFile> = {};
  for (const document of documents) {
    const bytes = await render(document, site);
    writeIfChanged(join(outDir, `${document.slug}.pdf`), bytes);
    files[document.slug] = { bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
  }
  for (const file of readdirSync(outDir)) if (!files[file.replace(/\.pdf$/, "")]) rmSync(join(outDir, file));
  writeIfChanged(join(root, "build/documents.json"), `${JSON.stringify(files, null, 2)}\n`);
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = await buildDocuments();
  console.log(`documents: ${Object.keys(files).length} PDFs`);
}
