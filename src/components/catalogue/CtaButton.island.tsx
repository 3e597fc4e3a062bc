import type { MouseEvent } from "react";
import { defineIsland } from "../island";
import { type LeadRequest, leadPopup } from "../state/lead-popup";
import type { ButtonVariant } from "../ui/Button";

interface CtaButtonProps {
  request: LeadRequest;
  label: string;
  variant?: ButtonVariant;
  extraInfo?: string;
  /** the page's main call to action: one a page (`data-main-action`, where the first screen ends) */
  main?: boolean;
}

/** The page with the lead form of a CTA: where a CTA leads without JavaScript. */
export function applyHref(request: LeadRequest): string {
  const params = new URLSearchParams({ cta: request.cta });
  if (request.blockForAmo) params.set("about", request.blockForAmo);
  if (request.seminar) params.set("seminar", request.seminar.id);
  return `/apply?${params}`;
}

/**
 * A CTA of the section 9 catalogue: opens the page's lead popup with that key's title and
 * description; without JavaScript it is a link to the same form on its own page.
 */
function CtaButton({ request, label, variant = "primary", extraInfo, main = false }: CtaButtonProps) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    leadPopup.value = request;
  };
  return (
    <a className={`btn btn--${variant}${extraInfo ? " btn--with-info" : ""}`} href={applyHref(request)} onClick={open} data-replay="" data-cta={request.cta} data-main-action={main ? "" : undefined}>
      <span className="btn__label">{label}</span>
      {extraInfo ? <span className="btn__info">{extraInfo}</span> : null}
    </a>
  );
}

// a click before hydration is replayed, so it opens the popup rather than the /apply page
export default defineIsland("catalogue/CtaButton", CtaButton, "interaction");
