import type { CtaKey } from "../../services/catalogue/schemas";

/** Spec 9: the CTA keys whose form shows the promo-code field. */
const PROMO_KEYS: readonly CtaKey[] = [
  "signUpForCourse", "signUpForProgramm", "signUpForProfession", "submitApplication", "chooseProgram",
  "reserve", "buyTicket", "familiarize", "use", "beginEarn",
];

/** Spec 9: the CTA keys whose form shows the question field. */
const QUESTION_KEYS: readonly CtaKey[] = ["askQuestion", "programQuestion"];

export const showsPromo = (cta: CtaKey) => PROMO_KEYS.includes(cta);
export const showsQuestion = (cta: CtaKey) => QUESTION_KEYS.includes(cta);

/** Contacts the error line of spec 8 offers when a form cannot be sent. */
export interface FallbackContacts {
  phone: { href: string; display: string };
  whatsapp: string;
}
