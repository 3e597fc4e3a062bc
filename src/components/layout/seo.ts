import type { Site } from "../../services/catalogue/schemas";
import { META_DESCRIPTION_MAX, truncate } from "../../services/text";
import { mainNavigation } from "./navigation";

/** What a page tells crawlers; anything it leaves out takes the defaults of spec 2.7. */
export interface PageMeta {
  title?: string;
  description?: string;
  robots?: string;
  ogType?: "website" | "article";
  /** where the page's content lives when it is reachable at several paths */
  canonicalPath?: string;
  /** the picture a shared link shows (a path on this site); the institute's card by default */
  ogImage?: string;
  jsonLd?: Record<string, unknown>[];
}

export interface ResolvedMeta {
  title: string;
  description: string;
  canonical: string;
  robots: string;
  ogType: string;
  siteName: string;
  ogImage: string;
}

/** 1200×630, the institute's mark on its colours (public/images/og-default.png). */
export const DEFAULT_OG_IMAGE = "/images/og-default.png";

/**
 * An address on this site for a path: joined to the site's origin, never resolved against it, so a
 * path such as `//host/x` (a 404 can have any path) stays on this site instead of naming a host.
 */
export function siteHref(siteUrl: string, path: string): string {
  return `${new URL(siteUrl).origin}${path.startsWith("/") ? path : `/${path}`}`;
}

export function resolveMeta(meta: PageMeta, site: Site, siteUrl: string, path: string): ResolvedMeta {
  return {
    title: meta.title ? `${meta.title} — ${site.shortName}` : site.defaultTitle,
    description: truncate(meta.description ?? site.defaultDescription, META_DESCRIPTION_MAX),
    canonical: siteHref(siteUrl, meta.canonicalPath ?? path),
    robots: meta.robots ?? "index, follow",
    ogType: meta.ogType ?? "website",
    siteName: site.name,
    ogImage: new URL(meta.ogImage ?? DEFAULT_OG_IMAGE, siteUrl).href,
  };
}

/** The sitewide structured data of spec 2.7: navigation, header, logo, footer and organisation. */
export function siteJsonLd(site: Site, siteUrl: string): Record<string, unknown>[] {
  const abs = (path: string) => new URL(path, siteUrl).href;
  const logo = { "@type": "ImageObject", url: abs("/images/logo.svg"), width: 33, height: 40 };
  return [
    {
      "@context": "https://schema.org",
      "@type": "SiteNavigationElement",
      name: mainNavigation.map((link) => link.label),
      url: mainNavigation.map((link) => abs(link.href)),
    },
    { "@context": "https://schema.org", "@type": "WPHeader", name: site.name, url: abs("/") },
    { "@context": "https://schema.org", ...logo, name: `Логотип: ${site.name}` },
    {
      "@context": "https://schema.org",
      "@type": "WPFooter",
      copyrightHolder: site.legalEntities[0]?.fullName,
      copyrightYear: new Date().getUTCFullYear(),
    },
    {
      "@context": "https://schema.org",
      "@type": "EducationalOrganization",
      name: site.name,
      alternateName: site.shortName,
      url: abs("/"),
      logo,
      address: { "@type": "PostalAddress", addressLocality: "Москва", addressCountry: "RU", streetAddress: site.moscowOffice.address },
      telephone: site.phones.map((p) => p.number),
      email: site.emails[0]?.email,
      sameAs: Object.values(site.socials),
    },
  ];
}
