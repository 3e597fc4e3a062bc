import type { Catalogue } from "../../services/catalogue/build";
import type { ListingPage, ListingQuery } from "../../services/catalogue/listing";
import type { ProgramType } from "../../services/catalogue/schemas";
import type { LocalRate } from "../../services/exchange-rates";
import type { SortDirection, SortField } from "../../services/catalogue/sort";
import { ChevronDownIcon } from "../ui/icons";
import { pluralize } from "../../services/text";
import { ProgramCard } from "./ProgramCard";

/** Where the list lives and which filters its path already fixes. */
export interface ListingBase {
  /** path of the unfiltered list, e.g. /programs or /courses */
  path: string;
  /** the study field lives in the path for /programs/{field}, in ?field= nowhere else */
  fieldInPath: boolean;
  /** the type is fixed by the route (/courses) or chosen with ?type= (/programs) */
  typeChoosable: boolean;
}

/**
 * The sorts a visitor chooses, each saying what comes first. Spec 5's `idx` sort (the catalogue's
 * own order) still answers `?sort=idx`, but is not offered: «По порядку» told a visitor nothing.
 */
const sorts: { label: string; sort: SortField; dir: SortDirection }[] = [
  { label: "Сначала популярные", sort: "default", dir: "asc" },
  { label: "Сначала дешевле", sort: "price", dir: "asc" },
  { label: "Сначала дороже", sort: "price", dir: "desc" },
];

const typeLabels: Record<ProgramType, string> = { Profession: "Профессиональная переподготовка", Course: "Повышение квалификации", ShortTerm: "Краткосрочные курсы" };

/** Page numbers to show: the first, the last and two around the current one; null is a gap. */
export function pageWindow(current: number, pages: number): (number | null)[] {
  const shown = [...new Set([1, current - 2, current - 1, current, current + 1, current + 2, pages])]
    .filter((page) => page >= 1 && page <= pages)
    .sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const page of shown) {
    const last = result[result.length - 1];
    if (typeof last === "number" && page - last > 1) result.push(null);
    result.push(page);
  }
  return result;
}

/** A shareable link to the list in another state; defaults are left out of the URL. */
export function listingHref(base: ListingBase, query: ListingQuery, change: Partial<ListingQuery>): string {
  const next = { ...query, page: 1, ...change };
  const path = base.fieldInPath && next.field ? `/programs/${next.field}` : base.fieldInPath ? "/programs" : base.path;
  const params = new URLSearchParams();
  if (base.typeChoosable && next.type) params.set("type", next.type.toLowerCase());
  if (next.sort !== "default") params.set("sort", next.sort);
  if (next.dir !== "asc") params.set("dir", next.dir);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

interface ProgramListProps {
  catalogue: Catalogue;
  base: ListingBase;
  query: ListingQuery;
  listing: ListingPage;
  /** a visitor from Kazakhstan or Uzbekistan: their money beside each price */
  local?: LocalRate;
}

/**
 * A program list with its filters, sort and pages: every control is a link (it works without
 * JavaScript and can be shared); where JavaScript runs the results swap in place.
 */
export function ProgramList({ catalogue, base, query, listing, local }: ProgramListProps) {
  const href = (change: Partial<ListingQuery>) => listingHref(base, query, change);
  const chip = (label: string, target: string, current: boolean) => (
    <li key={target}>
      <a className={`chip${current ? " is-current" : ""}`} href={target} aria-current={current ? "true" : undefined} data-swap="">
        {label}
      </a>
    </li>
  );
  const sortChosen = sorts.find((option) => query.sort === option.sort && query.dir === option.dir);
  const chosen = [
    ...(base.typeChoosable && query.type ? [typeLabels[query.type]] : []),
    ...(base.fieldInPath && query.field ? [catalogue.studyFields.find((field) => field.slug === query.field)?.title ?? ""] : []),
    ...(sortChosen ? [sortChosen.label] : []),
  ].filter(Boolean);
  return (
    <div className="program-list container" data-swap-region="catalogue">
      {/* one button on a phone, so a program is on the first screen; a column beside the cards on a desktop, so a card stays in view after a choice (issue 42) */}
      <details className="filters">
        <summary className="filters__toggle">
          <span className="filters__toggle-label">Фильтры</span>
          <span className="filters__current">{chosen.join(" · ")}</span>
          <ChevronDownIcon />
        </summary>
        <div className="filters__body">
          {base.typeChoosable ? (
            <ul className="chips" aria-label="Тип программы">
              {chip("Все типы", href({ type: undefined }), query.type === undefined)}
              {(Object.keys(typeLabels) as ProgramType[]).map((type) => chip(typeLabels[type], href({ type }), query.type === type))}
            </ul>
          ) : null}
          {base.fieldInPath ? (
            <ul className="chips" aria-label="Направление">
              {chip("Все направления", href({ field: undefined }), query.field === undefined)}
              {catalogue.studyFields.map((field) => chip(field.title, href({ field: field.slug }), query.field === field.slug))}
            </ul>
          ) : null}
          <ul className="chips chips--sort" aria-label="Сортировка">
            {sorts.map((option) => chip(option.label, href({ sort: option.sort, dir: option.dir }), query.sort === option.sort && query.dir === option.dir))}
          </ul>
        </div>
      </details>

      <div className="program-list__results">
        <p className="program-list__count" aria-live="polite">
          {pluralize(listing.total, ["программа", "программы", "программ"])}
        </p>

        {listing.items.length > 0 ? (
          <ul className="card-grid">
            {listing.items.map((program, index) => (
              <li key={program.id}>
                <ProgramCard program={program} discount={catalogue.site.discount} instalment={catalogue.site.instalment} heading="h2" priority={index === 0} local={local} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="program-list__empty">По этим условиям программ нет. Попробуйте другое направление или тип.</p>
        )}

        {listing.pages > 1 ? (
          <nav className="pagination" aria-label="Страницы">
            <ul>
              {pageWindow(listing.page, listing.pages).map((page, index) => (
                <li key={page ?? `gap-${index}`}>
                  {page === null ? (
                    <span className="pagination__gap">…</span>
                  ) : page === listing.page ? (
                    <span className="pagination__page is-current" aria-current="page">
                      {page}
                    </span>
                  ) : (
                    <a className="pagination__page" href={href({ page })} data-swap="">
                      {page}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </div>
  );
}
