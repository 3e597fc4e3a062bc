import type { Context } from "hono";
import { PageSection, TeachersSection } from "../../components/catalogue/blocks";
import { AfterHero } from "../../components/catalogue/AfterHero";
import SeminarActions from "../../components/catalogue/SeminarActions.island";
import TicketsLeft from "../../components/catalogue/TicketsLeft.island";
import { priceText, SeminarCard } from "../../components/catalogue/SeminarCard";
import { siteHref } from "../../components/layout/seo";
import { organizationRef, personRef } from "../../components/layout/structured-data";
import { Picture } from "../../components/ui/Picture";
import { DetailHero } from "../../components/catalogue/DetailHero";
import { liveTickets } from "../../server/seminar-tickets";
import type { Catalogue, Seminar } from "../../services/catalogue/build";
import { seminarHref } from "../../services/catalogue/links";
import { indexes, teachersOf, upcomingSeminars } from "../../services/catalogue/queries";
import { venueOf } from "../../services/catalogue/venue";
import { formatDayMonth } from "../../services/dates";
import { EventWhen } from "../../components/catalogue/EventTime";
import type { VisitorArea } from "../../services/visitor-area";
import { generatedImage } from "../../services/images";
import { pluralize } from "../../services/text";
import type { AppEnv } from "../../server/env";
import { renderPage } from "../../render/render";
import { renderNotFound } from "../../render/error-pages";
import { ticketFormTexts, waitingListLabel } from "../../services/catalogue/cta-labels";

const listCrumbs = [
  { label: "Главная", href: "/" },
  { label: "Семинары", href: "/lectorium" },
];

/** `/seminars` and `/lectorium`: seminars still ahead, soonest first (spec 3). */
export function seminarsList(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  const seminars = upcomingSeminars(catalogue, Date.now());
  const area = c.var.area;
  return renderPage(c, {
    meta: {
      title: "Семинары и лекторий",
      description: "Открытые семинары и лекции по психологии онлайн и в Москве: ближайшие даты, программа и билеты.",
      canonicalPath: "/lectorium",
    },
    breadcrumbs: listCrumbs,
    body: (
      <>
        <header className="list-hero container">
          <h1>Семинары и лекторий</h1>
          <p className="list-hero__lead">
            Открытые встречи с практикующими психологами: {pluralize(seminars.length, ["семинар", "семинара", "семинаров"])} в ближайшие месяцы.
          </p>
        </header>
        <ul className="card-grid container">
          {seminars.map((seminar, index) => (
            <li key={seminar.id}>
              <SeminarCard seminar={seminar} area={area} heading="h2" priority={index === 0} />
            </li>
          ))}
        </ul>
      </>
    ),
  });
}

