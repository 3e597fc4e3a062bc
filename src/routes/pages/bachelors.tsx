import type { Context } from "hono";
import { Cta } from "../../components/catalogue/Cta";
import { CheckListSection, Faq, PageSection, TeachersSection } from "../../components/catalogue/blocks";
import { courseJsonLd, higherEducationEntity, legalEntityRef, organizationRef } from "../../components/layout/structured-data";
import type { Catalogue } from "../../services/catalogue/build";
import { bachelorHref } from "../../services/catalogue/links";
import { indexes, teachersOf } from "../../services/catalogue/queries";
import { studyYears } from "../../services/catalogue/schedule";
import type { Bachelor } from "../../services/catalogue/schemas";
import { formatPrice } from "../../services/text";
import type { AppEnv } from "../../server/env";
import { renderPage } from "../../render/render";
import { renderNotFound } from "../../render/error-pages";

const listCrumbs = [
  { label: "Главная", href: "/" },
  { label: "Высшее образование", href: "/bachelor" },
];

export function bachelorsList(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  return renderPage(c, {
    meta: {
      title: "Бакалавриат по психологии",
      description: "Высшее образование по психологии очно-заочно с применением дистанционных технологий: диплом бакалавра.",
    },
    breadcrumbs: listCrumbs,
    body: (
      <>
        <header className="list-hero container">
          <span className="tag">Высшее образование</span>
          <h1>Бакалавриат</h1>
          <p className="list-hero__lead">
            Четыре года фундаментальной подготовки, практика в партнёрских организациях и диплом бакалавра государственного образца.
          </p>
        </header>
        <ul className="card-grid container">
          {catalogue.bachelors.map((bachelor) => (
            <li key={bachelor.id}>
              <article className="program-card">
                <div className="program-card__top">
                  <span className="tag">ВО</span>
                </div>
                <h2 className="program-card__title">
                  <a href={bachelorHref(bachelor)}>{bachelor.title}</a>
                </h2>
                <p className="program-card__meta">
                  {bachelor.duration} · {bachelor.studyForm}
                </p>
                <p className="program-card__price">{formatPrice(bachelor.offlineFullPrice)} в год</p>
              </article>
            </li>
          ))}
        </ul>
      </>
    ),
  });
}

function BachelorPage({ catalogue, bachelor }: { catalogue: Catalogue; bachelor: Bachelor }) {
  const { site } = catalogue;
  const teachers = teachersOf(catalogue, bachelor.teacherIds);
  const lead = { blockForAmo: bachelor.title, price: bachelor.offlineFullPrice };
  return (
    <article>
      <header className="detail-hero">
        <div className="container">
          <span className="tag">Высшее образование</span>
          <h1 className="detail-hero__title">{bachelor.title}</h1>
          <p className="detail-hero__lead">{bachelor.description}</p>
          <dl className="facts">
            <div>
              <dt>Срок обучения</dt>
              <dd>{bachelor.duration}</dd>
            </div>
            <div>
              <dt>Форма</dt>
              <dd>{bachelor.studyForm}</dd>
            </div>
            <div>
              <dt>Квалификация</dt>
              <dd>{bachelor.qualification}</dd>
            </div>
            <div>
              <dt>Стоимость</dt>
              <dd>{formatPrice(bachelor.offlineFullPrice)} в год</dd>
            </div>
          </dl>
          <div className="detail-hero__actions">
            <Cta site={site} request={{ cta: "submitApplication", ...lead }} />
            <Cta site={site} request={{ cta: "knowRequirement", ...lead }} variant="outline" />
          </div>
        </div>
      </header>
      <CheckListSection id="exams" title="Вступительные испытания" tinted items={bachelor.entranceExams} />
      <CheckListSection id="outcomes" title="Чему вы научитесь" items={bachelor.outcomes} />
      <TeachersSection id="teachers" title="Преподаватели" tinted teachers={teachers} />
      <PageSection id="faq" title="Частые вопросы">
        <Faq items={bachelor.faq} />
      </PageSection>
    </article>
  );
}

/**
 * A bachelor's program as a Course of the higher-education institution: part-time with distance
 * technologies and sessions at the institution (Blended), year by year.
 */
function bachelorJsonLd(catalogue: Catalogue, bachelor: Bachelor, siteUrl: string) {
  const { site } = catalogue;
  const institution = higherEducationEntity(site);
  return courseJsonLd(
    {
      name: bachelor.title,
      description: bachelor.description,
      path: bachelorHref(bachelor),
      provider: institution ? legalEntityRef(site, siteUrl, institution) : organizationRef(site, siteUrl),
      price: bachelor.offlineFullPrice,
      credential: bachelor.qualification,
      instance: {
        courseMode: "Blended",
        location: {
          "@type": "Place",
          name: institution?.shortName ?? site.name,
          address: { "@type": "PostalAddress", streetAddress: institution?.address ?? site.moscowOffice.address, addressCountry: "RU" },
        },
        courseSchedule: { "@type": "Schedule", repeatFrequency: "Yearly", repeatCount: studyYears(bachelor.duration), duration: "P1Y" },
      },
      instructors: teachersOf(catalogue, bachelor.teacherIds),
    },
    siteUrl,
  );
}

export function bachelorDetail(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  const bachelor = indexes(catalogue).bachelor.get(c.req.param("slug") ?? "");
  if (!bachelor) return renderNotFound(c);
  return renderPage(c, {
    meta: {
      title: `${bachelor.title}: бакалавриат`,
      description: bachelor.description,
      jsonLd: [bachelorJsonLd(catalogue, bachelor, c.env.SITE_URL)],
    },
    breadcrumbs: [...listCrumbs, { label: bachelor.title, href: bachelorHref(bachelor) }],
    body: <BachelorPage catalogue={catalogue} bachelor={bachelor} />,
  });
}
