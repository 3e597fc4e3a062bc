import type { Context } from "hono";
import { ArticleCard } from "../../components/catalogue/ArticleCard";
import { Cta } from "../../components/catalogue/Cta";
import { ProgramPickerLink } from "../../components/catalogue/ProgramPickerLink";
import { ProgramCard } from "../../components/catalogue/ProgramCard";
import { ReviewCard, TeacherCard } from "../../components/catalogue/blocks";
import { SeminarCard } from "../../components/catalogue/SeminarCard";
import { Button } from "../../components/ui/Button";
import { Carousel } from "../../components/ui/Carousel";
import { ArrowRightIcon } from "../../components/ui/icons";
import type { Catalogue } from "../../services/catalogue/build";
import { studyFieldHref } from "../../services/catalogue/links";
import { programMenu } from "../../services/catalogue/menu";
import { figures, upcomingSeminars } from "../../services/catalogue/queries";
import { sortPrograms } from "../../services/catalogue/sort";
import { nounOf, pluralize } from "../../services/text";
import type { AppEnv } from "../../server/env";
import { renderPage } from "../../render/render";
import type { VisitorArea } from "../../services/visitor-area";
import { PAGE_CTA_LABELS } from "../../services/catalogue/cta-labels";

const POPULAR_ON_HOME = 6;
const SEMINARS_ON_HOME = 3;
const ARTICLES_ON_HOME = 3;
const REVIEWS_ON_HOME = 8;
/** The first teachers by their order; the rest are a click away on /teachers, so the page does not grow with the staff. */
export const TEACHERS_ON_HOME = 8;

function SectionHead({ id, title, href, more }: { id: string; title: string; href: string; more: string }) {
  return (
    <div className="section__head">
      <h2 id={id} className="section__title">
        {title}
      </h2>
      <a className="section__more" href={href}>
        {more} <ArrowRightIcon />
      </a>
    </div>
  );
}

function HomePage({ catalogue, now, area }: { catalogue: Catalogue; now: number; area: VisitorArea }) {
  const { site } = catalogue;
  const popular = sortPrograms(catalogue.programs).slice(0, POPULAR_ON_HOME);
  const seminars = upcomingSeminars(catalogue, now).slice(0, SEMINARS_ON_HOME);
  const articles = [...catalogue.journal].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)).slice(0, ARTICLES_ON_HOME);
  const reviews = [...catalogue.reviews].sort((a, b) => b.date.localeCompare(a.date)).slice(0, REVIEWS_ON_HOME);
  const teachers = sortPrograms(catalogue.teachers, "idx").slice(0, TEACHERS_ON_HOME);
  const stated = figures(catalogue);
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
              <ProgramPickerLink label="Подобрать программу" main />
              <Button href="/incomers" variant="outline">
                Как поступить
              </Button>
            </div>
          </div>
          <dl className="hero__stats">
            <div>
              <dt>{nounOf(stated.programs, ["программа обучения", "программы обучения", "программ обучения"])}</dt>
              <dd>{stated.programs}</dd>
            </div>
            <div>
              <dt>{nounOf(stated.teachers, ["преподаватель-практик", "преподавателя-практика", "преподавателей-практиков"])}</dt>
              <dd>{stated.teachers}</dd>
            </div>
            <div>
              <dt>Скидка на программы</dt>
              <dd data-fact="discount">{site.discount}</dd>
            </div>
          </dl>
        </div>
      </section>

      <section className="section container" aria-labelledby="types-title">
        <h2 id="types-title" className="section__title">
          Чему можно научиться
        </h2>
        <ul className="type-grid">
          {programMenu(catalogue)
            .filter((section) => section.type !== "all")
            .map((section) => (
              <li key={section.type}>
                <a className="type-card" href={section.href}>
                  <span className="type-card__title">{section.label}</span>
                  <span className="type-card__count">{pluralize(section.count, ["программа", "программы", "программ"])}</span>
                </a>
              </li>
            ))}
        </ul>
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
          <SectionHead id="popular-title" title="Популярные программы" href="/programs" more="Все программы" />
          <ul className="card-grid">
            {popular.map((program) => (
              <li key={program.id}>
                <ProgramCard program={program} discount={site.discount} instalment={site.instalment} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      {seminars.length > 0 ? (
        <section className="section container" aria-labelledby="seminars-title">
          <SectionHead id="seminars-title" title="Ближайшие семинары" href="/lectorium" more="Все семинары" />
          <ul className="card-grid">
            {seminars.map((seminar) => (
              <li key={seminar.id}>
                <SeminarCard seminar={seminar} area={area} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="section container" aria-labelledby="teachers-title">
        <SectionHead id="teachers-title" title="Преподаватели" href="/teachers" more="Все преподаватели" />
        <Carousel id="teachers-track" label="Преподаватели">
          {teachers.map((teacher) => (
            <li key={teacher.id} className="carousel__item carousel__item--narrow">
              <TeacherCard teacher={teacher} />
            </li>
          ))}
        </Carousel>
      </section>

      <section className="section section--tinted" aria-labelledby="reviews-title">
        <div className="container">
          <SectionHead id="reviews-title" title="Отзывы студентов" href="/reviews" more="Все отзывы" />
          <Carousel id="reviews-track" label="Отзывы">
            {reviews.map((review) => (
              <li key={review.id} className="carousel__item">
                <ReviewCard review={review} />
              </li>
            ))}
          </Carousel>
        </div>
      </section>

      <section className="section container" aria-labelledby="journal-title">
        <SectionHead id="journal-title" title="Журнал" href="/journal" more="Все статьи" />
        <ul className="card-grid">
          {articles.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      </section>

      <section className="section container" aria-labelledby="lead-title">
        <div className="lead-band">
          <div>
            <h2 id="lead-title" className="lead-band__title">
              Не знаете, с чего начать?
            </h2>
            <p>Расскажите о себе — специалист приёмной комиссии подберёт программу под ваше образование и цели.</p>
          </div>
          <Cta site={site} request={{ cta: "chooseProgram", blockForAmo: PAGE_CTA_LABELS.home }} />
        </div>
      </section>
    </>
  );
}

export function renderHome(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  return renderPage(c, {
    meta: { description: catalogue.site.defaultDescription },
    body: <HomePage catalogue={catalogue} now={Date.now()} area={c.var.area} />,
  });
}
