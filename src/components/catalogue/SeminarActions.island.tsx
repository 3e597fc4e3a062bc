import type { MouseEvent } from "react";
import { defineIsland } from "../island";
import { type LeadRequest, leadPopup } from "../state/lead-popup";
import { useSignalValue } from "../state/signals";
import { ticketsLeft } from "../../client/ticket-state";
import { buyLabel } from "../../services/tickets";
import { applyHref } from "./CtaButton.island";

interface SeminarActionsProps {
  seminarId: string;
  initial: number;
  buy: LeadRequest;
  waitlist: LeadRequest;
  /** the hero's buttons: the page's main call to action (`data-main-action`), not the phone's bar */
  main?: boolean;
}

/**
 * What a visitor can do on a seminar page, by the live ticket count (the page itself may come from
 * the edge cache): choose tickets, or, when none are left, join the waiting list.
 */
function SeminarActions({ seminarId, initial, buy, waitlist, main = false }: SeminarActionsProps) {
  const mainAction = main ? "" : undefined;
  const left = useSignalValue(ticketsLeft)[seminarId] ?? initial;
  const open = (request: LeadRequest) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    leadPopup.value = left > 0 ? { ...request, seminar: request.seminar ? { ...request.seminar, tickets_quantity: left } : undefined } : request;
  };
  if (left > 0) {
    return (
      <a className="btn btn--primary" href={applyHref(buy)} onClick={open(buy)} data-replay="" data-cta={buy.cta} data-main-action={mainAction}>
        <span className="btn__label">{buyLabel(buy.price ?? 0)}</span>
      </a>
    );
  }
  return (
    <>
      <p className="notice">Все билеты проданы.</p>
      <a className="btn btn--primary" href={applyHref(waitlist)} onClick={open(waitlist)} data-replay="" data-cta={waitlist.cta} data-main-action={mainAction}>
        <span className="btn__label">Записаться в лист ожидания</span>
      </a>
    </>
  );
}

export default defineIsland("catalogue/SeminarActions", SeminarActions, "interaction");
