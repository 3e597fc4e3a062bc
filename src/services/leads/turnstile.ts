/** The form field the Turnstile widget fills with its token (Turnstile's default name). */
export const TURNSTILE_FIELD = "cf-turnstile-response";
