import { sharedSignal } from "../../client/shared-signal";
import type { CtaKey } from "../../services/catalogue/schemas";

/** What a CTA asks the one lead popup of the page to show (spec 2.6 options). */
export interface LeadRequest {
  cta: CtaKey;
  /** the popup's heading and text: the key's title and description from the CTA catalogue */
  title: string;
  description: string;
  /** the program, seminar or page the lead is about (sent as blockForAmo, the lead's source label) */
  blockForAmo?: string;
  price?: number;
  /** the phone the form starts with (the one a wheel's gift was drawn for: the gift goes with it alone) */
  phone?: { phone: string; country: string };
  /** seminar ticket fields (tickets mode) */
  seminar?: { id: string; title: string; price: number; tickets_quantity: number; date: string };
}

export const leadPopup = sharedSignal<LeadRequest | null>(null);
