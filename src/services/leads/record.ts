import type { AbVariant, Utm } from "../tracking";

/** What a lead is about: a plain application, the not-found form, a ticket order, a subscription. */
export type LeadKind = "lead" | "notFound" | "ticket" | "freeAccess" | "subscription";

/** Personal fields: kept until every sink has the lead and the retention has passed, then redacted. */
export const PERSONAL_FIELDS = ["name", "phone", "email", "question"] as const;

/** A lead as the outbox stores it and the sinks send it (spec 3: the lead payload). */
export interface LeadRecord {
  id: string;
  kind: LeadKind;
  receivedAt: number;
  name?: string | null;
  phone?: string | null;
  email?: string | null;
  question?: string | null;
  country?: string;
  promocode?: string;
  gift?: string;
  cta?: string;
  blockForAmo?: string;
  price?: number;
  leadPage?: string;
  referer?: string;
  utms?: Record<string, string>;
  /** the UTM cookie of the server (spec 3: utm object with utm_source) */
  utm: Utm;
  roistatAB: AbVariant;
  roistat_visit?: string;
  ymUid?: string;
  advcake_track_id?: string;
  advcake_track_url?: string;
  admitad_uid?: string;
  click_id?: string;
  consent: { personalData: boolean | null; news: boolean | null; variant: AbVariant };
  /** Turnstile's verdict when it is on: "unverified" when siteverify could not answer (decision 010) */
  turnstile?: "passed" | "unverified";
  ticket?: { seminar_id: string; seminar_title: string; tickets: number; date: number; seminar_tickets_quantity: number };
}

/** Stable id of a subscription: the same e-mail twice is one subscription. */
export async function subscriptionId(email: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(email.trim().toLowerCase()));
  return `sub-${[...new Uint8Array(digest)].slice(0, 16).map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}
