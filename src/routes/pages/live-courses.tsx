import type { Context } from "hono";
import { Cta } from "../../components/catalogue/Cta";
import { DetailHero } from "../../components/catalogue/DetailHero";
import { PageSection, TeachersSection } from "../../components/catalogue/blocks";
import { courseJsonLd, organizationRef } from "../../components/layout/structured-data";
import type { Catalogue, LiveCourse } from "../../services/catalogue/build";
import { liveCourseHref } from "../../services/catalogue/links";
import { indexes, teachersOf } from "../../services/catalogue/queries";
import { minutesDuration, weeklySchedule } from "../../services/catalogue/schedule";
import { formatDayMonthYear } from "../../services/dates";
import { formatPrice, pluralize } from "../../services/text";
import type { AppEnv } from "../../server/env";
import { renderPage } from "../../render/render";
import { renderNotFound } from "../../render/error-pages";

const listCrumbs = [
  { label: "Главная", href: "/" },
  { label: "Живые курсы", href: "/live-courses" },
];

export function liveCoursesList(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  return renderPage(c, {
    meta: {
      title: "Живые курсы в малых группах",
      description: "Онлайн-курсы с живыми встречами каждую неделю: малые группы, разбор практики и обратная связь от преподавателя.",
    },
    breadcrumbs: listCrumbs,
    body: (
      <>
        <header className="list-hero container">
          <h1>Живые курсы</h1>
          <p className="list-hero__lead">Малые группы, встречи в прямом эфире каждую неделю и разбор ваших случаев с преподавателем.</p>
        </header>
        <ul className="card-grid container">
          {catalogue.liveCourses.map((course) => (
            <li key={course.id}>
              <article className="program-card program-card--live">
                <div className="program-card__top">
                  <span className="tag tag--live">Живой курс</span>
                </div>
                <h2 className="program-card__title">
                  <a href={liveCourseHref(course.slug)}>{course.title}</a>
                </h2>
                <p className="program-card__meta">
                  Старт {formatDayMonthYear(course.startDate)} · {pluralize(course.weeks, ["неделя", "недели", "недель"])}
                </p>
                <p className="program-card__price">{formatPrice(course.price)}</p>
              </article>
            </li>
          ))}
        </ul>
      </>
    ),
  });
}

function LiveCoursePage({ catalogue, course }: { catalogue: Catalogue; course: LiveCourse }) {
  const teachers = teachersOf(catalogue, course.teacherIds);
  const lead = { blockForAmo: course.title, price: course.price };
  return (
    <article>
      <DetailHero
        tag={<span className="tag tag--live">Живой курс</span>}
        title={course.title}
        facts={[
          { label: "Старт", value: formatDayMonthYear(course.startDate) },
          { label: "Стоимость", value: formatPrice(course.price) },
          { label: "Длительность", value: pluralize(course.weeks, ["неделя", "недели", "недель"]) },
          { label: "Расписание", value: course.schedule },
        ]}
        actions={
          <>
            <Cta site={catalogue.site} request={{ cta: "signUp", ...lead }} variant="live" main />
            <Cta site={catalogue.site} request={{ cta: "askQuestion", ...lead }} variant="outline" />
          </>
        }
        lead={course.description}
      />
      <PageSection id="modules" title="Программа курса" tinted>
        <ol className="numbered-list">
          {course.modules.map((module) => (
            <li key={module.title}>
              <strong>{module.title}</strong>
              <ul className="plain-list">
                {module.topics.map((topic) => (
                  <li key={topic}>{topic}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </PageSection>
      <TeachersSection id="teachers" title="Ведущие" teachers={teachers} />
    </article>
  );
}

/** Live meetings online on the weekdays and hours the schedule names, for as many weeks as the course lasts. */
function liveCourseJsonLd(catalogue: Catalogue, course: LiveCourse, siteUrl: string) {
  const week = weeklySchedule(course.schedule);
  const endDate = new Date(Date.parse(course.startDate) + course.weeks * 7 * 86_400_000).toISOString().slice(0, 10);
  return courseJsonLd(
    {
      name: course.title,
      description: course.description,
      path: liveCourseHref(course.slug),
      provider: organizationRef(catalogue.site, siteUrl),
      price: course.price,
      instance: {
        courseMode: "Online",
        startDate: course.startDate,
        endDate,
        // one weekly schedule per weekday: repeatCount counts weeks (Google's reading: how many times the
        // frequency repeats) and duration is one meeting, and with one meeting a week those agree
        // with any reading of duration (one session, or the time per week)
        ...(week
          ? {
              courseSchedule: week.days.map((day) => ({
                "@type": "Schedule",
                repeatFrequency: "Weekly",
                repeatCount: course.weeks,
                byDay: `https://schema.org/${day}`,
                startTime: week.start,
                endTime: week.end,
                duration: minutesDuration(week.minutes),
                startDate: course.startDate,
                endDate,
                scheduleTimezone: "Europe/Moscow",
              })),
            }
          : {}),
      },
      instructors: teachersOf(catalogue, course.teacherIds),
    },
    siteUrl,
  );
}

export function liveCourseDetail(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  const course = indexes(catalogue).liveCourse.get(c.req.param("slug") ?? "");
  if (!course) return renderNotFound(c);
  return renderPage(c, {
    meta: {
      title: course.title,
      description: course.description,
      jsonLd: [liveCourseJsonLd(catalogue, course, c.env.SITE_URL)],
    },
    breadcrumbs: [...listCrumbs, { label: course.title, href: liveCourseHref(course.slug) }],
    body: <LiveCoursePage catalogue={catalogue} course={course} />,
  });
}
