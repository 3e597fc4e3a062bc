import type { DocumentCategory, InstituteDocument } from "./institute-schemas";
import { lazy } from "../lazy";

/** Where each document category is listed (spec 2.1's docs paths). */
export const documentPages: { path: string; title: string; categories: DocumentCategory[] }[] = [
  { path: "/docs/details", title: "Реквизиты", categories: ["details"] },
  { path: "/docs/constituent", title: "Учредительные документы", categories: ["constituent"] },
  { path: "/docs/general", title: "Общие документы", categories: ["general"] },
  { path: "/docs/regulations", title: "Локальные нормативные акты", categories: ["regulations"] },
  { path: "/docs/ochu-vo-mip/constituent", title: "Учредительные документы ЧОУ ВО", categories: ["ochu-vo-mip-constituent"] },
  { path: "/docs/ochu-vo-mip/general", title: "Общие документы ЧОУ ВО", categories: ["ochu-vo-mip-general"] },
  { path: "/docs/general/lectoriumRoutes", title: "Лекторий: положения и маршруты", categories: ["lectorium-routes"] },
];

export const documentHref = (document: Pick<InstituteDocument, "slug">) => `/docs/pdf/${document.slug}.pdf`;

const sizeFormat = lazy(() => new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1 }));

/** "PDF, 84 КБ": what a visitor downloads. */
export function fileSize(bytes: number | undefined): string {
  if (bytes === undefined) return "PDF";
  if (bytes < 1024 * 1024) return `PDF, ${sizeFormat().format(Math.max(1, Math.round(bytes / 1024)))} КБ`;
  return `PDF, ${sizeFormat().format(bytes / 1024 / 1024)} МБ`;
}
