import type { ReactNode } from "react";
import { teacherHref } from "../../services/catalogue/links";
import type { Review, Teacher } from "../../services/catalogue/schemas";
import { formatDayMonthYear } from "../../services/dates";
import { ChevronDownIcon } from "../ui/icons";
import { Picture, portraitAlt } from "../ui/Picture";

/** A titled section of a detail page, reachable from the in-page navigation by its id. */
export function PageSection({ id, title, children, tinted = false }: { id: string; title: string; children: ReactNode; tinted?: boolean }) {
  return (
    <section id={id} className={`page-section${tinted ? " page-section--tinted" : ""}`} aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className="section__title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

export interface InPageLink {
  id: string;
  label: string;
}

export function InPageNav({ links }: { links: InPageLink[] }) {
  return (
    <nav className="in-page-nav" aria-label="Разделы страницы">
      <ul className="container">
        {links.map((link) => (
          <li key={link.id}>
            <a href={`#${link.id}`}>{link.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Questions and answers as native disclosure widgets: they open without JavaScript. */
export function Faq({ items }: { items: { question: string; answer: string }[] }) {
  return (
    <div className="faq">
      {items.map((item) => (
        <details key={item.question} className="disclosure">
          <summary>
            <span className="disclosure__label">{item.question}</span>
            <ChevronDownIcon />
          </summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </div>
  );
}

/** The teachers (or speakers) of a detail page. */
export function TeachersSection({ id = "teachers", title, teachers, tinted = false }: { id?: string; title: string; teachers: Teacher[]; tinted?: boolean }) {
  return (
    <PageSection id={id} title={title} tinted={tinted}>
      <ul className="teacher-grid">
        {teachers.map((teacher) => (
          <li key={teacher.id}>
            <TeacherCard teacher={teacher} linked />
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

/** A section of ticked points: what one learns, what a practice gives, which exams there are. */
export function CheckListSection({ id, title, items, tinted = false }: { id: string; title: string; items: string[]; tinted?: boolean }) {
  return (
    <PageSection id={id} title={title} tinted={tinted}>
      <ul className="check-list">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </PageSection>
  );
}

/** How wide a portrait shows: in a carousel (the default), or as `/teachers` lays it out (240px; 104px on a phone). */
export const TEACHER_PHOTO_SIZES = { carousel: "(max-width: 768px) 45vw, 260px", list: "(max-width: 768px) 104px, 240px" } as const;

/** `heading`: h3 inside a section with its own h2; h2 where the cards sit right under the page's h1. */
export function TeacherCard({
  teacher,
  heading: Heading = "h3",
  sizes = TEACHER_PHOTO_SIZES.carousel,
  linked = false,
}: { teacher: Teacher; heading?: "h2" | "h3"; sizes?: string; /** the name links to the teacher on /teachers, with the programs they teach */ linked?: boolean }) {
  return (
    <article className="teacher-card" id={teacher.slug}>
      <Picture kind="teacher" slug={teacher.slug} alt={portraitAlt(teacher)} sizes={sizes} className="teacher-card__photo" />
      <Heading className="teacher-card__name">{linked ? <a href={teacherHref(teacher)}>{teacher.name}</a> : teacher.name}</Heading>
      <p className="teacher-card__position">{teacher.position}</p>
      {teacher.degree ? <p className="teacher-card__degree">{teacher.degree}</p> : null}
    </article>
  );
}

/** What a list of reviews is, by who wrote them: «Отзывы выпускников» only when no author is still studying. */
function reviewsTitle(reviews: readonly Pick<Review, "status">[]): string {
  const students = reviews.filter((r) => r.status === "student").length;
  if (students === 0) return "Отзывы выпускников";
  return students === reviews.length ? "Отзывы студентов" : "Отзывы студентов и выпускников";
}

/** A detail page's reviews, titled by who wrote them; nothing when there are none. */
export function ReviewsSection({ reviews }: { reviews: readonly Review[] }) {
  if (reviews.length === 0) return null;
  return (
    <PageSection id="reviews" title={reviewsTitle(reviews)}>
      <ul className="review-grid">
        {reviews.map((review) => (
          <li key={review.id}>
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

/** The author's name is the card's heading: h3 inside a section with its own h2, h2 right under the page's h1. */
export function ReviewCard({ review, about, heading: Heading = "h3" }: { review: Review; about?: ReactNode; heading?: "h2" | "h3" }) {
  return (
    <article className="review-card">
      <Heading className="review-card__author">
        {review.author}
        <span className="review-card__city">, {review.city}</span>
      </Heading>
      <p className="review-card__rating" role="img" aria-label={`Оценка ${review.rating} из 5`}>
        {"★".repeat(review.rating)}
        <span className="review-card__rating-rest">{"★".repeat(5 - review.rating)}</span>
      </p>
      {review.status === "student" ? <p className="review-card__status">Учится на программе</p> : null}
      <blockquote className="review-card__text">
        <p>{review.text}</p>
      </blockquote>
      <footer className="review-card__meta">
        <time dateTime={review.date}>{formatDayMonthYear(review.date)}</time>
        {about ? <span className="review-card__about"> · {about}</span> : null}
      </footer>
    </article>
  );
}
