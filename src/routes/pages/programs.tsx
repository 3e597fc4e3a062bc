import type { Context } from "hono";
import { type ListingBase, ProgramList } from "../../components/catalogue/ProgramList";
import type { Crumb } from "../../components/layout/Breadcrumbs";
import type { Catalogue } from "../../services/catalogue/build";
import { ListingError, type ListingQuery, listPrograms, parseListing } from "../../services/catalogue/listing";
import { figures, indexes } from "../../services/catalogue/queries";
import type { ProgramType } from "../../services/catalogue/schemas";
import { localRateFor } from "../../services/exchange-rates";
import { pluralize } from "../../services/text";
import type { AppEnv } from "../../server/env";
import { renderPage } from "../../render/render";
import { renderBadRequest, renderNotFound } from "../../render/error-pages";

/** Whether the content offers the free trial on a list of this type (any offered type for /programs). */
const freeAccessOffered = (catalogue: Catalogue, type: ProgramType | undefined) => {
  const offer = catalogue.pages.freeAccess.offer;
  return offer !== undefined && (type === undefined || offer.programTypes.includes(type));
};

interface ListSpec {
  path: string;
  title: string;
  intro: string;
  type?: ProgramType;
}

const lists: Record<string, ListSpec> = {
  programs: {
    path: "/programs",
    title: "Программы обучения",
    intro: "Профессиональная переподготовка, повышение квалификации и краткосрочные курсы по психологии — онлайн, с документом установленного образца.",
  },
  professions: {
    path: "/professions",
    title: "Профессиональная переподготовка",
    intro: "Новая профессия с дипломом о профессиональной переподготовке: от 250 часов, с практикой и супервизией.",
    type: "Profession",
  },
  courses: {
    path: "/courses",
    title: "Повышение квалификации",
    intro: "Курсы для практикующих специалистов: новые методы и удостоверение о повышении квалификации.",
    type: "Course",
  },
  shortTerm: {
    path: "/shortTerm",
    title: "Краткосрочные курсы",
    intro: "Короткие курсы на несколько недель: один навык, много практики и сертификат.",
    type: "ShortTerm",
  },
};

/** The list a type filter on `/programs` shows is a list of its own. */
const listOfType: Record<ProgramType, string> = { Profession: "/professions", Course: "/courses", ShortTerm: "/shortTerm" };

/**
 * Sorted views are the same content as the list: one canonical per list and page. Each page of a
 * list is its own canonical (`/programs?page=2`); `/programs?type=course` is `/courses`.
 */
function canonicalPath(listPath: string, query: ListingQuery): string {
  const path = listPath === "/programs" && query.type ? listOfType[query.type] : listPath;
  return query.page > 1 ? `${path}?page=${query.page}` : path;
}

const programsOf = (n: number) => pluralize(n, ["программа", "программы", "программ"]);

/** Where the programs of the menu's 'all' live: this list holds additional education, two sections hold the rest. */
function ProgramsTotal({ catalogue }: { catalogue: Catalogue }) {
  const stated = figures(catalogue);
  return (
    <p className="list-hero__total">
      {`Всего ${programsOf(stated.programs)} обучения`}: здесь — {programsOf(stated.additionalPrograms)} дополнительного образования, ещё{" "}
      {stated.bachelors} — в разделе <a href="/bachelor">«Высшее образование»</a> и {stated.practicalTrainings} — в разделе{" "}
      <a href="/practical-training">«Практическая подготовка»</a>.
    </p>
  );
}

async function renderList(c: Context<AppEnv>, spec: ListSpec, field?: string) {
  const catalogue = c.get("catalogue");
  const studyField = field ? indexes(catalogue).studyField.get(field) : undefined;
  if (field && !studyField) return renderNotFound(c);
  const base: ListingBase = { path: spec.path, fieldInPath: spec.path === "/programs", typeChoosable: spec.type === undefined };
  let query: ReturnType<typeof parseListing>;
  try {
    query = parseListing(c.req.query(), { type: spec.type, field });
  } catch (error) {
    if (error instanceof ListingError) return renderBadRequest(c, error.message, spec.path);
    throw error;
  }
  const listing = listPrograms(catalogue, query);
  const local = await localRateFor(c.var.area, c.env.CATALOGUE);
  // a page past the end does not exist; the first page of an empty list does
  if (query.page > listing.pages) return renderNotFound(c);
  const title = studyField ? `${studyField.title}: программы обучения` : spec.title;
  const breadcrumbs: Crumb[] = [
    { label: "Главная", href: "/" },
    { label: spec.title, href: spec.path },
    ...(studyField ? [{ label: studyField.title, href: `/programs/${studyField.slug}` }] : []),
  ];
  return renderPage(c, {
    meta: {
      title,
      description: studyField?.description ?? spec.intro,
      canonicalPath: canonicalPath(studyField ? `/programs/${studyField.slug}` : spec.path, query),
    },
    breadcrumbs,
    body: (
      <>
        {/* the title, then the programs: the list's words come after it, so a phone's first screen holds a program with its price (issue 42) */}
        <header className="list-hero list-hero--compact container">
          <h1>{title}</h1>
          {freeAccessOffered(catalogue, spec.type) ? (
            <p className="free-access-link">
              <a href="/free-access">{catalogue.pages.freeAccess.offer?.link}</a>
            </p>
          ) : null}
        </header>
        <ProgramList catalogue={catalogue} base={base} query={query} listing={listing} local={local} />
        <div className="list-about container">
          <p className="list-hero__lead">{studyField?.description ?? spec.intro}</p>
          {spec === lists.programs && !studyField ? <ProgramsTotal catalogue={catalogue} /> : null}
        </div>
      </>
    ),
  });
}

export const programsList = (c: Context<AppEnv>) => renderList(c, lists.programs!);
export const studyFieldList = (c: Context<AppEnv>) => renderList(c, lists.programs!, c.req.param("field"));
export const professionsList = (c: Context<AppEnv>) => renderList(c, lists.professions!);
export const coursesList = (c: Context<AppEnv>) => renderList(c, lists.courses!);
export const shortTermList = (c: Context<AppEnv>) => renderList(c, lists.shortTerm!);
