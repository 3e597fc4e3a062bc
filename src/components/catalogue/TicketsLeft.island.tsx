import { useEffect } from "react";
import { defineIsland } from "../island";
import { useSignalValue } from "../state/signals";
import { setTicketsLeft, ticketsLeft } from "../state/tickets";
import { answerOf, ticketsClient } from "../../client/api";

/**
 * The live ticket count of a seminar page: the server's count first, then the object's own
 * count (pages may come from the edge cache), then each order's answer.
 */
function TicketsLeft({ seminarId, initial }: { seminarId: string; initial: number }) {
  const left = useSignalValue(ticketsLeft)[seminarId] ?? initial;
  useEffect(() => {
    ticketsClient.seminars[":id"].tickets
      .$get({ param: { id: seminarId } })
      .then((response) => answerOf(response))
      .then((answer) => {
        if (answer?.ok) setTicketsLeft(seminarId, answer.tickets_quantity);
      })
      .catch((error) => console.error("tickets: cannot read the live count", error));
  }, [seminarId]);
  return (
    <span data-testid="tickets-left" data-left={left}>
      {left > 0 ? left : "Все билеты проданы"}
    </span>
  );
}

export default defineIsland("catalogue/TicketsLeft", TicketsLeft, "visible");
