import type { ReactElement } from "react";
import { admissionsHoursText } from "../../services/admissions-hours";
import { RenderedOnce } from "./RenderedOnce";
import type { Catalogue } from "../../services/catalogue/build";
import type { Phone } from "../../services/catalogue/schemas";
import { contactArea, servingFirst, type VisitorArea } from "../../services/visitor-area";
import { phoneHref, spokenLanguages } from "./contacts";
import { DzenIcon, LicenceIcon, MailIcon, MapPinIcon, OkIcon, PhoneIcon, TelegramIcon, VkIcon, WhatsAppIcon, YouTubeIcon } from "../ui/icons";
import SubscribeForm from "../forms/SubscribeForm.island";
import { useSiteSettings } from "../site-settings";
import { FooterNav } from "./FooterNav";
import { footerColumns, legalLinks } from "./navigation";

/** The ABA therapist profession page the shell links to (spec 2.1): crawlable, silent for screen readers. */
const ABA_PROFESSION_HREF = "/professions/detskaya-psihologiya/aba-terapist";

const socialIcons = { vk: VkIcon, whatsapp: WhatsAppIcon, telegram: TelegramIcon, youtube: YouTubeIcon, ok: OkIcon, dzen: DzenIcon };
const socialNames = { vk: "ВКонтакте", whatsapp: "WhatsApp", telegram: "Telegram", youtube: "YouTube", ok: "Одноклассники", dzen: "Дзен" };

/**
 * The footer of spec 2.5, rendered on the server so crawlers see every link: the same on every
 * page of a content version and area, so rendered once per them (RenderedOnce).
 */
export function Footer({ catalogue, area }: { catalogue: Catalogue; area: VisitorArea }) {
  const analytics = Boolean(useSiteSettings().ymCounterId);
  const year = new Date().getUTCFullYear();
  return (
    <RenderedOnce cacheKey={`${catalogue.version}|${area}|${analytics}|${year}`} as="footer" className="site-footer">
      <FooterContent catalogue={catalogue} area={area} analytics={analytics} year={year} />
    </RenderedOnce>
  );
}

/** A line of a contact card, with what it speaks besides Russian. */
function CardPhone({ phone }: { phone: Phone }) {
  const languages = spokenLanguages(phone);
  return (
    <>
      <a className="contact-card__phone" href={phoneHref(phone)}>
        <PhoneIcon /> {phone.display}
      </a>
      {languages ? <p className="contact-card__languages">{languages}</p> : null}
    </>
  );
}

function FooterContent({ catalogue, area, analytics, year }: { catalogue: Catalogue; area: VisitorArea; analytics: boolean; year: number }) {
  const { site } = catalogue;
  const fieldTitle = (slug: string) => catalogue.studyFields.find((f) => f.slug === slug)?.title ?? slug;
  const admissions = servingFirst(site.phones.filter((p) => p.contactType === "study"), area);
  const curators = site.phones.filter((p) => p.contactType === "curators");
  const cards: ReactElement[] = [
    <div key="admissions" className="contact-card">
      <p className="contact-card__title">Приёмная комиссия</p>
      {admissions.map((phone) => (
        <CardPhone key={phone.number} phone={phone} />
      ))}
      <p className="contact-card__note" data-fact="admissions-hours">
        {admissionsHoursText(site.admissionsHours, area)}
      </p>
    </div>,
    <div key="curators" className="contact-card">
      <p className="contact-card__title">Отдел кураторов</p>
      {curators.map((phone) => (
        <CardPhone key={phone.number} phone={phone} />
      ))}
    </div>,
    <div key="moscow" className="contact-card">
      <p className="contact-card__title">Москва</p>
      <p className="contact-card__line">
        <MapPinIcon /> {site.moscowOffice.address}
      </p>
    </div>,
    <div key="almaty" className="contact-card">
      <p className="contact-card__title">Алматы</p>
      <p className="contact-card__line">
        <MapPinIcon /> {site.almatyOffice.address}
      </p>
      {site.almatyOffice.phones.map((phone) => (
        <CardPhone key={phone.number} phone={phone} />
      ))}
    </div>,
  ];
  // a visitor from Kazakhstan meets the Almaty office and its lines first (decision 020)
  const ordered = contactArea(area) === "KZ" ? [cards[3]!, ...cards.slice(0, 3)] : cards;

  return (
    <>
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <a className="logo logo--light" href="/">
            <img src="/images/logo-light.svg" width={33} height={40} alt="" loading="lazy" />
            <span className="logo__name">{site.name}</span>
          </a>
          <ul className="socials" aria-label="Мы в социальных сетях">
            {(Object.keys(socialIcons) as (keyof typeof socialIcons)[]).map((key) => {
              const Icon = socialIcons[key];
              return (
                <li key={key}>
                  <a href={site.socials[key]} target="_blank" rel="noopener noreferrer" aria-label={socialNames[key]}>
                    <Icon />
                  </a>
                </li>
              );
            })}
          </ul>
          <a className="btn btn--outline-light licence-btn" href={site.links.licenceRegistry} target="_blank" rel="noopener noreferrer">
            <LicenceIcon />
            <span className="btn__label">Государственная лицензия</span>
          </a>
        </div>

        <FooterNav columns={footerColumns(site, fieldTitle)} />

        <div className="site-footer__contacts">
          <SubscribeForm />
          {ordered}
          <div className="contact-card">
            <p className="contact-card__title">Почта</p>
            {site.emails.map((entry) => (
              <a key={entry.email} className="contact-card__line" href={`mailto:${entry.email}`}>
                <MailIcon /> {entry.label}: {entry.email}
              </a>
            ))}
          </div>
        </div>
      </div>

      <div className="container site-footer__legal">
        <ul className="legal-links">
          {legalLinks.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
          {analytics ? (
            <li className="legal-links__consent">
              {/* reopens the analytics question (decision 011); without JavaScript there is no analytics to set */}
              <button type="button" className="legal-links__button" data-cookie-settings="">
                Настройки cookie
              </button>
            </li>
          ) : null}
        </ul>
        <p className="site-footer__copyright">
          © {year} {site.legalEntities[0]?.fullName}
        </p>
        {/* each entity's licence: additional education (АНО ДПО) and higher education (ЧОУ ВО) */}
        <ul className="site-footer__licences">
          {site.legalEntities.map((entity) => (
            <li key={entity.id}>
              {entity.shortName}. {entity.licence}
            </li>
          ))}
        </ul>
        {/* biome-ignore lint/a11y/useAnchorContent: crawlers follow it; screen readers and the keyboard skip it (spec 2.1) */}
        <a className="visually-hidden" href={ABA_PROFESSION_HREF} aria-hidden="true" tabIndex={-1}>
          ABA-терапист
        </a>
      </div>
    </>
  );
}
