/** The default content as the build sees it, for tests that run where the file system is not (workerd). */
import bachelors from "../../content/bachelors.json";
import journal from "../../content/journal.json";
import liveCourses from "../../content/live-courses.json";
import documents from "../../content/documents.json";
import pages from "../../content/pages.json";
import partners from "../../content/partners.json";
import practicalTrainings from "../../content/practical-trainings.json";
import programs from "../../content/programs.json";
import reviews from "../../content/reviews.json";
import seminars from "../../content/seminars.json";
import site from "../../content/site.json";
import studyFields from "../../content/study-fields.json";
import teachers from "../../content/teachers.json";
import vacancies from "../../content/vacancies.json";
import webinars from "../../content/webinars.json";
import { contentNow } from "../../scripts/lib/content-now";
import { type BuiltCatalogue, buildCatalogue, type RawContent } from "../../src/services/catalogue/build";

export const defaultRawContent = (): RawContent =>
  structuredClone({
    "site.json": site,
    "study-fields.json": studyFields,
    "programs.json": programs,
    "bachelors.json": bachelors,
    "practical-trainings.json": practicalTrainings,
    "seminars.json": seminars,
    "live-courses.json": liveCourses,
    "webinars.json": webinars,
    "teachers.json": teachers,
    "reviews.json": reviews,
    "journal.json": journal,
    "vacancies.json": vacancies,
    "partners.json": partners,
    "pages.json": pages,
    "documents.json": documents,
  });

export const defaultCatalogue = (version = "test", now = contentNow()): BuiltCatalogue =>
  buildCatalogue(defaultRawContent(), now, version);

/**
 * The default catalogue with its programs repeated to `size` (each with its own id, slug, title
 * and price): the 10,000-program catalogue the benchmarks and size checks speak of.
 */
export function generatedCatalogue(size: number): BuiltCatalogue {
  const base = defaultCatalogue(`generated-${size}`);
  const programs = Array.from({ length: size }, (_, i) => {
    const p = base.programs[i % base.programs.length]!;
    return { ...p, id: `${p.id}-${i}`, slug: `${p.slug}-${i}`, title: `${p.title} ${i}`, price: (i * 7919) % 250_000 };
  });
  return { ...base, programs };
}
