import type { Seminar } from "../services/catalogue/build";
import type { SeatCounts } from "../services/tickets";
import { seminarTickets } from "./objects";

/** Tickets left right now: the seminar object's count, or the content's before the first order. */
export function liveTickets(env: Env, seminar: Pick<Seminar, "id" | "tickets_quantity">): Promise<number> {
  return seminarTickets(env, seminar.id).ticketsLeft(seminar.tickets_quantity);
}

/** Tickets left and the seats held by orders not yet paid (decision 050: they come back if unpaid). */
export function liveSeats(env: Env, seminar: Pick<Seminar, "id" | "tickets_quantity">): Promise<SeatCounts> {
  return seminarTickets(env, seminar.id).counts(seminar.tickets_quantity);
}
