import type { Seminar } from "../services/catalogue/build";
import { seminarTickets } from "./objects";

/** Tickets left right now: the seminar object's count, or the content's before the first order. */
export function liveTickets(env: Env, seminar: Pick<Seminar, "id" | "tickets_quantity">): Promise<number> {
  return seminarTickets(env, seminar.id).ticketsLeft(seminar.tickets_quantity);
}
