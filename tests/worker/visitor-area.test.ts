/**
 * Issue #19: the visitor's area at the edge. The header, the popup, the footer and /contacts put
 * the admissions line of the visitor's country first; the phone picker starts at that country;
 * event times lead with its zone; leads carry the area to the CRM; the edge cache keeps one page
 * per area and never serves one area's page to another.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { upcomingSeminars } from "../../src/services/catalogue/queries";
import { seminarHref } from "../../src/services/catalogue/links";
import { freshIsolate } from "../../src/services/isolate";
import { cacheVersion, pageCacheKey } from "../../src/server/cache/key";
import { pageFacts } from "../../src/services/page-params";
import { defaultCatalogue } from "../support/content";
import { decode, islandProps } from "./html";
import { newPhone, origin, outboxOf, postJson, received, seedCrmToken, settled, uniqueId, validLead } from "./leads-helpers";
import { seedCatalogue } from "./seed";
import { fetchWith, settingsWith } from "./with-settings";

const catalogue = defaultCatalogue("area-v1");
const { site } = catalogue;
const study = (area: string) => [...site.phones, ...site.almatyOffice.phones].filter((p) => p.contactType === "study" && p.areas.includes(area as "RU"));
const moscow = study("RU")[0]!;
const almaty = study("KZ")[0]!;
const tashkent = study("UZ")[0]!;
const everyPhone = [...site.phones, ...site.almatyOffice.phones];

beforeAll(async () => {
  await seedCatalogue(catalogue);
  await seedCrmToken();
});

const from = (country?: string, extra: Record<string, string> = {}): RequestInit => ({ headers: { ...(country === undefined ? {} : { "CF-IPCountry": country }), ...extra } });

async function page(path: string, country?: string, extra: Record<string, string> = {}) {
  const response = await SELF.fetch(`${origin}${path}`, from(country, extra));
  expect(response.status, path).toBe(200);
  return { response, html: await response.text() };
}

/** The number the header's phone link calls. */
const headerPhone = (html: string) => /<a class="header-phone" href="tel:([^"]+)"/.exec(html)?.[1];
/** The country the phone picker of the page's form starts at. */
const pickedCountry = (html: string) => /<select aria-label="Код страны" name="country"[^>]*>.*?<option value="([a-z]{2})" selected=""/s.exec(html)?.[1];
/** The props a page's island hydrates with. */
function propsOf<T>(html: string, name: string): T {
  const props = islandProps<T>(html, name);
  expect(props, name).toBeDefined();
  return props!;
}
const tel = (phone: { number: string }) => `tel:${phone.number}`;

describe("the visitor's area, from the edge", () => {
  it.each([
    ["RU", moscow],
    ["KZ", almaty],
    ["UZ", tashkent],
    ["DE", moscow],
    [undefined, moscow],
  ])("a visitor from %s has the header's phone of their admissions line", async (country, phone) => {
    expect(headerPhone((await page("/teachers", country)).html)).toBe(phone.number);
  });

  it("treats an unknown or malformed country as 'other' and never writes the header's value into the page", async () => {
    for (const value of ["XX", "T1", "kz<script>alert(1)</script>", "KZ, UZ", "K Z", "K".repeat(300)]) {
      const { html } = await page("/contacts", value);
      expect(headerPhone(html), value).toBe(moscow.number);
      expect(pickedCountry((await page("/apply?cta=askQuestion", value)).html), value).toBe("ru");
      expect(html).not.toContain("alert(1)");
    }
  });

  it("believes Cloudflare's request.cf.country before the header where Cloudflare sets both", async () => {
    const deployed = settingsWith({ ENVIRONMENT: "production" });
    const asked = (init: RequestInit) => fetchWith(deployed, "/teachers", init).then((r) => r.text());
    expect(headerPhone(await asked({ headers: { "CF-IPCountry": "KZ" }, cf: { country: "UZ" } } as RequestInit))).toBe(tashkent.number);
    // a request that reached the Worker without request.cf (decision 020): the header Cloudflare set
    expect(headerPhone(await asked({ headers: { "CF-IPCountry": "KZ" } }))).toBe(almaty.number);
    expect(headerPhone(await asked({}))).toBe(moscow.number);
  });

  it("gives crawlers the page of where they come from, like anyone else", async () => {
    const googlebot = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
    expect(headerPhone((await page("/", "US", googlebot)).html)).toBe(moscow.number);
    expect(headerPhone((await page("/", "KZ", googlebot)).html)).toBe(almaty.number);
  });
});

