/**
 * The institute's contacts in the order a visitor needs them (issue #19, decision 020): the lines
 * serving the visitor's area first, with the languages they speak; every number stays on the
 * site for every visitor (the footer and /contacts list them all).
 */
import { admissionsHoursText } from "../../services/admissions-hours";
import type { Phone, Site } from "../../services/catalogue/schemas";
import { contactArea, serves, servingFirst, type VisitorArea } from "../../services/visitor-area";
import type { FallbackContacts } from "../forms/lead-form-options";
import type { NextSteps } from "../forms/ThankYou";
import type { HeaderContacts, PhoneLink } from "./header/types";

export const phoneHref = (phone: Pick<Phone, "number">) => `tel:${phone.number}`;

const languageAdverbs: Record<Exclude<Phone["languages"][number], "ru">, string> = { kk: "по-казахски", uz: "по-узбекски" };
const areaNames: Record<Phone["areas"][number], string> = { RU: "Россия", KZ: "Казахстан", UZ: "Узбекистан" };

/** «говорим по-казахски»: the languages a line speaks besides Russian, which every line speaks; none for Russian alone. */
export function spokenLanguages(phone: Pick<Phone, "languages">): string | undefined {
  const others = phone.languages.flatMap((language) => (language === "ru" ? [] : [languageAdverbs[language]]));
  return others.length > 0 ? `говорим ${others.join(" и ")}` : undefined;
}

/** Every line of the site: Moscow's, then the Almaty office's. */
export const allPhones = (site: Site): Phone[] => [...site.phones, ...site.almatyOffice.phones];

/** A line as a link, with where it serves when that is not Russia, and what it speaks besides Russian. */
function phoneLink(phone: Phone): PhoneLink {
  const languages = spokenLanguages(phone);
  const place = phone.areas.includes("RU") ? undefined : phone.areas.map((area) => areaNames[area]).join(", ");
  return { href: phoneHref(phone), display: phone.display, ...(place ? { place } : {}), ...(languages ? { languages } : {}) };
}

/** The lines of one department the header offers: the visitor's area's first, then Russia's (the institute's own). */
function headerLines(site: Site, area: VisitorArea, type: Phone["contactType"]): Phone[] {
  return servingFirst(
    allPhones(site).filter((phone) => phone.contactType === type && (serves(phone, area) || phone.areas.includes("RU"))),
    area,
  );
}

/** The admissions line a visitor calls first: their area's; Moscow's for Russia and everyone else (content validation guarantees one). */
const firstAdmissionsPhone = (site: Site, area: VisitorArea): Phone => headerLines(site, area, "study")[0]!;

/** The WhatsApp of the visitor's area: the first of its lines that answers there, otherwise the institute's. */
function whatsappFor(site: Site, area: VisitorArea): string {
  const line = allPhones(site).find((phone) => phone.whatsapp && serves(phone, area));
  return line ? `https://wa.me/${line.number.slice(1)}` : site.links.whatsapp;
}

/** Whether the Almaty office serves the visitor's area (the content names its areas; Kazakhstan when it does not). */
export const almatyServes = (site: Site, area: VisitorArea): boolean => (site.almatyOffice.areas ?? ["KZ"]).some((served) => served === contactArea(area));

/** The offices, the visitor's first: Almaty's before Moscow's where it serves the area (Kazakhstan, Uzbekistan). */
const officeAddresses = (site: Site, area: VisitorArea): string[] =>
  almatyServes(site, area) ? [site.almatyOffice.address, site.moscowOffice.address] : [site.moscowOffice.address];

/** The contacts of the header's popup and the mobile menu (spec 2.3) for a visitor of this area. */
export function headerContacts(site: Site, area: VisitorArea): HeaderContacts {
  return {
    admissions: headerLines(site, area, "study").map(phoneLink),
    curators: headerLines(site, area, "curators").map(phoneLink),
    whatsapp: whatsappFor(site, area),
    hours: admissionsHoursText(site.admissionsHours, area),
    addresses: officeAddresses(site, area),
  };
}

/** When and how admissions answer a visitor of this area: their office's hours on their clock, the line it calls from. */
export function nextStepsFor(site: Site, area: VisitorArea): NextSteps {
  return { hours: admissionsHoursText(site.admissionsHours, area), phone: firstAdmissionsPhone(site, area).display };
}

/** The contacts the forms offer when sending fails (spec 8): the visitor's admissions line and WhatsApp. */
export function fallbackContacts(site: Site, area: VisitorArea): FallbackContacts {
  const phone = firstAdmissionsPhone(site, area);
  return { phone: { href: phoneHref(phone), display: phone.display }, whatsapp: whatsappFor(site, area) };
}
