/**
 * Structured data as Google's guidelines read it (decision 017): the institute is one node with an
 * `@id`, every other mention refers to it; courses, events, articles and people are built here so
 * each page says the same thing the same way.
 */
import type { LegalEntity, Review, Site, Teacher } from "../../services/catalogue/schemas";
import { minutesDuration } from "../../services/catalogue/schedule";
import { postalAddressOf } from "../../services/catalogue/venue";
import { organizationLogoImage } from "../../services/images";
import { mainNavigation } from "./navigation";
import { siteHref } from "./seo";

type Node = Record<string, unknown>;

const CONTEXT = "https://schema.org";


const organizationId = (siteUrl: string) => siteHref(siteUrl, "/#organization");
const logoId = (siteUrl: string) => siteHref(siteUrl, "/#logo");
const legalEntityId = (siteUrl: string, entity: LegalEntity) => siteHref(siteUrl, `/#${entity.id}`);

/** The private higher-education institution is the second legal entity (content/site.json). */
export const higherEducationEntity = (site: Site): LegalEntity | undefined => site.legalEntities[1];

const entityType = (site: Site, entity: LegalEntity) => (entity === higherEducationEntity(site) ? "CollegeOrUniversity" : "EducationalOrganization");

/**
 * The institute's logo, the same node wherever it is named (the Organization's `logo`, an Article's
 * publisher): the raster square the build draws, since Google wants one of 112 px each way at least.
 */
export const organizationLogo = (siteUrl: string): Node => ({
  "@type": "ImageObject",
  "@id": logoId(siteUrl),
  url: siteHref(siteUrl, organizationLogoImage.src),
  contentUrl: siteHref(siteUrl, organizationLogoImage.src),
  width: organizationLogoImage.width,
  height: organizationLogoImage.height,
});

/** A mention of the institute: its `@id` with the name and address, for tools that do not follow references. */
export function organizationRef(site: Site, siteUrl: string): Node {
  return { "@type": "EducationalOrganization", "@id": organizationId(siteUrl), name: site.name, url: siteHref(siteUrl, "/") };
}

/** A mention of one legal entity; its details are on /contacts, where the page shows them. */
export function legalEntityRef(site: Site, siteUrl: string, entity: LegalEntity): Node {
  return {
    "@type": entityType(site, entity),
    "@id": legalEntityId(siteUrl, entity),
    name: entity.fullName,
    url: siteHref(siteUrl, `/contacts#entity-${entity.id}`),
  };
}

/** The one node describing the institute, on every page. */
function organizationJsonLd(site: Site, siteUrl: string): Node {
  return {
    "@context": CONTEXT,
    ...organizationRef(site, siteUrl),
    alternateName: site.shortName,
    logo: organizationLogo(siteUrl),
    image: siteHref(siteUrl, "/images/og-default.png"),
    address: postalAddressOf(site.moscowOffice.address, "RU"),
    telephone: site.phones.map((p) => p.number),
    email: site.emails[0]?.email,
    sameAs: Object.values(site.socials),
    subOrganization: site.legalEntities.map((entity) => legalEntityRef(site, siteUrl, entity)),
  };
}

/** Both legal entities and the Almaty office in full, for /contacts. */
export function legalEntitiesJsonLd(site: Site, siteUrl: string): Node[] {
  const parentOrganization = { "@id": organizationId(siteUrl) };
  return [
    ...site.legalEntities.map((e) => ({
      "@context": CONTEXT,
      ...legalEntityRef(site, siteUrl, e),
      legalName: e.fullName,
      alternateName: e.shortName,
      taxID: e.inn,
      identifier: [
        { "@type": "PropertyValue", propertyID: "ОГРН", value: e.ogrn },
        { "@type": "PropertyValue", propertyID: "КПП", value: e.kpp },
      ],
      address: postalAddressOf(e.address, "RU"),
      email: e.email,
      telephone: e.phones,
      employee: { "@type": "Person", name: e.head, jobTitle: e.headPosition },
      parentOrganization,
    })),
    {
      "@context": CONTEXT,
      "@type": "EducationalOrganization",
      "@id": siteHref(siteUrl, "/#almaty"),
      name: `${site.name}, офис в Алматы`,
      url: siteHref(siteUrl, "/contacts"),
      address: postalAddressOf(site.almatyOffice.address, "KZ"),
      email: site.almatyOffice.email,
      telephone: site.almatyOffice.phones.map((p) => p.number),
      parentOrganization,
    },
  ];
}

