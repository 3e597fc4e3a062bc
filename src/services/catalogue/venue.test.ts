import { describe, expect, it } from "vitest";
import seminars from "../../../content/seminars.json";
import site from "../../../content/site.json";
import { postalAddressOf, venueOf } from "./venue";

describe("an event's place in words", () => {
  it("gives its city, street address, country and room", () => {
    expect(venueOf("Москва, ул. Большая Новодмитровская, д. 36, стр. 4, аудитория 212")).toEqual({
      locality: "Москва",
      street: "ул. Большая Новодмитровская, д. 36, стр. 4",
      country: "RU",
      room: "аудитория 212",
    });
    expect(venueOf("Москва, Нижняя Сыромятническая ул., д. 10, стр. 2, зал «Лекторий»")).toMatchObject({ street: "Нижняя Сыромятническая ул., д. 10, стр. 2", room: "зал «Лекторий»" });
    expect(venueOf("г. Алматы, пр. Абая, д. 52Б")).toEqual({ locality: "Алматы", street: "пр. Абая, д. 52Б", country: "KZ" });
  });

  it.each(["Онлайн, ссылка придёт на почту", "Москва", "Москва, д. 5", "Казань, ул. Баумана, д. 1", "Москва, ул. Тверская, , д. 1", "Москва, ул. Тверская"])(
    "is not read from «%s»",
    (place) => {
      expect(venueOf(place)).toBeNull();
    },
  );

  it("is read from every offline seminar of the default content", () => {
    for (const seminar of seminars.filter((s) => s.format === "offline")) expect(venueOf(seminar.place), seminar.slug).not.toBeNull();
  });
});

describe("an address as structured data gives it", () => {
  it("the postal code, the city and the street, each in its field", () => {
    expect(postalAddressOf("127015, г. Москва, ул. Большая Новодмитровская, д. 36, стр. 4, помещ. 21", "RU")).toEqual({
      "@type": "PostalAddress",
      streetAddress: "ул. Большая Новодмитровская, д. 36, стр. 4, помещ. 21",
      addressLocality: "Москва",
      postalCode: "127015",
      addressCountry: "RU",
    });
    expect(postalAddressOf("Алматы, пр. Абая, д. 52Б, бизнес-центр «Алатау», офис 410", "KZ")).toEqual({
      "@type": "PostalAddress",
      streetAddress: "пр. Абая, д. 52Б, бизнес-центр «Алатау», офис 410",
      addressLocality: "Алматы",
      addressCountry: "KZ",
    });
  });

  it("words of another shape whole, in the country it is told", () => {
    expect(postalAddressOf("Казань, ул. Баумана, д. 1", "RU")).toEqual({ "@type": "PostalAddress", streetAddress: "Казань, ул. Баумана, д. 1", addressCountry: "RU" });
  });

  it("every address of the default content's site, read", () => {
    const addresses = [...site.legalEntities.map((entity) => entity.address), site.moscowOffice.address, site.almatyOffice.address];
    for (const address of addresses) expect(postalAddressOf(address, "RU").addressLocality, address).toBeDefined();
  });
});
