import type { Context } from "hono";
import { AfterHero } from "../../components/catalogue/AfterHero";
import { Cta } from "../../components/catalogue/Cta";
import { CheckListSection, Faq, InPageNav, PageSection, ReviewsSection, TeachersSection } from "../../components/catalogue/blocks";
import type { Crumb } from "../../components/layout/Breadcrumbs";
import { courseJsonLd, academicHoursWorkload, organizationRef } from "../../components/layout/structured-data";
import { ChevronDownIcon } from "../../components/ui/icons";
import { DetailHero } from "../../components/catalogue/DetailHero";
import { GraduationDocument } from "../../components/catalogue/GraduationDocument";
import { LocalPrice, PriceWithMonthly } from "../../components/catalogue/Price";
import { coverAlt, Picture } from "../../components/ui/Picture";
import type { Catalogue, Program, ProgramDetails } from "../../services/catalogue/build";
import { programDetailsOf } from "../../services/catalogue/program-details";
import { documentHref } from "../../services/catalogue/documents";
import { graduationDocumentOf } from "../../services/catalogue/graduation";
import { programHref, studyFieldHref } from "../../services/catalogue/links";
import { indexes, teachersOf } from "../../services/catalogue/queries";
import type { CtaKey, ProgramType } from "../../services/catalogue/schemas";
import { typeTag } from "../../services/catalogue/tags";
import { formatDayMonthYear } from "../../services/dates";
import { type LocalRate, localRateFor, rateDateText } from "../../services/exchange-rates";
import { generatedImage } from "../../services/images";
import { discountedPrice, instalmentOf, instalmentOption, monthlyText } from "../../services/pricing";
import { formatPrice, pluralize } from "../../services/text";
import type { AppEnv } from "../../server/env";
import { renderPage } from "../../render/render";
import { renderNotFound, renderWithPart } from "../../render/error-pages";

const signUpKey: Record<ProgramType, CtaKey> = {
  Profession: "signUpForProfession",
  Course: "signUpForCourse",
  ShortTerm: "signUpForProgramm",
};

