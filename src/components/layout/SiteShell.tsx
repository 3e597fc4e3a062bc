import type { ReactNode } from "react";
import type { Catalogue } from "../../services/catalogue/build";
import { menuVersion } from "../../services/catalogue/menu";
import LeadPopup from "../forms/LeadPopup.island";
import PromoBanner from "../promo/PromoBanner.island";
import FortuneWheel from "../promo/FortuneWheel.island";
import StickyDiscount from "../promo/StickyDiscount.island";
import { useSiteSettings } from "../site-settings";
import { Breadcrumbs, type Crumb } from "./Breadcrumbs";
import CookieConsent from "./CookieConsent.island";
import { Footer, phoneHref } from "./Footer";
import Header from "./Header.island";
import { RenderedOnce } from "./RenderedOnce";
import type { HeaderContacts } from "./header/types";
import { instituteColumns, instituteSingleLinks, mainNavigation } from "./navigation";

/** The contacts the forms offer when sending fails (spec 8): the first admissions phone and WhatsApp. */
export function fallbackContacts(catalogue: Catalogue) {
  const phone = catalogue.site.phones.find((p) => p.contactType === "study") ?? catalogue.site.phones[0]!;
  return { phone: { href: phoneHref(phone), display: phone.display }, whatsapp: catalogue.site.links.whatsapp };
}

function headerContacts(catalogue: Catalogue): HeaderContacts {
  const { site } = catalogue;
  const link = (phone: (typeof site.phones)[number]) => ({ href: phoneHref(phone), display: phone.display });
  const admissions = site.phones.filter((p) => p.contactType === "study" && p.areas.includes("RU")).map(link);
  // content validation guarantees a curators' phone
  const curators = site.phones.find((p) => p.contactType === "curators")!;
  return {
    admissions,
    curators: link(curators),
    whatsapp: site.links.whatsapp,
    hours: site.admissionsHours.header,
    address: site.moscowOffice.address,
  };
}

/** The page shell of every page: header, main content and footer. */
/** "/" is the home page alone; any other prefix is that page and the pages below it. */
export const onPage = (path: string, prefix: string) => (prefix === "/" ? path === "/" : path === prefix || path.startsWith(`${prefix}/`));

interface SiteShellProps {
  catalogue: Catalogue;
  path: string;
  lowVision: boolean;
  breadcrumbs?: Crumb[];
  /** the deployed version's id (the program menu's address changes with it) */
  deployId?: string;
  children: ReactNode;
}

export function SiteShell({ catalogue, path, lowVision, breadcrumbs, deployId, children }: SiteShellProps) {
  const { site } = catalogue;
  const settings = useSiteSettings();
  const { ymCounterId } = settings;
  const wheel = site.wheel.enabled && site.wheel.pages.some((prefix) => onPage(path, prefix));
  return (
    <>
      <PromoBanner />
      {/* the same on every page of a content version: rendered once (see RenderedOnce) */}
      <RenderedOnce cacheKey={`header|${catalogue.version}|${deployId}|${lowVision}|${JSON.stringify(settings)}`} as="div" className="rendered-once">
        <Header
          siteName={site.name}
          mainNav={mainNavigation}
          instituteColumns={instituteColumns(site)}
          singleLinks={instituteSingleLinks}
          contacts={headerContacts(catalogue)}
          accountUrl={site.links.account}
          lowVision={lowVision}
          searchVersion={catalogue.version}
          menuVersion={menuVersion(catalogue.version, deployId)}
          thanks={{ giftExchange: site.links.giftExchange, messengerChannel: site.links.messengerChannel }}
        />
      </RenderedOnce>
      <main id="main" className="site-main" tabIndex={-1}>
        {breadcrumbs ? <Breadcrumbs trail={breadcrumbs} /> : null}
        {children}
      </main>
      <Footer catalogue={catalogue} />
      <StickyDiscount discount={site.discount} />
      {wheel ? <FortuneWheel /> : null}
      <LeadPopup contacts={fallbackContacts(catalogue)} giftExchange={site.links.giftExchange} messengerChannel={site.links.messengerChannel} />
      {ymCounterId ? <CookieConsent counterId={ymCounterId} /> : null}
    </>
  );
}
