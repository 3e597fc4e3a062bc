import type { Context } from "hono";
import { Cta } from "../../components/catalogue/Cta";
import { DetailHero } from "../../components/catalogue/DetailHero";
import { CheckListSection, TeachersSection } from "../../components/catalogue/blocks";
import { courseJsonLd, academicHoursWorkload, organizationRef } from "../../components/layout/structured-data";
import type { Catalogue } from "../../services/catalogue/build";
import { practicalTrainingHref } from "../../services/catalogue/links";
import { indexes, teachersOf } from "../../services/catalogue/queries";
import type { PracticalTraining } from "../../services/catalogue/schemas";
import { postalAddressOf } from "../../services/catalogue/venue";
import { formatPrice } from "../../services/text";
import type { AppEnv } from "../../server/env";
import { renderPage } from "../../render/render";
import { renderNotFound } from "../../render/error-pages";

const listCrumbs = [
  { label: "Главная", href: "/" },
  { label: "Практическая подготовка", href: "/practical-training" },
];

function TrainingImage({ training, priority = false }: { training: PracticalTraining; priority?: boolean }) {
  const { heroPicture } = training;
  return (
    <img
      className="training-image"
      src={heroPicture.url}
      width={heroPicture.width}
      height={heroPicture.height}
      alt={heroPicture.alt}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
    />
  );
}

export function practicalList(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  return renderPage(c, {
    meta: {
      title: "Практическая подготовка психологов",
      description: "Супервизия, интервизия и практикумы на реальных запросах: практика, без которой не бывает уверенного психолога.",
    },
    breadcrumbs: listCrumbs,
    body: (
      <>
        <header className="list-hero container">
          <h1>Практическая подготовка</h1>
          <p className="list-hero__lead">
            Групповая супервизия, практикумы и интервизионные группы: работа с реальными запросами под руководством опытных специалистов.
          </p>
        </header>
        <ul className="card-grid container">
          {catalogue.practicalTrainings.map((training) => (
            <li key={training.id}>
              <article className="program-card">
                <TrainingImage training={training} />
                <div className="program-card__top">
                  <span className="tag tag--shortterm">Практика</span>
                </div>
                <h2 className="program-card__title">
                  <a href={practicalTrainingHref(training)}>{training.title}</a>
                </h2>
                <p className="program-card__meta">
                  {training.duration} · {training.hours} ч.
                </p>
                <p className="program-card__price">{formatPrice(training.price)}</p>
              </article>
            </li>
          ))}
        </ul>
      </>
    ),
  });
}

function TrainingPage({ catalogue, training }: { catalogue: Catalogue; training: PracticalTraining }) {
  const { site } = catalogue;
  const teachers = teachersOf(catalogue, training.teacherIds);
  const lead = { blockForAmo: training.title, price: training.price };
  return (
    <article>
      <DetailHero
        tag={<span className="tag tag--shortterm">Практика</span>}
        title={training.title}
        facts={[
          { label: "Стоимость", value: formatPrice(training.price) },
          { label: "Длительность", value: training.duration },
          { label: "Объём", value: `${training.hours} ч.` },
          { label: "Формат", value: training.format },
        ]}
        actions={
          <>
            <Cta site={site} request={{ cta: "takePart", ...lead }} main />
            <Cta site={site} request={{ cta: "askQuestion", ...lead }} variant="outline" />
          </>
        }
        lead={training.description}
        picture={<TrainingImage training={training} priority />}
      />
      <CheckListSection id="outcomes" title="Что даёт практика" tinted items={training.outcomes} />
      <TeachersSection id="teachers" title="Ведущие" teachers={teachers} />
    </article>
  );
}

/** `/practical-training/{slug}`, including the two fixed entries: supervision and build-your-brand. */
/** Meetings in person (the format says «Очно…») make a training Blended, at the offices it names. */
function trainingInstance(site: Catalogue["site"], training: PracticalTraining) {
  if (!/очно/i.test(training.format)) return { courseMode: "Online", courseWorkload: academicHoursWorkload(training.hours) };
  const office = (name: string, address: string, country: string) => ({
    "@type": "Place",
    name,
    address: postalAddressOf(address, country),
  });
  const offices = [
    ...(/москв/i.test(training.format) ? [office(`${site.name}, Москва`, site.moscowOffice.address, "RU")] : []),
    ...(/алмат/i.test(training.format) ? [office(`${site.name}, Алматы`, site.almatyOffice.address, "KZ")] : []),
  ];
  return {
    courseMode: "Blended",
    location: offices.length > 0 ? offices : office(site.name, site.moscowOffice.address, "RU"),
    courseWorkload: academicHoursWorkload(training.hours),
  };
}

function trainingJsonLd(catalogue: Catalogue, training: PracticalTraining, siteUrl: string) {
  return courseJsonLd(
    {
      name: training.title,
      description: training.description,
      path: practicalTrainingHref(training),
      image: training.heroPicture.url,
      provider: organizationRef(catalogue.site, siteUrl),
      price: training.price,
      instance: trainingInstance(catalogue.site, training),
      instructors: teachersOf(catalogue, training.teacherIds),
    },
    siteUrl,
  );
}

export function practicalDetail(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  const training = indexes(catalogue).practicalTraining.get(c.req.param("slug") ?? "");
  if (!training) return renderNotFound(c);
  return renderPage(c, {
    meta: {
      title: training.title,
      description: training.description,
      jsonLd: [trainingJsonLd(catalogue, training, c.env.SITE_URL)],
    },
    breadcrumbs: [...listCrumbs, { label: training.title, href: practicalTrainingHref(training) }],
    body: <TrainingPage catalogue={catalogue} training={training} />,
  });
}