describe("the right contacts first", () => {
  interface Contacts {
    admissions: { href: string; display: string; languages?: string }[];
    curators: { href: string }[];
    whatsapp: string;
    addresses: string[];
  }
  const headerContacts = (html: string) => propsOf<{ contacts: Contacts }>(html, "layout/Header").contacts;

  it("puts Almaty's lines, their languages, WhatsApp and office first in the header's popup and mobile menu for Kazakhstan", async () => {
    const contacts = headerContacts((await page("/programs", "KZ")).html);
    const almatyStudy = site.almatyOffice.phones.filter((p) => p.contactType === "study");
    expect(contacts.admissions.slice(0, almatyStudy.length).map((p) => p.href)).toEqual(almatyStudy.map(tel));
    expect(contacts.admissions[0]?.languages).toBe("говорим по-казахски");
    // Moscow's lines stay, after them
    expect(contacts.admissions.map((p) => p.href)).toContain(tel(moscow));
    expect(contacts.curators[0]?.href).toBe(tel(site.almatyOffice.phones.find((p) => p.contactType === "curators")!));
    expect(contacts.whatsapp).toBe(`https://wa.me/${site.almatyOffice.phones.find((p) => p.whatsapp)!.number.slice(1)}`);
    expect(contacts.addresses).toEqual([site.almatyOffice.address, site.moscowOffice.address]);
  });

  it("puts the Uzbek line first, speaking Uzbek, for Uzbekistan", async () => {
    const contacts = headerContacts((await page("/programs", "UZ")).html);
    expect(contacts.admissions[0]).toMatchObject({ href: tel(tashkent), display: tashkent.display, languages: "говорим по-узбекски" });
    expect(contacts.admissions.map((p) => p.href)).toContain(tel(moscow));
    expect(contacts.whatsapp).toBe(site.links.whatsapp);
  });

  it("keeps the Moscow lines for Russia and everyone else, as before", async () => {
    for (const country of ["RU", "FR"]) {
      const contacts = headerContacts((await page("/programs", country)).html);
      expect(contacts.admissions.map((p) => p.href)).toEqual(study("RU").map(tel));
      expect(contacts.admissions.every((p) => p.languages === undefined)).toBe(true);
      expect(contacts.whatsapp).toBe(site.links.whatsapp);
      expect(contacts.addresses).toEqual([site.moscowOffice.address]);
    }
  });

  it("offers the visitor's line in the forms' error line (spec 8)", async () => {
    const popup = propsOf<{ contacts: { phone: { href: string } } }>((await page("/programs", "KZ")).html, "forms/LeadPopup");
    expect(popup.contacts.phone.href).toBe(tel(almaty));
  });

  it("keeps every number reachable from every area, in the footer and on /contacts", async () => {
    for (const country of ["RU", "KZ", "UZ", undefined]) {
      for (const path of ["/", "/contacts"]) {
        const html = (await page(path, country)).html;
        for (const phone of everyPhone) expect(html, `${path} ${country} ${phone.display}`).toContain(`href="${tel(phone)}"`);
      }
    }
  });

  /** The numbers the footer's contact cards call, in the order they appear. */
  const footerPhones = (html: string) => [...(/<footer class="site-footer">(.*?)<\/footer>/s.exec(html)?.[1] ?? "").matchAll(/class="contact-card__phone" href="tel:([^"]+)"/g)].map((m) => m[1]);
  /** The numbers of /contacts' phone list, in order. */
  const contactsPhones = (html: string) => [...(/<main[^>]*>(.*?)<\/main>/s.exec(html)?.[1] ?? "").matchAll(/class="phone-row__number" href="tel:([^"]+)"/g)].map((m) => m[1]);

  it.each([
    ["KZ", almaty],
    ["UZ", tashkent],
    ["RU", moscow],
    [undefined, moscow],
  ])("for %s the footer's cards and /contacts start with that area's line", async (country, phone) => {
    const home = (await page("/", country)).html;
    expect(footerPhones(home)[0]).toBe(phone.number);
    const contacts = (await page("/contacts", country)).html;
    expect(contactsPhones(contacts)[0]).toBe(phone.number);
  });

  it("says which numbers speak Kazakh and Uzbek in the footer and on /contacts", async () => {
    for (const path of ["/", "/contacts"]) {
      const html = decode((await page(path, "KZ")).html);
      expect(html).toContain("говорим по-казахски");
      expect(html).toContain("говорим по-узбекски");
    }
  });
});

