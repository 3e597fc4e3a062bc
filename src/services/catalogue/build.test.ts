import { describe, expect, it } from "vitest";
import { defaultRawContent } from "../../../tests/support/content";
import { buildCatalogue, ContentError, moscowDateTime } from "./build";

const now = new Date("2026-11-21T10:00:00Z");

function failure(mutate: (raw: ReturnType<typeof defaultRawContent>) => void): string {
  const raw = defaultRawContent();
  mutate(raw);
  try {
    buildCatalogue(raw, now, "v");
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return (error as Error).message;
  }
  throw new Error("the content was accepted");
}

describe("content validation", () => {
  it("accepts the default content with what the issue asks of it", () => {
    const catalogue = buildCatalogue(defaultRawContent(), now, "v");
    expect(catalogue.studyFields.map((f) => f.slug)).toEqual([
      "psihoterapiya", "konsultirovanie", "detskaya-psihologiya", "dietologiya-i-nutriciologiya",
      "klinicheskaya-psihologiya", "organizacionnaya-psihologiya", "obshaya-psihologiya",
    ]);
    expect(catalogue.programs.length).toBeGreaterThanOrEqual(40);
    expect(new Set(catalogue.programs.map((p) => p.type))).toEqual(new Set(["Profession", "Course", "ShortTerm"]));
    expect(catalogue.bachelors).toHaveLength(3);
    expect(catalogue.seminars.length).toBeGreaterThanOrEqual(8);
    expect(catalogue.webinars.length).toBeGreaterThanOrEqual(6);
    expect(catalogue.teachers.length).toBeGreaterThanOrEqual(12);
    expect(catalogue.reviews.length).toBeGreaterThanOrEqual(20);
    expect(catalogue.journal.length).toBeGreaterThanOrEqual(10);
    expect(catalogue.liveCourses.length).toBeGreaterThan(0);
    expect(catalogue.vacancies.length).toBeGreaterThan(0);
    expect(catalogue.partners.length).toBeGreaterThan(0);
    expect(catalogue.site.legalEntities).toHaveLength(2);
  });

  it("keeps seminar dates in the future whenever the content is loaded", () => {
    for (const loadedAt of [now, new Date("2031-02-28T23:30:00Z")]) {
      const catalogue = buildCatalogue(defaultRawContent(), loadedAt, "v");
      for (const seminar of catalogue.seminars) expect(Date.parse(seminar.targetDate)).toBeGreaterThan(loadedAt.getTime());
    }
  });

  it("resolves a relative date to Moscow wall-clock time", () => {
    expect(moscowDateTime(now, 3, "19:00")).toBe("2026-11-24T16:00:00.000Z");
    // 23:30 UTC is already the next day in Moscow
    expect(moscowDateTime(new Date("2026-11-21T23:30:00Z"), 1, "10:00")).toBe("2026-11-23T07:00:00.000Z");
  });

  it("names the file, the item and the field of an invalid value", () => {
    const message = failure((raw) => {
      (raw["programs.json"] as { price: unknown }[])[2]!.price = "дорого";
    });
    expect(message).toMatch(/^content\/programs\.json: item 2 \(id "prog-\d+"\): field "price": /);
  });

  it("names a missing file", () => {
    expect(failure((raw) => delete raw["teachers.json"])).toBe("content/teachers.json: file is missing");
  });

  it("refuses a reference to a teacher that does not exist", () => {
    const message = failure((raw) => {
      (raw["programs.json"] as { teacherIds: string[] }[])[0]!.teacherIds = ["t-404"];
    });
    expect(message).toMatch(/content\/programs\.json: item id "prog-001": field "teacherIds": unknown id "t-404"/);
  });

  it("refuses an offline seminar whose place is not a city, a street and a house: crawlers get it as a postal address", () => {
    const message = failure((raw) => {
      const seminar = (raw["seminars.json"] as { id: string; format: string; place: string }[]).find((s) => s.format === "offline")!;
      seminar.place = "У метро Дмитровская, второй этаж";
    });
    expect(message).toMatch(/content\/seminars\.json: item id "[^"]+": field "place": место очного семинара — город, улица и дом/);
  });

  it("refuses a discount that does not start with '-'", () => {
    expect(failure((raw) => ((raw["site.json"] as { discount: string }).discount = "30%"))).toMatch(/site\.json: field "discount"/);
  });

  it("requires the two hard-coded practical trainings", () => {
    const message = failure((raw) => {
      raw["practical-trainings.json"] = (raw["practical-trainings.json"] as { slug: string }[]).filter((t) => t.slug !== "supervision");
    });
    expect(message).toMatch(/practical-trainings\.json: field "fixed"/);
  });

  it("requires every CTA key of section 9", () => {
    const message = failure((raw) => delete (raw["site.json"] as { cta: Record<string, unknown> }).cta.buyTicket);
    expect(message).toMatch(/site\.json: field "cta/);
  });

  it("states the figures the content asks for, counted from the catalogue", () => {
    const raw = defaultRawContent();
    const about = (raw["pages.json"] as { about: { facts: { value: string; label: string }[] } }).about;
    about.facts[0] = { value: "{{teachers|преподаватель|преподавателя|преподавателей}}", label: "ведут занятия" };
    const catalogue = buildCatalogue(raw, now, "v");
    expect(catalogue.pages.about.facts[0]?.value).toBe(`${catalogue.teachers.length}\u00a0преподавателей`);
  });

  it("refuses a number of programs or teachers typed by hand, even split between a fact's figure and its label", () => {
    const facts = (raw: ReturnType<typeof defaultRawContent>) => (raw["pages.json"] as { about: { facts: { value: string; label: string }[] } }).about.facts;
    expect(failure((raw) => (facts(raw)[1] = { value: "42 программы", label: "переподготовки" }))).toMatch(
      /pages\.json: field "about\.facts\.1\.value": «42 программы» is typed by hand/,
    );
    expect(failure((raw) => (facts(raw)[4] = { value: "120+", label: "преподавателей и супервизоров" }))).toMatch(
      /pages\.json: field "about\.facts\.4": «120\+ преподавателей» is typed by hand/,
    );
  });

  it("refuses a figure the site does not count", () => {
    const message = failure((raw) => {
      (raw["pages.json"] as { about: { facts: { value: string }[] } }).about.facts[1]!.value = "{{graduates|выпускник|выпускника|выпускников}}";
    });
    expect(message).toMatch(/pages\.json: field "about\.facts\.1\.value": unknown figure «graduates»/);
  });

  it("refuses an instalment written as a way to pay: its term is a field, so the monthly payment follows from it", () => {
    const message = failure((raw) => {
      (raw["programs.json"] as { paymentOptions: string[] }[])[0]!.paymentOptions.push("Рассрочка без переплаты на 3 месяца");
    });
    expect(message).toMatch(/programs\.json: item 0 \(id "prog-001"\): field "paymentOptions\.\d+": рассрочку задаёт поле instalmentMonths/);
  });

  it("refuses a length in hours where the calendar length goes, since the hours are shown beside it", () => {
    const message = failure((raw) => {
      (raw["practical-trainings.json"] as { slug: string; duration: string }[]).find((t) => t.slug === "build-your-brand")!.duration = "36 часов";
    });
    expect(message).toMatch(/practical-trainings\.json: item \d+ \(id "[^"]+"\): field "duration": срок — дни, недели, месяцы или годы/);
  });

  it("refuses a graduate's review that its author wrote while studying", () => {
    const message = failure((raw) => {
      const review = (raw["reviews.json"] as { id: string; status: string }[]).find((r) => r.id === "rev-26")!;
      review.status = "graduate";
    });
    expect(message).toMatch(/reviews\.json: item \d+ \(id "rev-26"\): field "text": текст написан во время учёбы/);
  });
});
