import { sharedSignal } from "./signals";

/** Tickets left per seminar id, as the last answer of the server said (shared by the popup and the page). */
export const ticketsLeft = sharedSignal<Record<string, number>>({});

export function setTicketsLeft(seminarId: string, left: number): void {
  ticketsLeft.value = { ...ticketsLeft.value, [seminarId]: left };
}
