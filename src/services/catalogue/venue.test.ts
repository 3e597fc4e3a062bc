import { describe, expect, it } from "vitest";
import seminars from "../../../content/seminars.json";
import { venueOf } from "./venue";

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