describe("forms that start where the visitor is", () => {
  it.each([
    ["KZ", "kz"],
    ["UZ", "uz"],
    ["RU", "ru"],
    ["AM", "ru"],
    [undefined, "ru"],
  ])("the phone picker of a visitor from %s starts at %s", async (country, picked) => {
    const apply = (await page("/apply?cta=askQuestion", country)).html;
    expect(pickedCountry(apply)).toBe(picked);
    // the islands hydrate with the same start: the popup's form and the short form of the 404 page
    expect(propsOf<{ area: string }>(apply, "forms/LeadPopup").area).toBe(country === "KZ" || country === "UZ" || country === "RU" ? country : "other");
    const missing = await SELF.fetch(`${origin}/no-such-page`, from(country));
    expect(missing.status).toBe(404);
    expect(pickedCountry(await missing.text())).toBe(picked);
  });

  it("validates the number by the country the visitor chose, whatever the area", async () => {
    const kazakh = validLead({ phone: "8 701 555 62 31", country: "kz" });
    expect((await postJson("/api/leads", kazakh, { "CF-IPCountry": "KZ" })).status).toBe(200);
    expect((await outboxOf(kazakh.id).get(kazakh.id))?.phone).toBe("+77015556231");
    // the same digits for Uzbekistan are no Uzbek number
    expect((await postJson("/api/leads", validLead({ phone: "8 701 555 62 31", country: "uz" }), { "CF-IPCountry": "KZ" })).status).toBe(400);
  });
});