function SeminarPage({ catalogue, seminar, left, now, area }: { catalogue: Catalogue; seminar: Seminar; left: number; now: number; area: VisitorArea }) {
  const { site } = catalogue;
  const speakers = teachersOf(catalogue, seminar.speakerIds);
  const past = Date.parse(seminar.targetDate) <= now;
  const request = {
    cta: "buyTicket" as const,
    blockForAmo: seminar.title,
    price: seminar.price,
    seminar: { id: seminar.id, title: seminar.title, price: seminar.price, tickets_quantity: left, date: seminar.targetDate },
  };
  const props = {
    seminarId: seminar.id,
    initial: left,
    buy: { ...request, title: ticketFormTexts(site, seminar.price).title, description: ticketFormTexts(site, seminar.price).description },
    waitlist: {
      cta: "participate" as const,
      title: site.cta.participate.title,
      description: site.cta.participate.description,
      blockForAmo: waitingListLabel(seminar.title),
    },
  };
  // in the hero (the page's main action) and, on a phone, in the bar that follows it
  const heroActions = <SeminarActions {...props} main />;
  const actions = <SeminarActions {...props} />;
  return (
    <article>
      <DetailHero
        tag={<span className="tag">Семинар</span>}
        title={seminar.title}
        facts={[
          { label: "Когда", value: <EventWhen iso={seminar.targetDate} area={area} /> },
          { label: "Стоимость", value: priceText(seminar.price) },
          { label: "Длительность", value: `${String(seminar.durationHours).replace(".", ",")} ч.` },
          { label: seminar.format === "online" ? "Формат" : "Где", value: seminar.place, wide: true },
        ]}
        note={
          past ? null : (
            // a div: the count is an island, whose marker is a div, which a <p> cannot hold (the Nu checker)
            <div className="detail-hero__note">
              Осталось билетов: <TicketsLeft seminarId={seminar.id} initial={left} free={seminar.price === 0} />
            </div>
          )
        }
        actions={
          past ? (
            <p className="notice">
              Семинар уже прошёл. Следите за новыми датами в{" "}
              <a href="/lectorium" data-main-action="">
                разделе семинаров
              </a>
              .
            </p>
          ) : (
            heroActions
          )
        }
        lead={seminar.subtitle}
        picture={<Picture kind="seminar" slug={seminar.slug} alt="" sizes="(max-width: 768px) 100vw, 480px" className="detail-hero__image" />}
      />
      <AfterHero bar={past ? undefined : { label: "Цена и билеты", price: <strong>{priceText(seminar.price)}</strong>, action: actions }}>
        <PageSection id="about" title="О семинаре" tinted>
          <p className="prose">{seminar.description}</p>
        </PageSection>
        <PageSection id="program" title="Программа">
          <ol className="numbered-list">
            {seminar.program.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ol>
        </PageSection>
        <TeachersSection id="speakers" title={speakers.length > 1 ? "Спикеры" : "Спикер"} tinted teachers={speakers} />
      </AfterHero>
    </article>
  );
}

/** Where an offline seminar is held, as a postal address read from its place (the content check makes sure it can be). */
function placeOf(catalogue: Catalogue, seminar: Seminar) {
  const venue = venueOf(seminar.place);
  if (!venue) return { "@type": "Place", name: catalogue.site.name, address: { "@type": "PostalAddress", streetAddress: seminar.place } };
  return {
    "@type": "Place",
    name: venue.room ? `${catalogue.site.name}, ${venue.room}` : catalogue.site.name,
    address: { "@type": "PostalAddress", streetAddress: venue.street, addressLocality: venue.locality, addressCountry: venue.country },
  };
}

function eventJsonLd(catalogue: Catalogue, seminar: Seminar, left: number, siteUrl: string) {
  const end = new Date(Date.parse(seminar.targetDate) + seminar.durationHours * 3600_000).toISOString();
  const speakers = teachersOf(catalogue, seminar.speakerIds);
  const page = siteHref(siteUrl, seminarHref(seminar));
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    "@id": `${page}#event`,
    name: seminar.title,
    description: seminar.description,
    startDate: seminar.targetDate,
    endDate: end,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode:
      seminar.format === "online" ? "https://schema.org/OnlineEventAttendanceMode" : "https://schema.org/OfflineEventAttendanceMode",
    location: seminar.format === "online" ? { "@type": "VirtualLocation", url: page } : placeOf(catalogue, seminar),
    image: siteHref(siteUrl, generatedImage("seminar", seminar.slug).src),
    organizer: organizationRef(catalogue.site, siteUrl),
    performer: speakers.map((t) => personRef(t, siteUrl)),
    offers: {
      "@type": "Offer",
      price: seminar.price,
      priceCurrency: "RUB",
      availability: left > 0 ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
      url: page,
    },
  };
}

async function renderSeminar(c: Context<AppEnv>, seminar: Seminar | undefined) {
  if (!seminar) return renderNotFound(c);
  const catalogue = c.get("catalogue");
  const left = await liveTickets(c.env, seminar);
  return renderPage(c, {
    meta: {
      title: `${seminar.title} — семинар ${formatDayMonth(seminar.targetDate)}`,
      description: `${seminar.subtitle}. ${seminar.description}`,
      canonicalPath: seminarHref(seminar),
      ogImage: generatedImage("seminar", seminar.slug).src,
      jsonLd: [eventJsonLd(catalogue, seminar, left, c.env.SITE_URL)],
    },
    breadcrumbs: [...listCrumbs, { label: seminar.title, href: seminarHref(seminar) }],
    body: <SeminarPage catalogue={catalogue} seminar={seminar} left={left} now={Date.now()} area={c.var.area} />,
  });
}

/** `/seminars/{studyFieldSlug}/{slug}` */
export function seminarDetail(c: Context<AppEnv>) {
  const seminar = indexes(c.get("catalogue")).seminar.get(c.req.param("slug") ?? "");
  return renderSeminar(c, seminar?.studyFieldSlug === c.req.param("field") ? seminar : undefined);
}

/** `/lectorium/{slug}`: the same seminar by its slug alone. */
export function lectoriumDetail(c: Context<AppEnv>) {
  return renderSeminar(c, indexes(c.get("catalogue")).seminar.get(c.req.param("slug") ?? ""));
}
