import type { Site } from "../../services/catalogue/schemas";
import type { LeadRequest } from "../state/lead-popup";
import type { ButtonVariant } from "../ui/Button";
import CtaButton from "./CtaButton.island";

/** A CTA labelled with its key's trigger text from the content's CTA catalogue (spec 9). */
export function Cta({
  site,
  request,
  variant,
  label,
  main,
}: {
  site: Site;
  request: Omit<LeadRequest, "title" | "description">;
  variant?: ButtonVariant;
  label?: string;
  /** the page's main call to action (one a page) */
  main?: boolean;
}) {
  const { trigger, title, description } = site.cta[request.cta];
  return <CtaButton request={{ ...request, title, description }} label={label ?? trigger} variant={variant} main={main} />;
}
