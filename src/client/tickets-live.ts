import { answerOf, ticketsClient } from "./api";
import { setTicketsHeld, setTicketsLeft, ticketTerms } from "./ticket-state";

/** What the server rendered a seminar's count with: the page may come from the edge cache. */
export interface ShownCount {
  seminarId: string;
  initial: number;
}

/**
 * Reads a seminar's live ticket count without React and shares it (the count on the page, the
 * ticket buttons, the ticket form's terms); resolves whether the page shows something else than
 * the live count (seats sold or freed since the page was rendered, or seats held by orders not yet
 * paid), so that what shows it must wake. A count that cannot be read leaves the page as it is.
 */
export async function readLiveCount({ seminarId, initial }: ShownCount): Promise<boolean> {
  const answer = await answerOf(await ticketsClient.seminars[":id"].tickets.$get({ param: { id: seminarId } }));
  if (!answer?.ok) return false;
  setTicketsLeft(seminarId, answer.tickets_quantity);
  setTicketsHeld(seminarId, answer.held);
  ticketTerms.value = { payment: answer.payment_note, abroad: answer.abroad_note, refund: answer.refund_terms };
  return answer.tickets_quantity !== initial || answer.held > 0;
}
