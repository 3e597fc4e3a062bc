import type { Context } from "hono";
import { Cta } from "../../components/catalogue/Cta";
import { ReviewCard, TEACHER_PHOTO_SIZES, TeacherCard } from "../../components/catalogue/blocks";
import { organizationRef, personRef } from "../../components/layout/structured-data";
import { siteHref } from "../../components/layout/seo";
import type { Catalogue, Webinar } from "../../services/catalogue/build";
import { bachelorHref, programHref } from "../../services/catalogue/links";
import { generatedImage } from "../../services/images";
import { figures, indexes } from "../../services/catalogue/queries";
import { sortPrograms } from "../../services/catalogue/sort";
import { cardDate, cardTime } from "../../components/catalogue/EventTime";
import { formatPrice, pluralize } from "../../services/text";
import type { AppEnv } from "../../server/env";
import { renderPage } from "../../render/render";
import { PAGE_CTA_LABELS } from "../../services/catalogue/cta-labels";

const home = { label: "Главная", href: "/" };

/**
 * `/teachers`: every teacher, with Person data for crawlers. The biography is the page's own text
 * right below; it is not repeated in the JSON-LD, which would double the page's weight (issue #8).
 */
/** The most programs a teacher's card on /teachers names: the list page stays one size however many programs a teacher has. */
const TAUGHT_SHOWN = 8;

/**
 * «Ведёт программы»: the programs and bachelor's programs whose teachers the content names this teacher
 * among, the first TAUGHT_SHOWN of them, and how many more there are.
 */
