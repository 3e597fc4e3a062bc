import { describe, expect, it } from "vitest";
import { hmacKey, looksLikeVisit, signVisit, visitIssuedAt } from "./visit-evidence";

describe("the evidence of a visit", () => {
  it("gives back the time it was signed with, under the same key only", async () => {
    const key = await hmacKey("a".repeat(64));
    const other = await hmacKey("b".repeat(64));
    const value = await signVisit(key, 1_767_225_600_000);
    expect(looksLikeVisit(value)).toBe(true);
    expect(await visitIssuedAt(key, value)).toBe(1_767_225_600_000);
    expect(await visitIssuedAt(other, value)).toBeNull();
  });

  it("refuses a time changed after signing, and anything of another shape", async () => {
    const key = await hmacKey("a".repeat(64));
    const value = await signVisit(key, 1_767_225_600_000);
    const earlier = `1700000000000${value.slice(13)}`;
    expect(await visitIssuedAt(key, earlier)).toBeNull();
    for (const bad of [undefined, "", "0", "1767225600000", `${value}0`, value.toUpperCase()]) expect(await visitIssuedAt(key, bad)).toBeNull();
  });
});
