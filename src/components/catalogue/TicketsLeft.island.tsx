import { useEffect } from "react";
import { defineIsland } from "../island";
import { useSignalValue } from "../state/signals";
import { setTicketsLeft, ticketsLeft } from "../state/tickets";

/**
 * The live ticket count of a seminar page: the server's count first, then the object's own
 * count (pages may come from the edge cache), then each order's answer.
 */
function TicketsLeft({ seminarId, initial }: { seminarId: string; initial: number }) {
  const left = useSignalValue(ticketsLeft)[seminarId] ?? initial;
  useEffect(() => {
    fetch(`/api/seminars/${encodeURIComponent(seminarId)}/tickets`)
      .then((response) => (response.ok ? (response.json() as Promise<{ tickets_quantity: number }>) : null))
      .then((answer) => {
        if (answer) setTicketsLeft(seminarId, answer.tickets_quantity);
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
