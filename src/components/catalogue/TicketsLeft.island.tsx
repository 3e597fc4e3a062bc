import { useEffect, useState } from "react";
import { defineIsland } from "../island";
import { useSignalValue } from "../state/signals";
import { setTicketsLeft, ticketsLeft } from "../state/tickets";
import { ticketTerms } from "../state/ticket-terms";
import { answerOf, ticketsClient } from "../../client/api";
import { pluralize } from "../../services/text";

/** Seats held by orders not yet paid (or registrations not yet confirmed, decision 093), as a visitor reads them: they may come back (decision 050). */
const heldSeats = (held: number) => pluralize(held, ["место забронировано", "места забронированы", "мест забронировано"]);

/**
 * The live ticket count of a seminar page: the server's count first, then the object's own
 * count (pages may come from the edge cache), then each order's answer; beside it, the seats held
 * by orders not yet paid, when there are any («3, 2 места забронированы…»); on a free seminar, by
 * registrations not yet confirmed by their e-mail (decision 093).
 */
function TicketsLeft({ seminarId, initial, free = false }: { seminarId: string; initial: number; free?: boolean }) {
  const left = useSignalValue(ticketsLeft)[seminarId] ?? initial;
  const [held, setHeld] = useState(0);
  useEffect(() => {
    ticketsClient.seminars[":id"].tickets
      .$get({ param: { id: seminarId } })
      .then((response) => answerOf(response))
      .then((answer) => {
        if (!answer?.ok) return;
        setTicketsLeft(seminarId, answer.tickets_quantity);
        setHeld(answer.held);
        ticketTerms.value = { payment: answer.payment_note, abroad: answer.abroad_note, refund: answer.refund_terms };
      })
      .catch((error) => console.error("tickets: cannot read the live count", error));
  }, [seminarId]);
  return (
    <span data-testid="tickets-left" data-left={left} data-held={held}>
      {left > 0 ? left : held > 0 ? "Свободных мест нет" : free ? "Мест нет" : "Все билеты проданы"}
      {held > 0 ? <span className="facts__note">{`${heldSeats(held)}: могут освободиться, если ${free ? "регистрацию не подтвердят" : "их не оплатят"}`}</span> : null}
    </span>
  );
}

export default defineIsland("catalogue/TicketsLeft", TicketsLeft, "visible");
