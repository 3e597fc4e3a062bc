import type { ReactNode } from "react";
import type { Catalogue } from "../../services/catalogue/build";
import { programMenu } from "../../services/catalogue/menu";
import LeadPopup from "../forms/LeadPopup.island";
import PromoBanner from "../promo/PromoBanner.island";
import FortuneWheel from "../promo/FortuneWheel.island";
import StickyDiscount from "../promo/StickyDiscount.island";
import { useSiteSettings } from "../site-settings";
import { Breadcrumbs, type Crumb } from "./Breadcrumbs";
import CookieConsent from "./CookieConsent.island";
import type { VisitorArea } from "../../services/visitor-area";
import { fallbackContacts, headerContacts, nextStepsFor } from "./contacts";
import { Footer } from "./Footer";
import Header from "./Header.island";
import { AccountDropdown } from "./header/AccountDropdown";
import { MobileMenu } from "./header/MobileMenu";
import { ProgramMenu } from "./header/ProgramMenu";
import { RenderedOnce } from "./RenderedOnce";
import { instituteColumns, instituteSingleLinks, mainNavigation } from "./navigation";

/** "/" is the home page alone; any other prefix is that page and the pages below it. */
export const onPage = (path: string, prefix: string) => (prefix === "/" ? path === "/" : path === prefix || path.startsWith(`${prefix}/`));

interface SiteShellProps {
  catalogue: Catalogue;
  path: string;
  /** the visitor's area (decision 020): the contacts, the forms and the times follow it */
  area: VisitorArea;
  lowVision: boolean;
  breadcrumbs?: Crumb[];
  children: ReactNode;
}

/** The page shell of every page: header, main content and footer. */
export function SiteShell({ catalogue, path, area, lowVision, breadcrumbs, children }: SiteShellProps) {
  const { site } = catalogue;
  const settings = useSiteSettings();
  const { ymCounterId } = settings;
  const wheel = site.wheel.enabled && site.wheel.pages.some((prefix) => onPage(path, prefix));
  // a promo names what it covers, and shows only where its offers are (issue 28)
  const discounted = site.discountCovers.pages.some((prefix) => onPage(path, prefix));
  return (
    <>
      <PromoBanner />
      {/* the same on every page of a content version: rendered once (see RenderedOnce) */}
      <RenderedOnce cacheKey={`header|${catalogue.version}|${area}|${JSON.stringify(settings)}`} as="div" className="rendered-once">
        <Header
          siteName={site.name}
          mainNav={mainNavigation}
          instituteColumns={instituteColumns(site)}
          singleLinks={instituteSingleLinks}
          contacts={headerContacts(site, area)}
          area={area}
          searchVersion={catalogue.version}
          thanks={{ giftExchange: site.links.giftExchange, messengerChannel: site.links.messengerChannel }}
        />
      </RenderedOnce>
      <main id="main" className="site-main" tabIndex={-1}>
        {breadcrumbs ? <Breadcrumbs trail={breadcrumbs} /> : null}
        {children}
      </main>
      {/* in the page's flow, never over it: a fixed layer covers some text or button at every width (decision 026) */}
      <div className="promo-dock container">
        {discounted ? <StickyDiscount discount={site.discount} covers={site.discountCovers.text} /> : null}
        {wheel ? <FortuneWheel area={area} /> : null}
      </div>
      <Footer catalogue={catalogue} area={area} />
      {/* the header's program menu on a desktop (decision 097): the same on every page of a content version */}
      <RenderedOnce cacheKey={`program-menu|${catalogue.version}`} as="div" className="program-menu-once">
        <ProgramMenu sections={programMenu(catalogue)} />
      </RenderedOnce>
      {/* the header's eye panel (decision 100): the same on every page of a content version and mode */}
      <RenderedOnce cacheKey={`account|${catalogue.version}|${lowVision}`} as="div" className="account-once">
        <AccountDropdown accountUrl={site.links.account} lowVision={lowVision} />
      </RenderedOnce>
      {/* the header's menu on a phone (decision 096): the same on every page of a content version and area */}
      <RenderedOnce cacheKey={`mobile-menu|${catalogue.version}|${area}|${JSON.stringify(settings)}`} as="div" className="mobile-menu-once">
        <MobileMenu
          instituteColumns={instituteColumns(site)}
          singleLinks={instituteSingleLinks}
          contacts={headerContacts(site, area)}
          area={area}
          accountUrl={site.links.account}
          searchVersion={catalogue.version}
          thanks={{ giftExchange: site.links.giftExchange, messengerChannel: site.links.messengerChannel }}
        />
      </RenderedOnce>
      <LeadPopup contacts={fallbackContacts(site, area)} nextSteps={nextStepsFor(site, area)} area={area} giftExchange={site.links.giftExchange} messengerChannel={site.links.messengerChannel} />
      {ymCounterId ? <CookieConsent counterId={ymCounterId} /> : null}
    </>
  );
}
