import type { Context } from "hono";
import { TextBlocks } from "../../components/catalogue/TextBlocks";
import { Cta } from "../../components/catalogue/Cta";
import { Faq, PageSection } from "../../components/catalogue/blocks";
import FreeAccessForm from "../../components/forms/NothingFound.island";
import { FREE_ACCESS_TEXTS } from "../../components/forms/NothingFoundPanel";
import type { Crumb } from "../../components/layout/Breadcrumbs";
import type { Block } from "../../services/catalogue/institute-schemas";
import type { AppEnv } from "../../server/env";
import { renderPage } from "../../render/render";
import { PAGE_CTA_LABELS } from "../../services/catalogue/cta-labels";

const home: Crumb = { label: "Главная", href: "/" };
const crumbs = (label: string, href: string): Crumb[] => [home, { label, href }];

function TextPage({ title, lead, body }: { title: string; lead: string; body: Block[] }) {
  return (
    <article className="container text-page">
      <h1>{title}</h1>
      <p className="text-page__lead">{lead}</p>
      <div className="prose">
        <TextBlocks blocks={body} />
      </div>
    </article>
  );
}

export function aboutPage(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  const { about } = catalogue.pages;
  return renderPage(c, {
    meta: { title: about.title, description: about.lead },
    breadcrumbs: crumbs(about.title, "/ourInstitute"),
    body: (
      <article className="container text-page">
        <h1>{about.title}</h1>
        <p className="text-page__lead">{about.lead}</p>
        <ul className="figures" aria-label="Институт в цифрах">
          {about.facts.map((fact) => (
            <li key={fact.label}>
              <strong className="figures__value">{fact.value}</strong> {fact.label}
            </li>
          ))}
        </ul>
        <div className="prose">
          <TextBlocks blocks={about.body} />
        </div>
        <div className="cta-band">
          <p>Хотите узнать больше об институте и обучении?</p>
          <Cta site={catalogue.site} request={{ cta: "learnAboutUs", blockForAmo: PAGE_CTA_LABELS.institute }} variant="violet" />
        </div>
      </article>
    ),
  });
}

