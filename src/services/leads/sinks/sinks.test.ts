import { describe, expect, it } from "vitest";
import { expirySinks, sinkByName, sinks } from "./index.server";
import { SINK_KEYS } from "./types";

/** The names the outbox's rows hold, written out: a renamed key fails here until a migration renames the rows. */
const STORED_NAMES = ["genezis", "advcake", "partner", "roistat", "amocrm"];
/** The updates an order's ended hold adds to its lead's deliveries (decision 050), stored since then. */
const STORED_UPDATE_NAMES = ["genezis_expiry", "amocrm_expiry"];
/** The updates of an order paid or refunded on the site (decision 085). */
const STORED_PAYMENT_NAMES = ["genezis_paid", "amocrm_paid", "genezis_refunded"];
/** The buyer's e-ticket by mail, once an order is paid (issue 40). */
const STORED_MAIL_NAMES = ["mail_ticket"];
/** A free registration's confirmation letter, and the updates of its confirmation (decision 093). */
const STORED_CONFIRM_NAMES = ["mail_confirm", "genezis_confirmed", "amocrm_confirmed"];

describe("the sinks' stored names", () => {
  it("are the names the outbox has stored since its first version", () => {
    expect([...SINK_KEYS]).toEqual([...STORED_NAMES, ...STORED_UPDATE_NAMES, ...STORED_PAYMENT_NAMES, ...STORED_MAIL_NAMES, ...STORED_CONFIRM_NAMES]);
  });

  it("resolve, each to the sink of that name, in the order of spec 7 then the CRM (and a free registration's letter)", () => {
    expect(sinks.map((sink) => sink.name)).toEqual([...STORED_NAMES, "mail_confirm"]);
    expect(expirySinks.map((sink) => sink.name)).toEqual(STORED_UPDATE_NAMES);
    for (const key of [...STORED_NAMES, ...STORED_UPDATE_NAMES, ...STORED_PAYMENT_NAMES, ...STORED_MAIL_NAMES, ...STORED_CONFIRM_NAMES]) expect(sinkByName.get(key)?.name).toBe(key);
  });
});
