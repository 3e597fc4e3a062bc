import type { Context } from "hono";
import type { ReactNode } from "react";
import { Cta } from "../../components/catalogue/Cta";
import { PAGE_CTA_LABELS } from "../../services/catalogue/cta-labels";
import { admissionsHoursText } from "../../services/admissions-hours";
import { allPhones, almatyServes, phoneHref } from "../../components/layout/contacts";
import { legalEntitiesJsonLd } from "../../components/layout/structured-data";
import type { LegalEntity, Phone } from "../../services/catalogue/schemas";
import type { AppEnv } from "../../server/env";
import { renderPage } from "../../render/render";
import { servingFirst } from "../../services/visitor-area";

const contactTypeLabel: Record<Phone["contactType"], string> = { study: "Учебный отдел и приёмная комиссия", curators: "Отдел кураторов" };
const areaLabel: Record<Phone["areas"][number], string> = { RU: "Россия", KZ: "Казахстан", UZ: "Узбекистан" };
const languageLabel: Record<Phone["languages"][number], string> = { ru: "русский", kk: "казахский", uz: "узбекский" };

function PhoneRow({ phone }: { phone: Phone }) {
  return (
    <li className="phone-row">
      <a className="phone-row__number" href={phoneHref(phone)}>
        {phone.display}
      </a>
      <span>{contactTypeLabel[phone.contactType]}</span>
      <span>
        {phone.areas.map((a) => areaLabel[a]).join(", ")} · языки: {phone.languages.map((l) => languageLabel[l]).join(", ")}
      </span>
    </li>
  );
}