function TaughtPrograms({ catalogue, teacherId }: { catalogue: Catalogue; teacherId: string }) {
  const taught = [
    ...catalogue.programs.filter((p) => p.teacherIds.includes(teacherId)).map((p) => ({ id: p.id, title: p.title, href: programHref(p) })),
    ...catalogue.bachelors.filter((b) => b.teacherIds.includes(teacherId)).map((b) => ({ id: b.id, title: `${b.title}, бакалавриат`, href: bachelorHref(b) })),
  ];
  if (taught.length === 0) return null;
  const more = taught.length - TAUGHT_SHOWN;
  return (
    <div className="teacher-list__programs">
      <p className="teacher-list__programs-title">Ведёт программы:</p>
      <ul>
        {taught.slice(0, TAUGHT_SHOWN).map((item) => (
          <li key={item.id}>
            <a href={item.href}>{item.title}</a>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="teacher-list__programs-more">{`и ещё ${pluralize(more, ["программа", "программы", "программ"])}`}</p> : null}
    </div>
  );
}

export function teachersList(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  const teachers = sortPrograms(catalogue.teachers, "idx");
  return renderPage(c, {
    meta: {
      title: "Преподаватели",
      description: "Преподаватели института — практикующие психологи, психотерапевты и учёные с многолетним опытом.",
      jsonLd: teachers.map((t) => ({
        "@context": "https://schema.org",
        ...personRef(t, c.env.SITE_URL),
        jobTitle: t.position,
        image: siteHref(c.env.SITE_URL, generatedImage("teacher", t.slug).src),
        worksFor: organizationRef(catalogue.site, c.env.SITE_URL),
      })),
    },
    breadcrumbs: [home, { label: "Преподаватели", href: "/teachers" }],
    body: (
      <>
        <header className="list-hero container">
          <h1>Преподаватели</h1>
          <p className="list-hero__lead">
            {pluralize(figures(catalogue).teachers, ["преподаватель", "преподавателя", "преподавателей"])}: практикующие специалисты, которые каждый день
            работают с клиентами и учат этому.
          </p>
        </header>
        <ul className="teacher-list container">
          {teachers.map((teacher) => (
            <li key={teacher.id}>
              <TeacherCard teacher={teacher} heading="h2" sizes={TEACHER_PHOTO_SIZES.list} />
              <div className="teacher-list__about">
                <p>{teacher.bio}</p>
                <p className="teacher-list__meta">
                  Опыт — {pluralize(teacher.experienceYears, ["год", "года", "лет"])}. {teacher.specializations.join(", ")}.
                </p>
                <TaughtPrograms catalogue={catalogue} teacherId={teacher.id} />
              </div>
            </li>
          ))}
        </ul>
        <div className="container cta-band">
          <p>Хотите узнать, кто будет вести вашу программу?</p>
          <Cta site={catalogue.site} request={{ cta: "learnAboutTeachers", blockForAmo: PAGE_CTA_LABELS.teachers }} variant="violet" />
        </div>
      </>
    ),
  });
}

/**
 * `/reviews`: reviews, newest first, each linked to its program. No rating in structured data: these
 * are reviews of the institute on its own site, which Google does not show as stars (self-serving);
 * a program's reviews are given with its Course, on its page.
 */
export function reviewsList(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  const index = indexes(catalogue);
  const reviews = [...catalogue.reviews].sort((a, b) => b.date.localeCompare(a.date));
  const average = reviews.reduce((sum, r) => sum + r.rating, 0) / Math.max(1, reviews.length);
  return renderPage(c, {
    meta: {
      title: "Отзывы студентов и выпускников",
      description: "Отзывы студентов из России, Казахстана и Узбекистана о программах, преподавателях и практике.",
    },
    breadcrumbs: [home, { label: "Отзывы", href: "/reviews" }],
    body: (
      <>
        <header className="list-hero container">
          <h1>Отзывы</h1>
          <p className="list-hero__lead">
            {pluralize(reviews.length, ["отзыв", "отзыва", "отзывов"])}, средняя оценка {average.toFixed(1).replace(".", ",")} из 5.
          </p>
        </header>
        <ul className="review-grid container">
          {reviews.map((review) => {
            const program = review.programId ? index.programById.get(review.programId) : undefined;
            const bachelor = review.bachelorId ? index.bachelorById.get(review.bachelorId) : undefined;
            const about = program ? (
              <a href={programHref(program)}>{program.title}</a>
            ) : bachelor ? (
              <a href={bachelorHref(bachelor)}>{`${bachelor.title}, бакалавриат`}</a>
            ) : undefined;
            return (
              <li key={review.id}>
                <ReviewCard review={review} heading="h2" about={about} />
              </li>
            );
          })}
        </ul>
        {/* after the reviews, the step they lead to (issue 42) */}
        <div className="container cta-band">
          <p>Хотите учиться у тех же преподавателей? Подберём программу под ваши цели и расскажем об условиях.</p>
          <Cta site={catalogue.site} request={{ cta: "chooseProgram", blockForAmo: PAGE_CTA_LABELS.reviews }} variant="violet" />
        </div>
      </>
    ),
  });
}

/**
 * An upcoming webinar as an Event. Its place online is /webinars, where a visitor signs up (the
 * link to the broadcast comes after); its picture is the speaker's portrait.
 */
function webinarJsonLd(catalogue: Catalogue, webinar: Webinar, siteUrl: string) {
  const speaker = indexes(catalogue).teacherById.get(webinar.speakerId);
  const page = siteHref(siteUrl, "/webinars");
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    "@id": siteHref(siteUrl, `/webinars#${webinar.slug}`),
    name: webinar.title,
    description: webinar.description,
    startDate: webinar.date,
    endDate: new Date(Date.parse(webinar.date) + webinar.durationMinutes * 60_000).toISOString(),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
    location: { "@type": "VirtualLocation", url: page },
    ...(speaker ? { image: siteHref(siteUrl, generatedImage("teacher", speaker.slug).src), performer: personRef(speaker, siteUrl) } : {}),
    organizer: organizationRef(catalogue.site, siteUrl),
    offers: { "@type": "Offer", price: webinar.price, priceCurrency: "RUB", availability: "https://schema.org/InStock", url: page },
  };
}

/** `/webinars`: upcoming webinars first, then recordings. */
export function webinarsList(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  const now = Date.now();
  const upcoming = catalogue.webinars.filter((w) => Date.parse(w.date) > now).sort((a, b) => a.date.localeCompare(b.date));
  const recorded = catalogue.webinars.filter((w) => Date.parse(w.date) <= now).sort((a, b) => b.date.localeCompare(a.date));
  const speaker = (id: string) => indexes(catalogue).teacherById.get(id)?.name;
  const area = c.var.area;
  const card = (webinar: (typeof upcoming)[number], past: boolean) => (
    <li key={webinar.id} id={webinar.slug}>
      <article className="event-card">
        <p className="event-card__date">
          <time dateTime={webinar.date}>{past ? cardDate(webinar.date, area) : cardTime(webinar.date, area, { year: true })}</time>
          <span className="event-card__format">{past ? "Запись" : `${webinar.durationMinutes} мин`}</span>
        </p>
        <h3 className="event-card__title">{webinar.title}</h3>
        <p className="event-card__subtitle">{webinar.description}</p>
        <p className="event-card__speaker">{speaker(webinar.speakerId)}</p>
        <p className="event-card__price">{webinar.price > 0 ? formatPrice(webinar.price) : "Бесплатно"}</p>
      </article>
    </li>
  );
  return renderPage(c, {
    meta: {
      title: "Вебинары по психологии",
      description: "Бесплатные вебинары и записи эфиров с преподавателями института: ближайшие даты и архив.",
      jsonLd: upcoming.map((w) => webinarJsonLd(catalogue, w, c.env.SITE_URL)),
    },
    breadcrumbs: [home, { label: "Вебинары", href: "/webinars" }],
    body: (
      <>
        <header className="list-hero container">
          <h1>Вебинары</h1>
          <p className="list-hero__lead">
            {pluralize(upcoming.length, ["ближайший вебинар", "ближайших вебинара", "ближайших вебинаров"])} и{" "}
            {pluralize(recorded.length, ["запись", "записи", "записей"])} прошедших эфиров.
          </p>
          <Cta site={catalogue.site} request={{ cta: "seeAllWebinars", blockForAmo: PAGE_CTA_LABELS.webinars }} variant="violet" />
        </header>
        {upcoming.length > 0 ? (
          <section className="container page-section" aria-labelledby="upcoming-title">
            <h2 id="upcoming-title" className="section__title">
              Скоро в эфире
            </h2>
            <ul className="card-grid">{upcoming.map((w) => card(w, false))}</ul>
          </section>
        ) : null}
        {recorded.length > 0 ? (
          <section className="container page-section" aria-labelledby="recorded-title">
            <h2 id="recorded-title" className="section__title">
              Записи
            </h2>
            <ul className="card-grid">{recorded.map((w) => card(w, true))}</ul>
          </section>
        ) : null}
      </>
    ),
  });
}
