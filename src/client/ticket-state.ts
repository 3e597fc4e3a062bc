import { signal } from "@preact/signals-core";
import { sharedSignal } from "./shared-signal";

/** Tickets left per seminar id, as the last answer of the server said (shared by the popup and the page). */
export const ticketsLeft = sharedSignal<Record<string, number>>({});

export function setTicketsLeft(seminarId: string, left: number): void {
  ticketsLeft.value = { ...ticketsLeft.value, [seminarId]: left };
}

/** Seats held per seminar id by orders not yet paid (or registrations not yet confirmed), as the live count said. */
export const ticketsHeld = sharedSignal<Record<string, number>>({});

export function setTicketsHeld(seminarId: string, held: number): void {
  ticketsHeld.value = { ...ticketsHeld.value, [seminarId]: held };
}

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
