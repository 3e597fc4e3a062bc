import { describe, expect, it } from "vitest";
import { leadRecordSchema, PERSONAL_FIELDS, personalShape, readLeadRecord, redacted, requestShape, visitorShape } from "./record";

/**
 * Written out here, not read from record.ts: a field moved out of personalShape, or a new field
 * declared outside it, fails below until someone says here why it is no person's data.
 */
const PERSONAL = ["name", "phone", "email", "question"];
/** visitorShape: what the cookies and the edge say of a browser, kept after redaction for the sinks' attribution. */
const VISITOR_NOT_PERSONAL: Record<string, string> = {
  area: "one of four regions (RU, KZ, UZ, other)",
  utm: "the campaign's labels of the link followed",
  roistatAB: "the A/B variant, one of two words",
  roistat_visit: "Roistat's number of the visit, which the CRM attributes the lead by",
  ymUid: "Yandex Metrika's id of the browser, not of a person",
  advcake_track_id: "AdvCake's click, which the partner is paid by",
  advcake_track_url: "AdvCake's click, which the partner is paid by",
  admitad_uid: "admitad's click, which the partner is paid by",
  click_id: "the affiliate's click, which the partner is paid by",
};
/** requestShape: what the request was about. */
const REQUEST_NOT_PERSONAL: Record<string, string> = {
  id: "made at random by the browser or the server",
  kind: "which form, one of five words",
  receivedAt: "when the server took it",
  country: "the phone's country picked, two letters",
  promocode: "a code given to many",
  gift: "a prize code of the fortune wheel, given to many",
  cta: "which button, one of the site's keys",
  blockForAmo: "the site's label of what was asked for (a program's title)",
  price: "the price of what was asked for",
  leadPage: "the site's page the form was on",
  referer: "the page the visitor came from",
  utms: "the campaign's labels of the page",
  consent: "which boxes were ticked, under which variant",
  turnstile: "the human check's verdict",
  captcha: "the captcha's provider and verdict, and why it is unverified",
  ticket: "the seminar and its seats",
};

describe("the lead record", () => {
  it("marks exactly name, phone, e-mail and question personal: every other field says why it is not", () => {
    expect(Object.keys(personalShape)).toEqual(PERSONAL);
    expect(PERSONAL_FIELDS).toEqual(PERSONAL);
    expect(Object.keys(visitorShape).sort()).toEqual(Object.keys(VISITOR_NOT_PERSONAL).sort());
    expect(Object.keys(requestShape).sort()).toEqual(Object.keys(REQUEST_NOT_PERSONAL).sort());
  });

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
