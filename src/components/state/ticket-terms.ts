import { signal } from "@preact/signals-core";

/**
 * How the seminar on this page sells its tickets (decision 085), as its live count's answer said:
 * how payment happens, how a visitor from KZ/UZ can pay, the refund terms. The ticket form shows them.
 */
export interface TicketTerms {
  payment?: string;
  abroad?: string;
  refund?: string;
}

export const ticketTerms = signal<TicketTerms>({});