describe("times in the visitor's zone first", () => {
  const seminar = upcomingSeminars(catalogue, Date.now())[0]!;
  const clock = (timeZone: string) => new Intl.DateTimeFormat("ru-RU", { hour: "2-digit", minute: "2-digit", timeZone }).format(new Date(seminar.targetDate));
  const [msk, alm, tas] = [clock("Europe/Moscow"), clock("Asia/Almaty"), clock("Asia/Tashkent")];
  /** The text of the seminar's «Когда». */
  const when = async (country?: string) => {
    const html = decode((await page(seminarHref(seminar), country)).html);
    return (/<dt>Когда<\/dt><dd>(.*?)<\/dd>/s.exec(html)?.[1] ?? "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
  };

  it.each([
    ["KZ", `${alm} в Алматы`, [`${msk} по Москве`, `${tas} в Ташкенте`]],
    ["UZ", `${tas} в Ташкенте`, [`${msk} по Москве`, `${alm} в Алматы`]],
    ["RU", `${msk} по Москве`, [`${alm} в Алматы`, `${tas} в Ташкенте`]],
    [undefined, `${msk} по Москве`, [`${alm} в Алматы`, `${tas} в Ташкенте`]],
  ])("a seminar's time leads with the zone of %s, the others beside it", async (country, lead, others) => {
    const text = await when(country);
    expect(text).toContain(lead);
    for (const other of others) expect(text.indexOf(other), other).toBeGreaterThan(text.indexOf(lead));
  });

  it("seminar cards and webinars show the visitor's zone with Moscow's time beside it", async () => {
    const cards = decode((await page("/lectorium", "KZ")).html);
    expect(cards).toContain(`${alm} в Алматы (${msk} мск)`);
    const moscowCards = decode((await page("/lectorium", "RU")).html);
    expect(moscowCards).toContain(`, ${msk} мск`);
    expect(moscowCards).not.toContain("в Алматы");
    const webinar = catalogue.webinars.filter((w) => Date.parse(w.date) > Date.now()).sort((a, b) => a.date.localeCompare(b.date))[0]!;
    const time = (timeZone: string) => new Intl.DateTimeFormat("ru-RU", { hour: "2-digit", minute: "2-digit", timeZone }).format(new Date(webinar.date));
    expect(decode((await page("/webinars", "UZ")).html)).toContain(`${time("Asia/Tashkent")} в Ташкенте (${time("Europe/Moscow")} мск)`);
  });
});

describe("leads routed by area", () => {
  it("carry the area the server saw, to the webhook, amoCRM and Roistat", async () => {
    const lead = validLead();
    expect((await postJson("/api/leads", lead, { "CF-IPCountry": "KZ" })).status).toBe(200);
    expect((await outboxOf(lead.id).get(lead.id))?.area).toBe("KZ");
    await settled(lead.id);
    const [webhook, amo, roistat] = [(await received("genezis", lead.id))[0]!, (await received("amocrm", lead.id))[0]!, (await received("roistat", lead.id))[0]!];
    expect((webhook.body as { area?: string }).area).toBe("KZ");
    const [amoLead] = amo.body as { _embedded: { tags: { name: string }[] } }[];
    expect(amoLead?._embedded.tags.map((t) => t.name)).toContain("area:KZ");
    expect(roistat.query["fields[area]"]).toBe("KZ");
  });

  it("never take the area from the form's body", async () => {
    const lead = validLead({ area: "UZ" });
    expect((await postJson("/api/leads", lead, { "CF-IPCountry": "RU" })).status).toBe(200);
    expect((await outboxOf(lead.id).get(lead.id))?.area).toBe("RU");
  });

  it("say 'other' for a visitor from elsewhere or of no known country", async () => {
    for (const country of ["DE", undefined]) {
      const lead = validLead();
      expect((await postJson("/api/leads", lead, country ? { "CF-IPCountry": country } : {})).status).toBe(200);
      expect((await outboxOf(lead.id).get(lead.id))?.area).toBe("other");
    }
  });

  it("are taken the same way from a ticket order and a subscription", async () => {
    const seminar = upcomingSeminars(catalogue, Date.now()).find((s) => s.tickets_quantity > 0)!;
    const order = { id: uniqueId("order"), name: "Ольга", phone: newPhone(), email: "olga@example.ru", seminar_id: seminar.id, tickets: 1, cta: "buyTicket" };
    expect((await postJson("/api/tickets", order, { "CF-IPCountry": "UZ" })).status).toBe(200);
    expect((await outboxOf(order.id).get(order.id))?.area).toBe("UZ");
    const email = `${uniqueId("sub")}@example.ru`;
    expect((await postJson("/api/subscribe", { email }, { "CF-IPCountry": "KZ" })).status).toBe(200);
    const { subscriptionId } = await import("../../src/services/leads/record");
    const id = await subscriptionId(email);
    expect((await outboxOf(id).get(id))?.area).toBe("KZ");
  });
});

describe("the edge cache, one page per area", () => {
  it("never serves a page rendered for Kazakhstan to a visitor from Russia", async () => {
    await seedCatalogue(defaultCatalogue("area-cache"));
    const kz = await page("/contacts", "KZ");
    expect(kz.response.headers.get("x-cache")).toBe("MISS");
    const ru = await page("/contacts", "RU");
    expect(ru.response.headers.get("x-cache")).toBe("MISS");
    expect(headerPhone(ru.html)).toBe(moscow.number);
    // each area's page from the cache is that area's
    const [kzAgain, ruAgain] = [await page("/contacts", "KZ"), await page("/contacts", "RU")];
    expect([kzAgain.response.headers.get("x-cache"), ruAgain.response.headers.get("x-cache")]).toEqual(["HIT", "HIT"]);
    expect(kzAgain.html).toBe(kz.html);
    expect(ruAgain.html).toBe(ru.html);
    // and from the shared Cache API, once this isolate's memory is gone
    freshIsolate();
    const [kzShared, ruShared] = [await page("/contacts", "KZ"), await page("/contacts", "RU")];
    expect(headerPhone(kzShared.html)).toBe(almaty.number);
    expect(headerPhone(ruShared.html)).toBe(moscow.number);
  });

  it("keys each area's page explicitly, four at most, 'other' apart from Russia", () => {
    const url = new URL(`${origin}/contacts?utm_source=x`);
    const version = cacheVersion(env, "v1");
    const facts = pageFacts(defaultCatalogue());
    const keys = new Set(["RU", "KZ", "UZ", "other"].map((area) => pageCacheKey(url, version, area as "RU", facts)));
    expect(keys.size).toBe(4);
    expect(new URL(pageCacheKey(url, version, "KZ", facts)).searchParams.get("__area")).toBe("KZ");
  });

  it("serves a country outside the three from the one page of 'other'", async () => {
    await seedCatalogue(defaultCatalogue("area-other"));
    expect((await page("/teachers", "DE")).response.headers.get("x-cache")).toBe("MISS");
    for (const country of ["FR", "US", "XX", undefined]) expect((await page("/teachers", country)).response.headers.get("x-cache"), String(country)).toBe("HIT");
    expect((await page("/teachers", "RU")).response.headers.get("x-cache")).toBe("MISS");
  });

  it("says the page varies by the visitor's country, hit or miss", async () => {
    await seedCatalogue(defaultCatalogue("area-vary"));
    const miss = await page("/reviews", "KZ");
    const hit = await page("/reviews", "KZ");
    expect([miss.response.headers.get("x-cache"), hit.response.headers.get("x-cache")]).toEqual(["MISS", "HIT"]);
    for (const { response } of [miss, hit]) expect(response.headers.get("vary")).toContain("CF-IPCountry");
  });
});
