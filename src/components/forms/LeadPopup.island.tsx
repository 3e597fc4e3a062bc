import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { loadChunk } from "../../client/load-chunk";
import { reachGoal } from "../../client/visit";
import { defineIsland } from "../island";
import { leadPopup } from "../state/lead-popup";
import { activePromo } from "../state/promo";
import { wheelResult } from "../state/wheel";
import { useSignalValue } from "../state/signals";
import { CloseButton } from "../ui/Button";
import type { FallbackContacts } from "./lead-form-options";
import { ThankYou, type ThankYouProps } from "./ThankYou";
import type { OrderSummary } from "../../services/tickets";
import type { VisitorArea } from "../../services/visitor-area";

/** The form (schemas, phone field) loads with the first CTA click, not with the page; a failed load is asked again. */
const LeadForm = lazy(() => loadChunk(() => import("./LeadForm")).then((module) => ({ default: module.LeadForm })));

interface LeadPopupProps extends ThankYouProps {
  contacts: FallbackContacts;
  /** the visitor's area, as the server saw it: the form's phone picker and the order's time follow it */
  area: VisitorArea;
}

/**
 * The one lead popup of a page (spec 2.6): any CTA opens it with its key's title and description;
 * a sent form turns it into the registration popup (the thank-you) and fires the conversion goal.
 */
function LeadPopup({ contacts, area, giftExchange, messengerChannel, nextSteps }: LeadPopupProps) {
  const request = useSignalValue(leadPopup);
  const promo = useSignalValue(activePromo);
  const wheel = useSignalValue(wheelResult);
  const dialog = useRef<HTMLDialogElement>(null);
  const [sent, setSent] = useState(false);
  const [order, setOrder] = useState<OrderSummary | undefined>(undefined);
  const [opening, setOpening] = useState(0);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (request && !element.open) {
      setSent(false);
      setOrder(undefined);
      setOpening((n) => n + 1);
      element.showModal();
    } else if (!request && element.open) {
      element.close();
    }
  }, [request]);

  return (
    <dialog ref={dialog} className="modal lead-popup" aria-labelledby="lead-popup-title" onClose={() => (leadPopup.value = null)}>
      {request ? (
        <div className="modal__body">
          <CloseButton className="modal__close" onClick={() => (leadPopup.value = null)} />
          {sent ? (
            <ThankYou giftExchange={giftExchange} messengerChannel={messengerChannel} order={order} area={area} nextSteps={nextSteps} />
          ) : (
            <>
              <h2 className="modal__title" id="lead-popup-title">
                {request.title}
              </h2>
              {request.blockForAmo && request.price !== undefined && !request.seminar ? (
                <p className="modal__about">Заявка на программу «{request.blockForAmo}»</p>
              ) : null}
              <p className="modal__description">{request.description}</p>
              <Suspense fallback={<div className="lead-form lead-form--loading" aria-busy="true" />}>
              <LeadForm
                key={opening}
                idPrefix="popup"
                cta={request.cta}
                blockForAmo={request.blockForAmo}
                price={request.price}
                seminar={request.seminar}
                promocode={promo?.is_active ? promo.promo_code : undefined}
                gift={wheel?.giftCode}
                giftToken={wheel?.token}
                values={request.phone}
                contacts={contacts}
                area={area}
                onSent={(_, placed) => {
                  setOrder(placed);
                  setSent(true);
                  reachGoal("registration");
                }}
              />
              </Suspense>
            </>
          )}
        </div>
      ) : null}
    </dialog>
  );
}

export default defineIsland("forms/LeadPopup", LeadPopup, "interaction");