export function incomersPage(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  const page = catalogue.pages.incomers;
  return renderPage(c, {
    meta: { title: page.title, description: page.lead },
    breadcrumbs: crumbs(page.title, "/incomers"),
    body: (
      <>
        <header className="list-hero container">
          <h1>{page.title}</h1>
          <p className="list-hero__lead">{page.lead}</p>
          <Cta site={catalogue.site} request={{ cta: "knowRequirement", blockForAmo: PAGE_CTA_LABELS.applicants }} />
        </header>
        <PageSection id="steps" title="Как поступить">
          <ol className="steps">
            {page.steps.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </PageSection>
        <PageSection id="rules" title="Правила приёма" tinted>
          <ul className="check-list">
            {page.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </PageSection>
        <PageSection id="documents" title="Какие документы нужны">
          <ul className="check-list">
            {page.documents.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </PageSection>
        <PageSection id="deadlines" title="Сроки" tinted>
<TextBlocks blocks={[{ type: "table", rows: page.deadlines }]} />
        </PageSection>
        <PageSection id="faq" title="Частые вопросы">
          <Faq items={page.faq} />
        </PageSection>
      </>
    ),
  });
}

export function vacanciesPage(c: Context<AppEnv>) {
  const { pages, vacancies, site } = c.get("catalogue");
  const hr = site.emails.find((e) => /кадр|hr|персонал/i.test(e.label))?.email ?? site.emails[0]!.email;
  return renderPage(c, {
    meta: { title: pages.vacancies.title, description: pages.vacancies.lead },
    breadcrumbs: crumbs(pages.vacancies.title, "/vacancies"),
    body: (
      <article className="container text-page text-page--wide">
        <h1>{pages.vacancies.title}</h1>
        <p className="text-page__lead">{pages.vacancies.lead}</p>
        <ul className="vacancy-list">
          {vacancies.map((vacancy) => (
            <li key={vacancy.id}>
              <article className="vacancy">
                <h2>{vacancy.title}</h2>
                <p className="vacancy__meta">
                  {vacancy.department} · {vacancy.employment}
                  {vacancy.salary ? ` · ${vacancy.salary}` : ""}
                </p>
                <p>{vacancy.description}</p>
                <h3>Чем предстоит заниматься</h3>
                <ul className="plain-list">
                  {vacancy.duties.map((duty) => (
                    <li key={duty}>{duty}</li>
                  ))}
                </ul>
                <h3>Что для нас важно</h3>
                <ul className="plain-list">
                  {vacancy.requirements.map((requirement) => (
                    <li key={requirement}>{requirement}</li>
                  ))}
                </ul>
                <a className="btn btn--outline" href={`mailto:${hr}?subject=${encodeURIComponent(`Вакансия: ${vacancy.title}`)}`}>
                  <span className="btn__label">Откликнуться</span>
                </a>
              </article>
            </li>
          ))}
        </ul>
      </article>
    ),
  });
}

export function partnersPage(c: Context<AppEnv>) {
  const { pages, partners, site } = c.get("catalogue");
  const page = pages.partners;
  const programs = [
    { ...page.partnerProgram, href: site.links.partnerProgram },
    { ...page.referralProgram, href: site.links.inviteFriend },
  ];
  return renderPage(c, {
    meta: { title: page.title, description: page.lead },
    breadcrumbs: crumbs(page.title, "/partners"),
    body: (
      <article className="container text-page text-page--wide">
        <h1>{page.title}</h1>
        <p className="text-page__lead">{page.lead}</p>
        <div className="entity-grid">
          {programs.map((program) => (
            <section key={program.title} className="entity-card">
              <h2>{program.title}</h2>
              <p>{program.text}</p>
              <ul className="check-list check-list--single">
                {program.conditions.map((condition) => (
                  <li key={condition}>{condition}</li>
                ))}
              </ul>
              <a className="btn btn--violet" href={program.href} target="_blank" rel="noopener noreferrer">
                <span className="btn__label">Подробнее</span>
              </a>
            </section>
          ))}
        </div>
        <h2>Наши партнёры</h2>
        <ul className="partner-list">
          {partners.map((partner) => (
            <li key={partner.id} className="partner">
              <h3>{partner.url ? <a href={partner.url} target="_blank" rel="noopener noreferrer">{partner.name}</a> : partner.name}</h3>
              <p>{partner.description}</p>
            </li>
          ))}
        </ul>
      </article>
    ),
  });
}

export const legalPage = (c: Context<AppEnv>) => {
  const page = c.get("catalogue").pages.legal;
  return renderPage(c, { meta: { title: page.title, description: page.lead }, breadcrumbs: crumbs(page.title, "/legal"), body: <TextPage {...page} /> });
};

export const legalEduPage = (c: Context<AppEnv>) => {
  const page = c.get("catalogue").pages.legalEdu;
  return renderPage(c, { meta: { title: page.title, description: page.lead }, breadcrumbs: crumbs(page.title, "/legal_edu"), body: <TextPage {...page} /> });
};

export function paymentPage(c: Context<AppEnv>) {
  const page = c.get("catalogue").pages.payment;
  return renderPage(c, {
    meta: { title: page.title, description: page.lead },
    breadcrumbs: crumbs(page.title, "/payment_edu_mip"),
    body: (
      <article className="container text-page text-page--wide">
        <h1>{page.title}</h1>
        <p className="text-page__lead">{page.lead}</p>
        <ul className="feature-grid">
          {page.methods.map((method) => (
            <li key={method.title} className="feature">
              <h2 className="feature__title">{method.title}</h2>
              <p>{method.text}</p>
            </li>
          ))}
        </ul>
        <h2>Реквизиты для оплаты</h2>
        <TextBlocks blocks={[{ type: "table", rows: page.details }]} />
        <div className="prose">
          <TextBlocks blocks={page.body} />
        </div>
      </article>
    ),
  });
}

export function ratingPage(c: Context<AppEnv>) {
  const page = c.get("catalogue").pages.rating;
  return renderPage(c, {
    meta: { title: page.title, description: page.lead },
    breadcrumbs: crumbs(page.title, "/rating"),
    body: (
      <article className="container text-page text-page--wide">
        <h1>{page.title}</h1>
        <p className="text-page__lead">{page.lead}</p>
        <ul className="feature-grid">
          {page.items.map((item) => (
            <li key={`${item.source}-${item.year}`} className="feature">
              <p className="rating__place">{item.place}</p>
              <h2 className="feature__title">
                {item.source}, {item.year}
              </h2>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </article>
    ),
  });
}

/** `/free-access`: a short form for a free trial of the distance-learning system; the lead goes through the outbox. */
export function freeAccessPage(c: Context<AppEnv>) {
  const { pages, site } = c.get("catalogue");
  const page = pages.freeAccess;
  return renderPage(c, {
    meta: { title: page.title, description: page.lead },
    breadcrumbs: crumbs(page.title, "/free-access"),
    body: (
      <article className="container text-page">
        <h1>{page.title}</h1>
        <p className="text-page__lead">{page.lead}</p>
        <ul className="check-list check-list--single">
          {page.benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        <FreeAccessForm
          idPrefix="free-access"
          form="freeAccess"
          {...(page.form ?? FREE_ACCESS_TEXTS)}
          area={c.var.area}
          thanks={{ giftExchange: site.links.giftExchange, messengerChannel: site.links.messengerChannel }}
        />
      </article>
    ),
  });
}
