import type { BuiltCatalogue, Catalogue } from "../catalogue/build";
import { articleHref, bachelorHref, practicalTrainingHref, programHref, seminarHref } from "../catalogue/links";
import { typeTag } from "../catalogue/tags";
import { discountedPrice, type Instalment, instalmentOf, monthlyText } from "../pricing";
import { formatPrice } from "../text";

/** A searchable item (spec 3): what the search answers with, and the text it is found by. */
export interface SearchDocument {
  id: string;
  title: string;
  type: string;
  typename: string;
  subtitle: string;
  slug: string;
  studyFieldSlug: string;
  typeLabel: string;
  href: string;
  /** how long it lasts as its page says ("12 месяцев", "2 часа"); empty for a teacher or an article */
  duration: string;
  /** what it costs as its card says ("90 300 ₽", "Бесплатно"); empty for a teacher or an article */
  price: string;
  /** searched, ranked below the title; not sent back */
  text: string;
}

export type SearchResult = Omit<SearchDocument, "text">;

type Optional = "subtitle" | "studyFieldSlug" | "duration" | "price";
type DocumentFields = Omit<SearchDocument, "typename" | Optional> & Partial<Pick<SearchDocument, Optional>>;

/** A document with what most kinds leave empty; `typename` is the `type` (DESIGN.md's result shape). */
const doc = ({ subtitle = "", studyFieldSlug = "", duration = "", price = "", ...fields }: DocumentFields): SearchDocument => ({
  ...fields,
  typename: fields.type,
  subtitle,
  studyFieldSlug,
  duration,
  price,
});

const hours = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1 });

const priceOrFree = (price: number) => (price > 0 ? formatPrice(price) : "Бесплатно");
const programPrice = (price: number, instalment: Instalment | null) => (instalment ? `${priceOrFree(price)}, или ${monthlyText(instalment)}` : priceOrFree(price));

/**
 * Everything the search finds: programs of every type, bachelors, practical trainings (the two
 * fixed ones always among them), seminars with their subtitle, teachers and journal articles,
 * each with its tag of spec 3 and a link to its live page.
 */
export function searchDocuments(catalogue: Catalogue | BuiltCatalogue): SearchDocument[] {
  return [
    ...catalogue.programs.map((p) =>
      doc({
        id: `program:${p.id}`,
        title: p.title,
        type: p.type,
        slug: p.slug,
        studyFieldSlug: p.studyFieldSlug,
        typeLabel: typeTag(p.type),
        href: programHref(p),
        duration: p.duration,
        // what the visitor pays: the price with the sitewide discount, as the card's bold figure, and the monthly payment beside it
        price: programPrice(discountedPrice(p.price, catalogue.site.discount), instalmentOf(discountedPrice(p.price, catalogue.site.discount), p.instalmentMonths, catalogue.site.instalment)),
        // what the visitor learns is searched too, where the details are at hand (the push)
        text: "outcomes" in p ? `${p.description} ${p.outcomes.join(" ")}` : p.description,
      }),
    ),
    ...catalogue.bachelors.map((b) =>
      doc({
        id: `bachelor:${b.id}`,
        title: b.title,
        type: "Bachelor",
        slug: b.slug,
        typeLabel: typeTag("Bachelor"),
        href: bachelorHref(b),
        duration: b.duration,
        price: `${formatPrice(b.offlineFullPrice)} в год`,
        text: b.description,
      }),
    ),
    ...catalogue.practicalTrainings.map((t) =>
      doc({
        id: `practice:${t.id}`,
        title: t.title,
        type: "PracticalTraining",
        slug: t.slug,
        typeLabel: typeTag("PracticalTraining"),
        href: practicalTrainingHref(t),
        duration: t.duration,
        price: priceOrFree(t.price),
        text: t.description,
      }),
    ),
    ...catalogue.seminars.map((s) =>
      doc({
        id: `seminar:${s.id}`,
        title: s.title,
        type: "Lectorium",
        subtitle: s.subtitle,
        slug: s.slug,
        studyFieldSlug: s.studyFieldSlug,
        typeLabel: typeTag("Lectorium"),
        href: seminarHref(s),
        duration: `${hours.format(s.durationHours)} ч.`,
        price: priceOrFree(s.price),
        text: s.description,
      }),
    ),
    ...catalogue.teachers.map((t) =>
      doc({
        id: `teacher:${t.id}`,
        title: t.name,
        type: "Teacher",
        subtitle: t.position,
        slug: t.slug,
        typeLabel: "Преподаватель",
        href: `/teachers#${t.slug}`,
        text: `${t.specializations.join(" ")} ${t.bio}`,
      }),
    ),
    ...catalogue.journal.map((a) =>
      doc({ id: `article:${a.id}`, title: a.title, type: "Article", slug: a.slug, typeLabel: "Журнал", href: articleHref(a.slug), text: `${a.excerpt} ${a.tags.join(" ")}` }),
    ),
  ];
}
