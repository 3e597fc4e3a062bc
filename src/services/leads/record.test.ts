import { describe, expect, it } from "vitest";
import { leadRecordSchema, PERSONAL_FIELDS, personalShape, readLeadRecord, redacted, requestShape, visitorShape } from "./record";

describe("the lead record", () => {
  it("declares every field in exactly one shape: a person's data, the visitor's cookies, or the request", () => {
    const shapes = [personalShape, visitorShape, requestShape].map((shape) => Object.keys(shape));
    const all = shapes.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(all)).toEqual(new Set(Object.keys(leadRecordSchema.shape)));
  });

  it("redacts every personal field, whether the lead had it or not", () => {
    const lead = {
      id: "lead-1",
      kind: "subscription" as const,
      receivedAt: 1,
      email: "anna@example.ru",
      utm: {},
      roistatAB: "hidden" as const,
      consent: { personalData: true, news: false, variant: "hidden" as const },
    };
    const after = redacted(lead);
    for (const field of PERSONAL_FIELDS) expect(after[field]).toBeNull();
    expect(JSON.stringify(after)).not.toContain("anna@example.ru");
    expect(leadRecordSchema.shape.email).toBeDefined();
  });

  it("reads a lead stored before the visitor's area was kept, and keeps the area through redaction", () => {
    const before = { id: "old", kind: "lead", receivedAt: 1, name: "Анна", utm: {}, roistatAB: "hidden", consent: { personalData: null, news: null, variant: "hidden" } };
    expect(readLeadRecord(JSON.stringify(before)).area).toBeUndefined();
    const now = readLeadRecord(JSON.stringify({ ...before, area: "KZ" }));
    expect(redacted(now).area).toBe("KZ");
    expect(() => readLeadRecord(JSON.stringify({ ...before, area: "Алматы" }))).toThrow();
  });
});
