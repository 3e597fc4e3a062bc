import type { Catalogue, Program } from "./build";
import { derived } from "./repository";
import type { ProgramType } from "./schemas";
import { type SortDirection, type SortField, sortPrograms } from "./sort";

/** Programs per page of a list: a catalogue of 10,000 still renders one page's worth. */
export const PAGE_SIZE = 12;

export class ListingError extends Error {
  override name = "ListingError";
}

/**
 * The type filter of spec 5: required where it is asked for, 'course' or 'profession' compared
 * lowercased; anything else is an error.
 */
export function parseTypeFilter(value: string): "Course" | "Profession" {
  const type = value.toLowerCase();
  if (type === "course") return "Course";
  if (type === "profession") return "Profession";
  throw new ListingError(`Неизвестный тип программы «${value}»: можно выбрать course или profession`);
}

/**
 * The type filter of the list pages: spec 5's two types, and the short courses, which /programs
 * lists beside them (their cards carry «Курсы»); anything else is an error. The GraphQL API keeps
 * spec 5's filter as it is.
 */
function parseListType(value: string): ProgramType {
  if (value.toLowerCase() === "shortterm") return "ShortTerm";
  if (["course", "profession"].includes(value.toLowerCase())) return parseTypeFilter(value);
  throw new ListingError(`Неизвестный тип программы «${value}»: можно выбрать course, profession или shortterm`);
}

export interface ListingQuery {
  type?: ProgramType;
  field?: string;
  sort: SortField;
  dir: SortDirection;
  page: number;
}

export interface ListingParams {
  type?: string;
  sort?: string;
  dir?: string;
  page?: string;
}

/** Reads the list's query; a value that cannot be meant is an error with a Russian message. */
export function parseListing(params: ListingParams, fixed: { type?: ProgramType; field?: string } = {}): ListingQuery {
  const sort = params.sort ?? "default";
  if (sort !== "default" && sort !== "price" && sort !== "idx") throw new ListingError(`Неизвестная сортировка «${sort}»`);
  const dir = params.dir ?? "asc";
  if (dir !== "asc" && dir !== "desc") throw new ListingError(`Неизвестное направление сортировки «${dir}»`);
  const page = params.page === undefined ? 1 : Number(params.page);
  if (!Number.isInteger(page) || page < 1) throw new ListingError(`Номер страницы «${params.page}» должен быть целым числом от 1`);
  const type = fixed.type ?? (params.type === undefined ? undefined : parseListType(params.type));
  return { type, field: fixed.field, sort, dir, page };
}

export interface ListingPage {
  items: Program[];
  total: number;
  page: number;
  pages: number;
}

/** Filtered and sorted lists, kept per content version: paging through them costs a slice. */
const sortedLists = derived((_catalogue: Catalogue) => new Map<string, Program[]>());

export function listPrograms(catalogue: Catalogue, query: ListingQuery): ListingPage {
  const key = [query.type, query.field, query.sort, query.dir].join("|");
  const lists = sortedLists(catalogue);
  let sorted = lists.get(key);
  if (!sorted) {
    const filtered = catalogue.programs.filter(
      (p) => (query.type === undefined || p.type === query.type) && (query.field === undefined || p.studyFieldSlug === query.field),
    );
    sorted = sortPrograms(filtered, query.sort, query.dir);
    lists.set(key, sorted);
  }
  const pages = Math.max(1, Math.ceil(sorted.length / PAGE_SIZE));
  const page = Math.min(query.page, pages);
  return { items: sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), total: sorted.length, page, pages };
}
