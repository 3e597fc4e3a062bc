import { useCallback, useEffect, useRef, useState } from "react";
import { refusals } from "../../services/leads/messages";
import type { FieldErrors } from "../../services/leads/schemas";

/**
 * What a form shows when the server did not take it (decision 071): the fields' messages under
 * the fields and ONE line at the top, one message per cause.
 * - `fields`: a 400 naming fields the form has: their messages, and «Проверьте поля формы» on top;
 * - `said`: any other refusal the server explains (the fill time, the rate, the human check, an
 *   id sent before): its message alone;
 * - `failed`: no answer to read (a 5xx, a proxy's page, a cut connection): the form's own line
 *   for a failure (the popup's is spec 8's, with the phone and WhatsApp).
 */
export type Refusal = { kind: "fields"; line: string; errors: FieldErrors } | { kind: "said"; line: string } | { kind: "failed" };

type Answer = { message?: unknown; errors?: unknown } | null | undefined;

export function refusalOf(status: number | undefined, answer: Answer, fields: readonly string[]): Refusal {
  const errors = answer && typeof answer.errors === "object" && answer.errors !== null ? (answer.errors as FieldErrors) : undefined;
  const known = errors ? Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field))) : {};
  if (status === 400 && Object.keys(known).length > 0) return { kind: "fields", line: refusals.badValue, errors: known };
  const message = typeof answer?.message === "string" && answer.message !== refusals.badValue ? answer.message : undefined;
  if (status !== undefined && status < 500 && message) return { kind: "said", line: message };
  return { kind: "failed" };
}

/**
 * Moves focus to the form's first field in error (in the page's order) once React has committed
 * the render that shows the messages and gives the fields back (they are disabled while a form
 * sends): an effect of that render, never a frame that may come before it.
 */
export function useFocusFirstError(): (form: HTMLFormElement | null) => void {
  const target = useRef<HTMLFormElement | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) target.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [asked]);
  return useCallback((form: HTMLFormElement | null) => {
    target.current = form;
    setAsked((count) => count + 1);
  }, []);
}
