import { describe, expect, it } from "vitest";
import { newVisitId, readVisitValue, visitValue } from "./visit-evidence";

describe("the evidence of a visit", () => {
  it("names the time it began and its id, and nothing of another shape", () => {
    const id = newVisitId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(newVisitId()).not.toBe(id);
    expect(readVisitValue(visitValue(1_767_225_600_000, id))).toEqual({ at: 1_767_225_600_000, id });
    for (const bad of ["", "1767225600000", `1767225600000.${id}0`, `1767225600000.${id.toUpperCase()}`, `x.${id}`]) expect(readVisitValue(bad)).toBeNull();
  });
});
