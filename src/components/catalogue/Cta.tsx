import type { Site } from "../../services/catalogue/schemas";
import type { LeadRequest } from "../state/lead-popup";
import type { ButtonVariant } from "../ui/Button";
import CtaButton from "./CtaButton.island";

/** A CTA labelled with its key's trigger text from the content's CTA catalogue (spec 9). */
export function Cta({ site, request, variant, label }: { site: Site; request: LeadRequest; variant?: ButtonVariant; label?: string }) {
  return <CtaButton request={request} label={label ?? site.cta[request.cta].trigger} variant={variant} />;
}