/** A teacher: each has a card with its own anchor on /teachers. */
export function personRef(teacher: Teacher, siteUrl: string): Node {
  const url = siteHref(siteUrl, `/teachers#${teacher.slug}`);
  return { "@type": "Person", "@id": url, name: teacher.name, url };
}

const RATING_SCALE = { bestRating: 5, worstRating: 1 } as const;

/**
 * Reviews of a course by its students, shown on its page. Never of the institute itself: Google
 * ignores ratings an organisation gives itself on its own site (self-serving reviews).
 */
function courseReviews(reviews: readonly Review[]): Node {
  if (reviews.length === 0) return {};
  const average = reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
  return {
    aggregateRating: { "@type": "AggregateRating", ratingValue: Number(average.toFixed(1)), reviewCount: reviews.length, ...RATING_SCALE },
    review: reviews.map((r) => ({
      "@type": "Review",
      author: { "@type": "Person", name: r.author },
      datePublished: r.date,
      reviewBody: r.text,
      reviewRating: { "@type": "Rating", ratingValue: r.rating, ...RATING_SCALE },
    })),
  };
}

export interface CourseFacts {
  name: string;
  description: string;
  /** the course's page */
  path: string;
  /** a picture of it on this site, when it has one */
  image?: string;
  provider: Node;
  /** the price of the whole course */
  price: number;
  /** when the page gives the price a year (bachelor's programs): that price, said to be a year's */
  pricePerYear?: number;
  credential?: string;
  /** how, when and at what pace it runs: courseMode, startDate, courseWorkload or courseSchedule, location */
  instance: Node;
  instructors: readonly Teacher[];
  reviews?: readonly Review[];
}

/** A price a year: a unit price whose unit is one year (UN/CEFACT `ANN`). */
const yearlyPrice = (price: number): Node => ({
  "@type": "UnitPriceSpecification",
  price,
  priceCurrency: "RUB",
  unitText: "год",
  referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "ANN", unitText: "год" },
});

/** A Course with the properties Google's course info requires (name, description, provider, offers, hasCourseInstance). */
export function courseJsonLd(facts: CourseFacts, siteUrl: string): Node {
  const url = siteHref(siteUrl, facts.path);
  return {
    "@context": CONTEXT,
    "@type": "Course",
    "@id": `${url}#course`,
    name: facts.name,
    description: facts.description,
    url,
    ...(facts.image ? { image: siteHref(siteUrl, facts.image) } : {}),
    provider: facts.provider,
    inLanguage: "ru",
    ...(facts.credential ? { educationalCredentialAwarded: facts.credential } : {}),
    offers: {
      "@type": "Offer",
      category: facts.price > 0 ? "Paid" : "Free",
      price: facts.price,
      priceCurrency: "RUB",
      ...(facts.pricePerYear !== undefined ? { priceSpecification: yearlyPrice(facts.pricePerYear) } : {}),
      availability: "https://schema.org/InStock",
      url,
    },
    hasCourseInstance: {
      "@type": "CourseInstance",
      ...facts.instance,
      instructor: facts.instructors.map((t) => personRef(t, siteUrl)),
    },
    ...courseReviews(facts.reviews ?? []),
  };
}

/** Minutes in an academic hour: programs and trainings give their volume in these (the offer, content/documents.json). */
const ACADEMIC_HOUR_MINUTES = 45;

/**
 * Google's `courseWorkload` (the total time of the course's work, ISO 8601) of a volume in academic
 * hours, in clock time: 1100 academic hours are PT825H.
 */
export const academicHoursWorkload = (hours: number) => minutesDuration(hours * ACADEMIC_HOUR_MINUTES);

/** The sitewide structured data of spec 2.7: navigation, header, logo, footer and organisation. */
export function siteJsonLd(site: Site, siteUrl: string): Record<string, unknown>[] {
  const holder = site.legalEntities[0];
  return [
    {
      "@context": CONTEXT,
      "@type": "SiteNavigationElement",
      name: mainNavigation.map((link) => link.label),
      url: mainNavigation.map((link) => siteHref(siteUrl, link.href)),
    },
    { "@context": CONTEXT, "@type": "WPHeader", name: site.name, url: siteHref(siteUrl, "/") },
    { "@context": CONTEXT, ...organizationLogo(siteUrl), name: `Логотип: ${site.name}` },
    {
      "@context": CONTEXT,
      "@type": "WPFooter",
      ...(holder ? { copyrightHolder: legalEntityRef(site, siteUrl, holder) } : {}),
      copyrightYear: new Date().getUTCFullYear(),
    },
    organizationJsonLd(site, siteUrl),
  ];
}