function EntityCard({ entity }: { entity: LegalEntity }) {
  return (
    <section className="entity-card" aria-labelledby={`entity-${entity.id}`}>
      <h3 id={`entity-${entity.id}`}>{entity.shortName}</h3>
      <table className="info-table">
        <tbody>
          {[
            ["Полное наименование", entity.fullName],
            ["Сокращённое наименование", entity.shortName],
            [entity.headPosition, entity.head],
            ["ИНН", entity.inn],
            ["КПП", entity.kpp],
            ["ОГРН", entity.ogrn],
            ["Адрес", entity.address],
            ["Электронная почта", entity.email],
            ["Телефоны", entity.phones.join(", ")],
            ["Лицензия", entity.licence],
          ].map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * An office's hours on its own clock, its messengers and a callback (the popup's lead form, as
 * every page's CTA; /apply without JavaScript): what a visitor of either office looks for (issue 42).
 */
function OfficeContacts({ hours, whatsapp, telegram, callback }: { hours: string; whatsapp: string; telegram: string; callback: ReactNode }) {
  return (
    <div className="office">
      <p className="office__hours">
        <strong>Часы работы:</strong> {hours}
      </p>
      <ul className="office__messengers">
        <li>
          <a className="btn btn--outline" href={whatsapp} target="_blank" rel="noopener noreferrer">
            <span className="btn__label">Написать в WhatsApp</span>
          </a>
        </li>
        <li>
          <a className="btn btn--outline" href={telegram} target="_blank" rel="noopener noreferrer">
            <span className="btn__label">Мы в Telegram</span>
          </a>
        </li>
        <li>{callback}</li>
      </ul>
    </div>
  );
}

/** `/contacts`: every line of the institute, the visitor's area's first, and the offices, theirs first (decision 020). */
export function contactsPage(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  const { site, pages } = catalogue;
  const area = c.var.area;
  const mapUrl = `https://yandex.ru/maps/?text=${encodeURIComponent(site.moscowOffice.address)}`;
  const almatyMapUrl = `https://yandex.kz/maps/?text=${encodeURIComponent(site.almatyOffice.address)}`;
  const almaty2gisUrl = `https://2gis.kz/almaty/search/${encodeURIComponent(site.almatyOffice.address.replace(/^Алматы,\s*/, ""))}`;
  const almatyWhatsapp = site.almatyOffice.phones.find((phone) => phone.whatsapp);
  const moscow = (
    <section key="moscow" aria-labelledby="office-moscow">
      <h3 id="office-moscow">Москва</h3>
      <p>
        {site.moscowOffice.address}, {site.moscowOffice.metro}
      </p>
      <figure className="map">
        <img src="/images/map-moscow.svg" width={640} height={360} alt={pages.contacts.mapImageAlt} loading="lazy" />
        <figcaption>
          <a href={mapUrl} target="_blank" rel="noopener noreferrer">
            Открыть в Яндекс Картах
          </a>
        </figcaption>
      </figure>
      <OfficeContacts
        hours={admissionsHoursText(site.admissionsHours, "RU")}
        whatsapp={site.links.whatsapp}
        telegram={site.socials.telegram}
        callback={<Cta site={site} request={{ cta: "callMeBack", blockForAmo: PAGE_CTA_LABELS.contactsMoscow }} variant="outline" />}
      />
      <ul className="plain-list">
        {pages.contacts.directions.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
  const almaty = (
    <section key="almaty" aria-labelledby="office-almaty">
      <h3 id="office-almaty">Алматы</h3>
      <p>{site.almatyOffice.address}</p>
      <p className="office__maps">
        <a href={almatyMapUrl} target="_blank" rel="noopener noreferrer">
          Открыть в Яндекс Картах
        </a>{" "}
        ·{" "}
        <a href={almaty2gisUrl} target="_blank" rel="noopener noreferrer">
          Открыть в 2ГИС
        </a>
      </p>
      <p>
        <a href={`mailto:${site.almatyOffice.email}`}>{site.almatyOffice.email}</a>
      </p>
      <OfficeContacts
        hours={admissionsHoursText(site.admissionsHours, "KZ")}
        whatsapp={almatyWhatsapp ? `https://wa.me/${almatyWhatsapp.number.replace(/\D/g, "")}` : site.links.whatsapp}
        telegram={site.socials.telegram}
        callback={<Cta site={site} request={{ cta: "callMeBack", blockForAmo: PAGE_CTA_LABELS.contactsAlmaty }} variant="outline" />}
      />
    </section>
  );
  return renderPage(c, {
    meta: { title: pages.contacts.title, description: pages.contacts.lead, jsonLd: legalEntitiesJsonLd(catalogue.site, c.env.SITE_URL) },
    breadcrumbs: [
      { label: "Главная", href: "/" },
      { label: pages.contacts.title, href: "/contacts" },
    ],
    body: (
      <article className="container text-page text-page--wide">
        <h1>{pages.contacts.title}</h1>
        <p className="text-page__lead">{pages.contacts.lead}</p>
        <div className="contacts-grid">
          <section aria-labelledby="phones-title">
            <h2 id="phones-title">Телефоны</h2>
            <ul className="phone-list">
              {servingFirst(allPhones(site), area).map((phone) => (
                <PhoneRow key={phone.number} phone={phone} />
              ))}
            </ul>
            <h2>Часы работы приёмной комиссии</h2>
            <p>
              <span data-fact="admissions-hours">{admissionsHoursText(site.admissionsHours, area)}</span>: звонки, заявки и консультации в мессенджерах
            </p>
            <h2>Электронная почта</h2>
            <ul className="plain-list">
              {site.emails.map((e) => (
                <li key={e.email}>
                  {e.label}: <a href={`mailto:${e.email}`}>{e.email}</a>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="offices-title">
            <h2 id="offices-title">Офисы</h2>
            {almatyServes(site, area) ? [almaty, moscow] : [moscow, almaty]}
          </section>
        </div>
        <h2>Юридические лица</h2>
        <div className="entity-grid">
          {site.legalEntities.map((entity) => (
            <EntityCard key={entity.id} entity={entity} />
          ))}
        </div>
      </article>
    ),
  });
}

