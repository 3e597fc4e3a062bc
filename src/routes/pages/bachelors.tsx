import type { Context } from "hono";
import { BachelorAdmission } from "../../components/catalogue/BachelorAdmission";
import { Cta } from "../../components/catalogue/Cta";
import { DetailHero } from "../../components/catalogue/DetailHero";
import { GraduationDocument } from "../../components/catalogue/GraduationDocument";
import { CheckListSection, Faq, InPageNav, PageSection, ReviewsSection, TeachersSection } from "../../components/catalogue/blocks";
import { Button } from "../../components/ui/Button";
import { ChevronDownIcon } from "../../components/ui/icons";
import { coverAlt, Picture } from "../../components/ui/Picture";
import { courseJsonLd, higherEducationEntity, legalEntityRef, organizationRef } from "../../components/layout/structured-data";
import type { Catalogue } from "../../services/catalogue/build";
import { graduationDocumentOf } from "../../services/catalogue/graduation";
import { bachelorHref } from "../../services/catalogue/links";
import { postalAddressOf } from "../../services/catalogue/venue";
import { indexes, teachersOf } from "../../services/catalogue/queries";
import { studyYears } from "../../services/catalogue/schedule";
import type { Bachelor } from "../../services/catalogue/schemas";
import { yearlyPrices } from "../../services/pricing";
import { generatedImage } from "../../services/images";
import { formatPrice, pluralize } from "../../services/text";
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
          <span className="tag tag--bachelor">Высшее образование</span>
          <h1>Бакалавриат</h1>
          <p className="list-hero__lead">
            Четыре года фундаментальной подготовки, практика в партнёрских организациях и диплом бакалавра государственного образца.
          </p>
        </header>
        <ul className="card-grid container">
          {catalogue.bachelors.map((bachelor, index) => (
            <li key={bachelor.id}>
              <article className="program-card">
                <Picture
                  kind="program"
                  slug={bachelor.id}
                  alt={coverAlt(bachelor)}
                  sizes="(max-width: 768px) 100vw, (max-width: 1024px) 50vw, 400px"
                  className="program-card__cover"
                  priority={index === 0}
                />
                <div className="program-card__top">
                  <span className="tag tag--bachelor">Высшее образование</span>
                </div>
                <h2 className="program-card__title">
                  <a href={bachelorHref(bachelor)}>{bachelor.title}</a>
                </h2>
                <p className="program-card__meta">
                  {bachelor.duration} · {bachelor.studyForm}
                </p>
                <p className="program-card__price">{formatPrice(bachelor.offlineFullPrice)} в год</p>
                <div className="program-card__actions">
                  <Cta site={catalogue.site} request={{ cta: "submitApplication", blockForAmo: bachelor.title, price: bachelor.offlineFullPrice }} />
                </div>
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
  const reviews = indexes(catalogue).reviewsByBachelor.get(bachelor.id) ?? [];
  const years = studyYears(bachelor.duration);
  const prices = yearlyPrices(bachelor.offlineFullPrice, years);
  const lead = { blockForAmo: bachelor.title, price: bachelor.offlineFullPrice };
  const diploma = graduationDocumentOf(site, "Bachelor");
  const admission = site.bachelorAdmission;
  const links = [
    { id: "admission", label: "Поступление" },
    { id: "outcomes", label: "Чему научитесь" },
    { id: "curriculum", label: "Программа" },
    ...(diploma ? [{ id: "diploma", label: "Документ" }] : []),
    { id: "teachers", label: "Преподаватели" },
    { id: "price", label: "Стоимость" },
    ...(reviews.length > 0 ? [{ id: "reviews", label: "Отзывы" }] : []),
    { id: "faq", label: "Вопросы" },
  ];
  return (
    <article className="program-page">
      <DetailHero
        tag={<span className="tag tag--bachelor">Высшее образование</span>}
        title={bachelor.title}
        facts={[
          { label: "Стоимость", value: `${formatPrice(bachelor.offlineFullPrice)} в год` },
          { label: "Срок обучения", value: bachelor.duration },
          ...(admission
            ? [
                { label: "Начало занятий", value: admission.classesStart },
                { label: "Приём документов", value: admission.documents },
              ]
            : []),
          { label: "Форма", value: bachelor.studyForm },
          { label: "Квалификация", value: bachelor.qualification },
        ]}
        actions={
          <>
            <Cta site={site} request={{ cta: "submitApplication", ...lead }} main />
            <Button href="#admission" variant="outline">
              {site.cta.knowRequirement.trigger}
            </Button>
          </>
        }
        lead={bachelor.description}
        picture={<Picture kind="program" slug={bachelor.id} alt={coverAlt(bachelor)} sizes="(max-width: 768px) 100vw, 480px" className="detail-hero__image" priority />}
      />
      <InPageNav links={links} />
      <PageSection id="admission" title="Поступление: сроки, испытания, баллы" tinted>
        <BachelorAdmission bachelor={bachelor} admission={admission} />
      </PageSection>
      <CheckListSection id="outcomes" title="Чему вы научитесь" items={bachelor.outcomes} />
      <PageSection id="curriculum" title="Программа обучения" tinted>
        <p className="section__lead">По курсам: дисциплины и практика</p>
        <ol className="curriculum">
          {bachelor.curriculum.map((year) => (
            <li key={year.title}>
              <details className="disclosure curriculum__module">
                <summary>
                  <span className="curriculum__title">{year.title}</span>
                  <span className="curriculum__hours">{pluralize(year.disciplines.length, ["дисциплина", "дисциплины", "дисциплин"])}</span>
                  <ChevronDownIcon />
                </summary>
                <ul className="curriculum__topics">
                  {year.disciplines.map((discipline) => (
                    <li key={discipline}>{discipline}</li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ol>
      </PageSection>
      {diploma ? (
        <PageSection id="diploma" title="Документ об окончании">
          <GraduationDocument site={site} title={diploma.document.title} text={diploma.document.text} given={diploma} withAccreditation />
        </PageSection>
      ) : null}
      <TeachersSection id="teachers" title="Преподаватели" teachers={teachers} />
      <PageSection id="price" title="Стоимость и оплата" tinted>
        <div className="price-box">
          <div className="price-box__main">
            <p className="price-box__label">Стоимость обучения в год</p>
            <p className="price-box__price">
              <strong>{formatPrice(prices.year)}</strong>
            </p>
            <p className="price-box__instalment">или {formatPrice(prices.semester)} за семестр</p>
            {prices.total !== null ? <p className="price-box__label">За весь срок обучения — {formatPrice(prices.total)}</p> : null}
          </div>
          <ul className="check-list price-box__options">
            {bachelor.paymentOptions.map((option) => (
              <li key={option}>{option}</li>
            ))}
          </ul>
          <div className="price-box__actions">
            <Cta site={site} request={{ cta: "submitApplication", ...lead }} />
            <Cta site={site} request={{ cta: "consultMe", ...lead }} variant="outline" />
          </div>
        </div>
      </PageSection>
      <ReviewsSection reviews={reviews} />
      <PageSection id="faq" title="Частые вопросы">
        <Faq items={bachelor.faq} />
        <div className="cta-band">
          <p>Готовы поступать? Оставьте заявку — приёмная комиссия проверит документы и расскажет о вступительных испытаниях.</p>
          <Cta site={site} request={{ cta: "submitApplication", ...lead }} variant="violet" />
        </div>
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
      image: generatedImage("program", bachelor.id).src,
      // the whole course's price, as the page gives it (the years times the yearly price), and the yearly price beside it
      price: yearlyPrices(bachelor.offlineFullPrice, studyYears(bachelor.duration)).total ?? bachelor.offlineFullPrice,
      pricePerYear: bachelor.offlineFullPrice,
      credential: bachelor.qualification,
      instance: {
        courseMode: "Blended",
        location: {
          "@type": "Place",
          name: institution?.shortName ?? site.name,
          address: postalAddressOf(institution?.address ?? site.moscowOffice.address, "RU"),
        },
        // a year of study, as many times as the program has years: the content gives no finer pace (decision 017)
        courseSchedule: { "@type": "Schedule", repeatFrequency: "Yearly", repeatCount: studyYears(bachelor.duration), duration: "P1Y" },
      },
      instructors: teachersOf(catalogue, bachelor.teacherIds),
      reviews: indexes(catalogue).reviewsByBachelor.get(bachelor.id) ?? [],
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