function ProgramPage({ catalogue, program: summary, details, local }: { catalogue: Catalogue; program: Program; details: ProgramDetails; local?: LocalRate }) {
  const program = { ...summary, ...details };
  const { site } = catalogue;
  const index = indexes(catalogue);
  const teachers = teachersOf(catalogue, program.teacherIds);
  const reviews = index.reviewsByProgram.get(program.id) ?? [];
  const price = discountedPrice(program.price, site.discount);
  const instalment = instalmentOf(price, program.instalmentMonths, site.instalment);
  const months = (n: number) => pluralize(n, ["месяц", "месяца", "месяцев"]);
  const paymentOptions = instalment
    ? [...program.paymentOptions.slice(0, 1), instalmentOption(instalment), ...program.paymentOptions.slice(1)]
    : program.paymentOptions;
  const lead = { blockForAmo: program.title, price };
  const freeAccess = catalogue.pages.freeAccess.offer;
  const links = [
    { id: "for-whom", label: "Для кого" },
    { id: "outcomes", label: "Чему научитесь" },
    { id: "curriculum", label: "Программа" },
    { id: "diploma", label: "Документ" },
    { id: "teachers", label: "Преподаватели" },
    { id: "price", label: "Стоимость" },
    ...(reviews.length > 0 ? [{ id: "reviews", label: "Отзывы" }] : []),
    { id: "faq", label: "Вопросы" },
  ];

  return (
    <article className="program-page">
      <DetailHero
        tag={<span className={`tag tag--${program.type.toLowerCase()}`}>{typeTag(program.type)}</span>}
        title={program.title}
        facts={[
          {
            label: "Старт",
            value: (
              <time dateTime={program.startDate} data-fact="start">
                {formatDayMonthYear(program.startDate)}
              </time>
            ),
          },
          { label: "Стоимость", value: <PriceWithMonthly full={program.price} price={price} instalment={instalment} local={local} /> },
          { label: "Длительность", value: `${program.duration}, ${pluralize(program.hours, ["час", "часа", "часов"])}` },
          { label: "Формат", value: program.format },
          // the document a graduate gets, named where a visitor decides, with its sample further down (issue 42, decision 061)
          { label: "Документ", value: <a href="#diploma">{program.diploma.title}</a>, wide: true },
        ]}
        actions={
          <>
            <Cta site={site} request={{ cta: signUpKey[program.type], ...lead }} main />
            <Cta site={site} request={{ cta: "getFullProgram", ...lead }} variant="outline" />
          </>
        }
        lead={program.description}
        picture={<Picture kind="program" slug={program.id} alt={coverAlt(program)} sizes="(max-width: 768px) 100vw, 480px" className="detail-hero__image" priority />}
      />

      <AfterHero
        bar={{
          label: "Цена и запись",
          price: (
            <>
              <span className="sticky-actions__label">
                Со скидкой <span data-fact="discount">{site.discount}</span>
              </span>
              <span className="price-old">{formatPrice(program.price)}</span> <strong>{formatPrice(price)}</strong>
              {instalment ? <span className="sticky-actions__monthly">или {monthlyText(instalment)}</span> : null}
            </>
          ),
          action: <Cta site={site} request={{ cta: signUpKey[program.type], ...lead }} />,
        }}
      >
        <InPageNav links={links} />

        <PageSection id="for-whom" title="Для кого эта программа">
          <ul className="feature-grid">
            {program.forWhom.map((item) => (
              <li key={item.title} className="feature">
                <h3 className="feature__title">{item.title}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
        </PageSection>

        <CheckListSection id="outcomes" title="Чему вы научитесь" tinted items={program.outcomes} />

        <PageSection id="curriculum" title="Программа обучения">
          <p className="section__lead">
            {pluralize(program.modules.length, ["модуль", "модуля", "модулей"])}, {pluralize(program.hours, ["час", "часа", "часов"])}
          </p>
          <ol className="curriculum">
            {program.modules.map((module, number) => (
              <li key={module.title}>
                <details className="disclosure curriculum__module">
                  <summary>
                    <span className="curriculum__number">Модуль {number + 1}</span>
                    <span className="curriculum__title">{module.title}</span>
                    <span className="curriculum__hours">{pluralize(module.hours, ["час", "часа", "часов"])}</span>
                    <ChevronDownIcon />
                  </summary>
                  <ul className="curriculum__topics">
                    {module.topics.map((topic) => (
                      <li key={topic}>{topic}</li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
          </ol>
          <Cta site={site} request={{ cta: "getFullProgram", ...lead }} variant="violet" />
        </PageSection>

        <PageSection id="diploma" title="Документ об окончании" tinted>
          <GraduationDocument site={site} title={program.diploma.title} text={program.diploma.text} given={graduationDocumentOf(site, program.type)} />
        </PageSection>

        <TeachersSection id="teachers" title="Преподаватели программы" teachers={teachers} />

        <PageSection id="price" title="Стоимость и оплата" tinted>
          <div className="price-box">
            <div className="price-box__main">
              <p className="price-box__label">
                Стоимость обучения со скидкой <span data-fact="discount">{site.discount}</span>
              </p>
              <p className="price-box__price">
                <span className="price-old">{formatPrice(program.price)}</span>
                <strong>{formatPrice(price)}</strong>
                {local ? (
                  <>
                    {" "}
                    <LocalPrice roubles={price} rate={local} />
                  </>
                ) : null}
              </p>
              {instalment ? (
                <p className="price-box__instalment">
                  или по {formatPrice(instalment.monthly)} в месяц в рассрочку на {months(instalment.months)}
                </p>
              ) : null}
            </div>
            {local && site.paymentAbroad ? (
              <p className="price-box__abroad" data-testid="payment-abroad">
                <strong>{`Как оплатить из ${local.currency === "KZT" ? "Казахстана" : "Узбекистана"}.`}</strong> {site.paymentAbroad}{" "}
                {`Сумма в ${local.currency === "KZT" ? "тенге" : "сумах"} — примерная, ${rateDateText(local)}.`}
              </p>
            ) : null}
            <ul className="check-list price-box__options">
              {paymentOptions.map((option) => (
                <li key={option}>{option}</li>
              ))}
            </ul>
            {site.refund ? (
              <p className="price-box__refund" data-testid="refund">
                <strong>Возврат.</strong> {site.refund.text}{" "}
                <a href={documentHref({ slug: site.refund.document })} type="application/pdf">
                  Договор-оферта (PDF)
                </a>
              </p>
            ) : null}
            <div className="price-box__actions">
              <Cta site={site} request={{ cta: "reserve", ...lead }} />
              <Cta site={site} request={{ cta: "consultMe", ...lead }} variant="outline" />
            </div>
            {freeAccess?.programTypes.includes(program.type) ? (
              <p className="free-access-link price-box__free">
                <a href="/free-access">{freeAccess?.link}</a>
              </p>
            ) : null}
          </div>
        </PageSection>

        <ReviewsSection reviews={reviews} />

        <PageSection id="faq" title="Частые вопросы">
          <Faq items={program.faq} />
          <div className="cta-band">
            <p>Не нашли ответа? Задайте вопрос о программе — ответим в течение рабочего дня.</p>
            <Cta site={site} request={{ cta: "programQuestion", ...lead }} variant="violet" />
          </div>
        </PageSection>
      </AfterHero>
    </article>
  );
}

function programJsonLd(catalogue: Catalogue, program: Program & ProgramDetails, siteUrl: string) {
  return courseJsonLd(
    {
      name: program.title,
      description: program.description,
      path: programHref(program),
      image: generatedImage("program", program.id).src,
      provider: organizationRef(catalogue.site, siteUrl),
      price: discountedPrice(program.price, catalogue.site.discount),
      credential: program.diploma.title,
      instance: { courseMode: "Online", startDate: program.startDate, courseWorkload: academicHoursWorkload(program.hours) },
      instructors: teachersOf(catalogue, program.teacherIds),
      reviews: indexes(catalogue).reviewsByProgram.get(program.id) ?? [],
    },
    siteUrl,
  );
}

const typeCrumb: Record<ProgramType, Crumb> = {
  Profession: { label: "Профессиональная переподготовка", href: "/professions" },
  Course: { label: "Повышение квалификации", href: "/courses" },
  ShortTerm: { label: "Краткосрочные курсы", href: "/shortTerm" },
};

function renderProgram(c: Context<AppEnv>, program: Program) {
  const catalogue = c.get("catalogue");
  const reading = Promise.all([programDetailsOf(c.env.CATALOGUE, catalogue.version, program.id), localRateFor(c.var.area, c.env.CATALOGUE)]);
  return renderWithPart(c, reading, ([details, local]) => renderProgramPage(c, program, details, local));
}

function renderProgramPage(c: Context<AppEnv>, program: Program, details: ProgramDetails, local: LocalRate | undefined) {
  const catalogue = c.get("catalogue");
  const field = program.studyFieldSlug ? indexes(catalogue).studyField.get(program.studyFieldSlug) : undefined;
  return renderPage(c, {
    meta: {
      title: `${program.title}: ${typeTag(program.type).toLowerCase()} онлайн`,
      description: program.description,
      canonicalPath: programHref(program),
      ogImage: generatedImage("program", program.id).src,
      jsonLd: [programJsonLd(catalogue, { ...program, ...details }, c.env.SITE_URL)],
    },
    breadcrumbs: [
      { label: "Главная", href: "/" },
      typeCrumb[program.type],
      ...(field ? [{ label: field.title, href: studyFieldHref(field.slug) }] : []),
      { label: program.title, href: programHref(program) },
    ],
    body: <ProgramPage catalogue={catalogue} program={program} details={details} local={local} />,
  });
}

/** `/{type route}/{studyFieldSlug}/{slug}` */
export function programRoute(type: ProgramType) {
  return (c: Context<AppEnv>) => {
    const program = indexes(c.get("catalogue")).program(type, c.req.param("field") ?? "", c.req.param("slug") ?? "");
    return program ? renderProgram(c, program) : renderNotFound(c);
  };
}

/** `/programs/{studyFieldSlug}/{slug}` (spec 2.1): the same page; its canonical URL is the typed one. */
export function anyProgramRoute(c: Context<AppEnv>) {
  const index = indexes(c.get("catalogue"));
  const field = c.req.param("field") ?? "";
  const slug = c.req.param("slug") ?? "";
  const program = index.program("Profession", field, slug) ?? index.program("Course", field, slug) ?? index.program("ShortTerm", field, slug);
  return program ? renderProgram(c, program) : renderNotFound(c);
}
