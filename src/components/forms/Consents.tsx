import { useEffect, useState } from "react";
import { readCookie } from "../../client/visit";
import { type AbVariant, cookies, parseVariant } from "../../services/tracking";

/**
 * The A/B variant of the visitor (spec 4: 'ABforms'), from the cookie the server set. Pages are
 * the same for everyone, so the server renders 'hidden' and the browser switches after hydration.
 */
export function useAbVariant(initial: AbVariant = "hidden"): AbVariant {
  const [variant, setVariant] = useState<AbVariant>(initial);
  useEffect(() => setVariant(parseVariant(readCookie(cookies.abVariant))), []);
  return variant;
}

interface ConsentsProps {
  idPrefix: string;
  consent: boolean;
  news: boolean;
  error?: string;
  disabled?: boolean;
  onChange: (consent: boolean, news: boolean) => void;
}

/** The two checkboxes of the variant 'visible': personal data (required) and news (optional). */
export function Consents({ idPrefix, consent, news, error, disabled, onChange }: ConsentsProps) {
  return (
    <div className="consents">
      <div className={`check${error ? " has-error" : ""}`}>
        <input
          id={`${idPrefix}-consent`}
          name="consent"
          type="checkbox"
          checked={consent}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${idPrefix}-consent-error` : undefined}
          onChange={(event) => onChange(event.target.checked, news)}
        />
        <label htmlFor={`${idPrefix}-consent`}>
          Я даю согласие на <a href="/docs/pdf/privacy.pdf">обработку персональных данных</a> *
        </label>
      </div>
      {error ? (
        <p className="field__error" id={`${idPrefix}-consent-error`} role="alert">
          {error}
        </p>
      ) : null}
      <div className="check">
        <input id={`${idPrefix}-news`} name="subscribeNews" type="checkbox" checked={news} disabled={disabled} onChange={(event) => onChange(consent, event.target.checked)} />
        <label htmlFor={`${idPrefix}-news`}>Я согласен получать новости и рекламные материалы</label>
      </div>
    </div>
  );
}

