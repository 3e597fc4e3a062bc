import type { Site } from "../../services/catalogue/schemas";
import { META_DESCRIPTION_MAX, truncate } from "../../services/text";

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
  /** what the shared picture shows, for people who cannot see it */
  ogImageAlt: string;
}

/** 1200×630, the institute's mark on its colours (public/images/og-default.png). */
const DEFAULT_OG_IMAGE = "/images/og-default.png";

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
    ogImage: siteHref(siteUrl, meta.ogImage ?? DEFAULT_OG_IMAGE),
    ogImageAlt: meta.ogImage ? `Обложка: ${meta.title ?? site.name}` : `Логотип: ${site.name}`,
  };
}
