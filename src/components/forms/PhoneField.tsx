import { useEffect, useRef, useState } from "react";
import { countries } from "../../services/leads/countries.data";
import { formatPhoneFallback, loadPhoneFormatter, type PhoneFormatter, phoneMask } from "../../services/leads/phone";
import { FieldError } from "./Field";

interface PhoneFieldProps {
  id: string;
  value: string;
  country: string;
  error?: string;
  disabled?: boolean;
  /** the first field in error of a form that came back from the server: the browser focuses it */
  autoFocus?: boolean;
  onChange: (value: string, country: string) => void;
  onBlur?: () => void;
}

/**
 * The phone with its country picker (spec 5): Russia first, then Kazakhstan and Uzbekistan, then
 * every country by its Russian name. The formatting library loads on the first keystroke; the
 * placeholder is the chosen country's mask, and what is typed is read as services/leads/phone.ts
 * reads it (the server reads it the same way).
 */
export function PhoneField({ id, value, country, error, disabled, autoFocus, onChange, onBlur }: PhoneFieldProps) {
  const [formatter, setFormatter] = useState<PhoneFormatter | null>(null);
  const loading = useRef(false);
  const load = () => {
    if (loading.current) return;
    loading.current = true;
    loadPhoneFormatter()
      .then((format) => setFormatter(() => format))
      .catch(() => {
        loading.current = false;
      });
  };
  const format = (input: string, code: string) => (formatter ? formatter(code, input) : formatPhoneFallback(code, input));
  // what was typed before the library arrived, the field left already (a slow network), gets its format when it comes;
  // read from the field itself: a key pressed between the library's arrival and this effect is in the field and not
  // yet in `value`, and formatting `value` would drop it (a digit lost from a lead's number on a busy phone)
  const field = useRef<HTMLInputElement>(null);
  const latest = useRef({ country, onChange });
  latest.current = { country, onChange };
  useEffect(() => {
    if (!formatter || !field.current) return;
    const { country: code, onChange: change } = latest.current;
    const typed = field.current.value;
    const formatted = typed ? formatter(code, typed) : typed;
    if (formatted !== typed) change(formatted, code);
  }, [formatter]);
  return (
    <div className={`field field--phone${error ? " has-error" : ""}`}>
      <label htmlFor={id}>Телефон *</label>
      <div className="phone-input">
        <select
          aria-label="Код страны"
          name="country"
          value={country}
          disabled={disabled}
          onChange={(event) => {
            load();
            onChange(format(value, event.target.value), event.target.value);
          }}
        >
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name} +{option.dial}
            </option>
          ))}
        </select>
        <input
          ref={field}
          id={id}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          // the first field in error of a form the server sent back (decision 071), as Field does
          {...{ autoFocus }}
          placeholder={phoneMask(country)}
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onFocus={load}
          onChange={(event) => onChange(format(event.target.value, country), country)}
          onBlur={(event) => {
            // what was typed before the library arrived gets the country's own format now
            const formatted = format(event.target.value, country);
            if (formatted !== event.target.value) onChange(formatted, country);
            onBlur?.();
          }}
        />
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
