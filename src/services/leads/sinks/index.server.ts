import type { LeadRecord } from "../record";
import { amocrm, amocrmConfirmed, amocrmExpiry, amocrmPaid } from "./amocrm.server";
import { mailConfirm, mailTicket } from "./mail.server";
import type { Sink } from "./types";
import { advcake, genezis, genezisConfirmed, genezisExpiry, genezisPaid, genezisRefunded, partner, roistat } from "./webhooks.server";

/**
 * The sinks in the order of spec 7 (genezis, AdvCake, the partner, Roistat), then the CRM; and a free
 * registration's confirmation letter (decision 093).
 */
export const sinks: readonly Sink[] = [genezis, advcake, partner, roistat, amocrm, mailConfirm];

/**
 * The sink a stored delivery names. The names are stable keys (types.ts: SINK_KEYS): renaming a
 * sink needs a step in the outbox's migrations that renames its stored rows.
 */
/** What is told of an order whose hold ended unpaid: the CRM webhook and amoCRM, as updates of what they have (decision 050). */
export const expirySinks: readonly Sink[] = [genezisExpiry, amocrmExpiry];

/** What is told of an order paid or refunded on the site (decision 085): the CRM, and the buyer their e-ticket. */
export const paidSinks: readonly Sink[] = [genezisPaid, amocrmPaid, mailTicket];
export const refundSinks: readonly Sink[] = [genezisRefunded];

/** What is told of a free registration confirmed by its letter's link (decision 093): the CRM, and the holder their e-ticket. */
export const confirmedSinks: readonly Sink[] = [genezisConfirmed, amocrmConfirmed, mailTicket];

export const sinkByName: ReadonlyMap<string, Sink> = new Map([...sinks, ...expirySinks, ...paidSinks, ...refundSinks, ...confirmedSinks].map((sink) => [sink.name, sink]));

export function sinksFor(lead: LeadRecord): Sink[] {
  return sinks.filter((sink) => sink.applies(lead));
}

export type { Sink,   } from "./types";
