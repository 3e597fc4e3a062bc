import type { ChangeEvent } from "react";

interface FieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  type?: "text" | "email";
  multiline?: boolean;
  autoComplete?: string;
  disabled?: boolean;
  hint?: string;
  /** announced as required; the form's own messages say what is missing (the form is noValidate) */
  required?: boolean;
  /** the first field in error of a form that came back from the server (without JavaScript): the browser focuses it */
  autoFocus?: boolean;
  onChange: (value: string) => void;
  onBlur?: () => void;
}

/** A labelled input with its error line, announced to screen readers. */
export function Field({ id, name, label, value, error, type = "text", multiline, autoComplete, disabled, hint, required, autoFocus, onChange, onBlur }: FieldProps) {
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name,
    value,
    disabled,
    autoComplete,
    autoFocus,
    "aria-invalid": error ? true : undefined,
    "aria-required": required ? true : undefined,
    "aria-describedby": describedBy,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
    onBlur,
  };
  return (
    <div className={`field${error ? " has-error" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea rows={3} {...common} /> : <input type={type} {...common} />}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's message, announced when it appears; its id is what the input's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p className="field__error" id={`${id}-error`} role="alert">
      {error}
    </p>
  ) : null;
}

/** The field bots fill and people never see (the honeypot). */
/** `idPrefix`: the form's own, so two forms on one page never share an id. */
export function Honeypot({ idPrefix }: { idPrefix: string }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={`${idPrefix}-website`}>Сайт</label>
      <input id={`${idPrefix}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
