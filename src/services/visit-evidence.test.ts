import { describe, expect, it } from "vitest";
import { hex } from "./digest";
import { hmacKey } from "./signing";
import { isLegacyVisit, legacyVisit, newVisitId, readVisitValue, visitValue } from "./visit-evidence";

describe("the evidence of a visit", () => {
  it("names the time it began and its id, and nothing of another shape", () => {
    const id = newVisitId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(newVisitId()).not.toBe(id);
    expect(readVisitValue(visitValue(1_767_225_600_000, id))).toEqual({ at: 1_767_225_600_000, id });
    for (const bad of ["", "1767225600000", `1767225600000.${id}0`, `1767225600000.${id.toUpperCase()}`, `x.${id}`]) expect(readVisitValue(bad)).toBeNull();
  });

  it("reads a cookie of the old form (before decision 054) under its old key only, its time kept", async () => {
    const text = "a".repeat(64);
    const key = await hmacKey(new TextEncoder().encode(text));
    const other = await hmacKey(new TextEncoder().encode("b".repeat(64)));
    const signature = hex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode("visit:1767225600000")));
    const value = `1767225600000.${signature}`;
    expect(isLegacyVisit(value)).toBe(true);
    expect(await legacyVisit(key, value)).toEqual({ at: 1_767_225_600_000, id: signature.slice(0, 32), legacy: true });
    expect(await legacyVisit(other, value)).toBeNull();
    expect(await legacyVisit(key, `1700000000000.${signature}`)).toBeNull();
    expect(isLegacyVisit(visitValue(1_767_225_600_000, newVisitId()))).toBe(false);
  });
});
