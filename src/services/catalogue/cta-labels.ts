/**
 * The labels a CTA carries to the lead (blockForAmo) and, without JavaScript, to `/apply` as
 * `about`: a catalogue item's title or one of the site's own pages. `/apply` shows and keys only
 * these (page-params.ts), so no link can put other text on the page or force a render with it.
 * The browser imports this file (the wheel's label): no catalogue code here.
 */
import type { Catalogue } from "./build";

/** The CTAs of pages that are not a catalogue item. */
export const PAGE_CTA_LABELS = {
  home: "Главная: подбор программы",
  teachers: "Преподаватели",
  webinars: "Вебинары",
  institute: "Об институте",
  applicants: "Поступающим",
  reviews: "Отзывы",
  contactsMoscow: "Контакты: офис в Москве",
  contactsAlmaty: "Контакты: офис в Алматы",
  wheel: "Колесо фортуны",
} as const;

/** The CTA of a sold-out seminar's waiting list. */
export const waitingListLabel = (seminarTitle: string) => `Лист ожидания: ${seminarTitle}`;

/** Every label a CTA of the site can carry. */
export const ctaLabelsOf = (catalogue: Catalogue): ReadonlySet<string> =>
  new Set([
    ...Object.values(PAGE_CTA_LABELS),
    ...catalogue.programs.map((program) => program.title),
    ...catalogue.bachelors.map((bachelor) => bachelor.title),
    ...catalogue.practicalTrainings.map((training) => training.title),
    ...catalogue.liveCourses.map((course) => course.title),
    ...catalogue.seminars.flatMap((seminar) => [seminar.title, waitingListLabel(seminar.title)]),
  ]);

/**
 * The title and the words of a seminar's ticket form: a paid seminar's «Выбрать билеты» (seats and
 * payment), a free one's the participant's registration, confirmed by a letter (decision 093).
 */
export const ticketFormTexts = (site: Catalogue["site"], price: number) => (price > 0 ? site.cta.buyTicket : site.cta.participate);
