import { defineIsland } from "../island";
import { useSignalValue } from "../state/signals";
import { ticketsHeld, ticketsLeft } from "../../client/ticket-state";
import { pluralize } from "../../services/text";

/** Seats held by orders not yet paid (or registrations not yet confirmed, decision 093), as a visitor reads them: they may come back (decision 050). */
const heldSeats = (held: number) => pluralize(held, ["место забронировано", "места забронированы", "мест забронировано"]);

/**
 * The live ticket count of a seminar page: the server's count first, then the live count the
 * loader reads without React (pages may come from the edge cache: client/tickets-live.ts), then
 * each order's answer; beside it, the seats held by orders not yet paid, when there are any («3, 2
 * места забронированы…»); on a free seminar, by registrations not yet confirmed by their e-mail
 * (decision 093). It wakes when the live count differs from the page's or seats are held
 * (`live`), or with React, as an `interaction` island.
 */
function TicketsLeft({ seminarId, initial, free = false }: { seminarId: string; initial: number; free?: boolean }) {
  const left = useSignalValue(ticketsLeft)[seminarId] ?? initial;
  const held = useSignalValue(ticketsHeld)[seminarId] ?? 0;
  return (
    <span data-testid="tickets-left" data-left={left} data-held={held}>
      {left > 0 ? left : held > 0 ? "Свободных мест нет" : free ? "Мест нет" : "Все билеты проданы"}
      {held > 0 ? <span className="facts__note">{`${heldSeats(held)}: могут освободиться, если ${free ? "регистрацию не подтвердят" : "их не оплатят"}`}</span> : null}
    </span>
  );
}

export default defineIsland("catalogue/TicketsLeft", TicketsLeft, "live");
