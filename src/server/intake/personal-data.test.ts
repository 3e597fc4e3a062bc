/**
 * A person's data in a form ends as a personal field of the lead, so redaction removes it: every
 * text field of every form gets a value of its own, goes through the intake's own mapping to the
 * lead record, and only the fields written out below, each with why it is no person's data, may
 * still hold their value once the lead is redacted.
 */
import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import type { Seminar } from "../../services/catalogue/build";
import { type LeadRecord, redacted, type Visitor } from "../../services/leads/record";
import { leadBodySchema, subscribeSchema } from "../../services/leads/schemas";
import { ticketOrderSchema } from "../../services/tickets";
import type { AppEnv } from "../env";
import { leadRecord } from "./intake";
import { subscriptionRecord } from "./leads";
import { orderRecord } from "./orders";

/** The form fields a redacted lead keeps, and why each is no person's data. */
const KEPT_AFTER_REDACTION: Record<string, string> = {
  id: "made at random by the browser when the form opens",
  leadPage: "the site's page the form was on",
  utms: "the campaign's labels of the page",
  country: "the phone's country picked, two letters",
  promocode: "a code given to many",
  gift: "a prize code of the fortune wheel, given to many",
  cta: "which button, one of the site's keys",
  blockForAmo: "the site's hidden label of what was asked for (a program's title)",
};

interface Def {
  type: string;
  innerType?: { _zod: { def: Def } };
  in?: { _zod: { def: Def } };
}
type Shape = Record<string, { _zod: { def: Def } }>;

/** The type under a field's wrappers (optional, prefault, pipe...). */
function typeOf(field: { _zod: { def: Def } }): string {
  let def = field._zod.def;
  while (def.innerType || def.in) def = (def.innerType ?? def.in)!._zod.def;
  return def.type;
}

const marker = (field: string) => `marker-${field}-7f3a`;

/** Every field of the form that holds text, each with a value no other field has. */
function textValues(shape: Shape): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(shape)) {
    const type = typeOf(schema);
    if (type === "string" || type === "enum") values[field] = marker(field);
    else if (type === "record") values[field] = { utm_term: marker(field) };
  }
  return values;
}

const context = { req: { header: () => "https://mip.institute/from-header" } } as unknown as Context<AppEnv>;
const visitor: Visitor = { utm: {}, roistatAB: "visible" };
const seminar = { id: "s1", title: "Семинар", price: 1000, targetDate: "2030-01-01T10:00:00.000Z" } as Seminar;

const [popupForm, shortForm] = (leadBodySchema as unknown as { _zod: { def: { options: [{ shape: Shape }, { shape: Shape }] } } })._zod.def.options;

/** Each form of the site and how the intake makes its lead record. */
const forms: { name: string; shape: Shape; record: (values: Record<string, unknown>) => LeadRecord | Promise<LeadRecord> }[] = [
  { name: "the popup and /apply (lead)", shape: popupForm.shape, record: (values) => leadRecord(context, "lead", values as never, visitor) },
  { name: "the not-found panel", shape: shortForm.shape, record: (values) => leadRecord(context, "notFound", values as never, visitor) },
  { name: "the free-access page", shape: shortForm.shape, record: (values) => leadRecord(context, "freeAccess", values as never, visitor) },
  {
    name: "a ticket order",
    shape: ticketOrderSchema.shape as unknown as Shape,
    record: (values) => orderRecord(context, { ...values, tickets: 2 } as never, seminar, {}, visitor),
  },
  { name: "the subscription", shape: subscribeSchema.shape as unknown as Shape, record: (values) => subscriptionRecord(context, values as never, visitor) },
];

describe("a person's data in any form is gone once the lead is redacted", () => {
  for (const form of forms) {
    it(`${form.name}: only fields that are no person's data keep their value`, async () => {
      const values = textValues(form.shape);
      const lead = await form.record(values);
      const before = JSON.stringify(lead);
      const after = JSON.stringify(redacted(lead));
      const kept = Object.keys(values).filter((field) => after.includes(marker(field)));
      expect(kept.filter((field) => !(field in KEPT_AFTER_REDACTION))).toEqual([]);
      // not vacuous: the person's fields the form has did reach the lead before redaction
      for (const field of ["name", "phone", "email", "question"]) if (field in values) expect(before).toContain(marker(field));
    });
  }
});
