import type { Context } from "hono";
import ProgramPickerButton from "../../components/catalogue/ProgramPickerButton.island";
import { ProgramCard } from "../../components/catalogue/ProgramCard";
import { Button } from "../../components/ui/Button";
import { ArrowRightIcon } from "../../components/ui/icons";
import type { Catalogue } from "../../services/catalogue/build";
import { articleHref, seminarHref, studyFieldHref } from "../../services/catalogue/links";
import { menuCounts } from "../../services/catalogue/menu";
import { sortPrograms } from "../../services/catalogue/sort";
import { formatDayMonth, formatMoscowTime } from "../../services/dates";
import { formatPrice, pluralize } from "../../services/text";
import type { AppEnv } from "../../worker/env";
import { renderPage } from "../../worker/render";

const POPULAR_ON_HOME = 6;
const SEMINARS_ON_HOME = 3;
const ARTICLES_ON_HOME = 3;

function HomePage({ catalogue, now }: { catalogue: Catalogue; now: number }) {
  const { site } = catalogue;
  const popular = sortPrograms(catalogue.programs).slice(0, POPULAR_ON_HOME);
  const seminars = catalogue.seminars
    .filter((s) => Date.parse(s.targetDate) > now)
    .sort((a, b) => a.targetDate.localeCompare(b.targetDate))
    .slice(0, SEMINARS_ON_HOME);
  const articles = [...catalogue.journal].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)).slice(0, ARTICLES_ON_HOME);
  const counts = menuCounts(catalogue);
  const programsIn = (slug: string) => catalogue.programs.filter((p) => p.studyFieldSlug === slug).length;

  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="hero__eyebrow">Дистанционное обучение с дипломом установленного образца</p>
            <h1 className="hero__title">Станьте психологом, который по-настоящему помогает людям</h1>
            <p className="hero__lead">
              Профессиональная переподготовка, повышение квалификации, бакалавриат и практика под супервизией. Учитесь из
              России, Казахстана, Узбекистана или любой другой страны.
            </p>
            <div className="hero__actions">
              <ProgramPickerButton label="Подобрать программу" />
              <Button href="/incomers" variant="outline">
                Как поступить
              </Button>
            </div>
          </div>
          <dl className="hero__stats">
            <div>
              <dt>Программ обучения</dt>
              <dd>{counts.all}</dd>
            </div>
            <div>
              <dt>Преподавателей-практиков</dt>
              <dd>{catalogue.teachers.length}</dd>
            </div>
            <div>
              <dt>Скидка на программы</dt>
              <dd>{site.discount}</dd>
            </div>
          </dl>
        </div>
      </section>

      <section className="section container" aria-labelledby="fields-title">
        <h2 id="fields-title" className="section__title">
          Направления обучения
        </h2>
        <ul className="field-grid">
          {catalogue.studyFields.map((field) => (
            <li key={field.slug}>
              <a className="field-card" href={studyFieldHref(field.slug)}>
                <span className="field-card__title">{field.title}</span>
                <span className="field-card__count">{pluralize(programsIn(field.slug), ["программа", "программы", "программ"])}</span>
                <ArrowRightIcon className="field-card__arrow" />
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="section section--tinted" aria-labelledby="popular-title">
        <div className="container">
          <div className="section__head">
            <h2 id="popular-title" className="section__title">
              Популярные программы
            </h2>
            <a className="section__more" href="/programs">
              Все программы <ArrowRightIcon />
            </a>
          </div>
          <ul className="card-grid">
            {popular.map((program) => (
              <li key={program.id}>
                <ProgramCard program={program} discount={site.discount} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      {seminars.length > 0 ? (
        <section className="section container" aria-labelledby="seminars-title">
          <div className="section__head">
            <h2 id="seminars-title" className="section__title">
              Ближайшие семинары
            </h2>
            <a className="section__more" href="/lectorium">
              Все семинары <ArrowRightIcon />
            </a>
          </div>
          <ul className="card-grid">
            {seminars.map((seminar) => (
              <li key={seminar.id}>
                <article className="event-card">
                  <p className="event-card__date">
                    <time dateTime={seminar.targetDate}>
                      {formatDayMonth(seminar.targetDate)}, {formatMoscowTime(seminar.targetDate)} мск
                    </time>
                  </p>
                  <h3 className="event-card__title">
                    <a href={seminarHref(seminar)}>{seminar.title}</a>
                  </h3>
                  <p className="event-card__subtitle">{seminar.subtitle}</p>
                  <p className="event-card__price">{seminar.price > 0 ? formatPrice(seminar.price) : "Бесплатно"}</p>
                </article>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="section section--tinted" aria-labelledby="journal-title">
        <div className="container">
          <div className="section__head">
            <h2 id="journal-title" className="section__title">
              Журнал
            </h2>
            <a className="section__more" href="/journal">
              Все статьи <ArrowRightIcon />
            </a>
          </div>
          <ul className="card-grid">
            {articles.map((article) => (
              <li key={article.id}>
                <article className="article-card">
                  <h3 className="article-card__title">
                    <a href={articleHref(article.slug)}>{article.title}</a>
                  </h3>
                  <p className="article-card__excerpt">{article.excerpt}</p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

export function renderHome(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  return renderPage(c, {
    meta: { description: catalogue.site.defaultDescription },
    body: <HomePage catalogue={catalogue} now={Date.now()} />,
  });
}
