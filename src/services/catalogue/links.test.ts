import { describe, expect, it } from "vitest";
import { bachelorHref, practicalTrainingHref, programHref, seminarHref } from "./links";

describe("detail link shapes of spec 2.2", () => {
  it("builds program links from the type's base route, study field and slug", () => {
    expect(programHref({ type: "Profession", studyFieldSlug: "konsultirovanie", slug: "psiholog-konsultant" })).toBe(
      "/professions/konsultirovanie/psiholog-konsultant",
    );
    expect(programHref({ type: "Course", studyFieldSlug: "psihoterapiya", slug: "kpt" })).toBe("/courses/psihoterapiya/kpt");
    expect(programHref({ type: "ShortTerm", studyFieldSlug: "obshaya-psihologiya", slug: "x" })).toBe("/shortTerm/obshaya-psihologiya/x");
  });

  it("uses the literal word studyfield when a program has no study field", () => {
    expect(programHref({ type: "Course", slug: "etika" })).toBe("/courses/studyfield/etika");
  });

  it("links bachelors and practical trainings without a study-field segment", () => {
    expect(bachelorHref({ slug: "psihologiya" })).toBe("/bachelor/psihologiya");
    expect(practicalTrainingHref({ slug: "supervision" })).toBe("/practical-training/supervision");
  });

  it("links seminars under their study field", () => {
    expect(seminarHref({ studyFieldSlug: "psihoterapiya", slug: "s" })).toBe("/seminars/psihoterapiya/s");
  });
});
