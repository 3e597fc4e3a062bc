import { type FormEvent, useEffect, useState } from "react";
import { EMAIL_EXAMPLE, messages, outcomes } from "../../services/leads/messages";
import { subscribeSchema, validate } from "../../services/leads/schemas";
import { defineIsland } from "../island";
import { Consents, useAbVariant } from "./Consents";
import { Honeypot } from "./Field";
import { answerOf, leadsClient } from "../../client/api";

type Result = { kind: "success" | "failed" | "network"; text: string } | null;

/**
 * The footer subscription of spec 4, 5 and 8: validated on every change, the button disabled
 * while invalid or sending; under the variant 'visible' the personal-data consent is required.
 */
function SubscribeForm() {
  const variant = useAbVariant();
  const [email, setEmail] = useState("");
  const [consent, setConsent] = useState(false);
  const [news, setNews] = useState(false);
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result>(null);
  // the server's message on the address, until it is changed
  const [serverError, setServerError] = useState<string | undefined>(undefined);
  // before hydration the button stays usable, so the form posts without JavaScript
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const checked = validate(subscribeSchema, { email });
  const emailError = (touched && !checked.ok ? checked.errors.email : undefined) ?? serverError;
  const consentMissing = variant === "visible" && !consent;
  const invalid = !checked.ok || consentMissing;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (invalid || sending) return;
    setSending(true);
    setResult(null);
    try {
      const response = await leadsClient.subscribe.$post({ json: variant === "visible" ? { email, consent, subscribeNews: news } : { email } });
      const body = await answerOf(response);
      if (body?.success === true) {
        setEmail("");
        setConsent(false);
        setNews(false);
        setTouched(false);
        setResult({ kind: "success", text: outcomes.subscribed });
      } else {
        const detail = body && "message" in body && typeof body.message === "string" && body.message !== outcomes.subscribeFailed ? body.message : undefined;
        const fieldError = body && "errors" in body ? body.errors?.email : undefined;
        // one message per cause (decisions 053, 071): the server's reason (the rate, the fill time) alone, the spec's line otherwise
        setServerError(fieldError);
        setResult({ kind: "failed", text: detail && !fieldError ? detail : outcomes.subscribeFailed });
        if (fieldError) requestAnimationFrame(() => document.getElementById("subscribe-email")?.focus());
      }
    } catch {
      setResult({ kind: "network", text: outcomes.networkFailed });
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="subscribe-form" method="post" action="/api/subscribe" noValidate onSubmit={submit} id="subscribe">
      <p className="subscribe-form__title">Подпишитесь на новости института</p>
      <Honeypot idPrefix="subscribe" />
      <div className={`field${emailError ? " has-error" : ""}`}>
        <label htmlFor="subscribe-email" className="visually-hidden">
          Электронная почта
        </label>
        <div className="subscribe-form__row">
          <input
            id="subscribe-email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="Электронная почта"
            value={email}
            disabled={sending}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError === messages.emailInvalid ? "subscribe-email-hint" : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setTouched(true);
              setServerError(undefined);
            }}
          />
          <button className="btn btn--primary" type="submit" disabled={hydrated && (invalid || sending)}>
            <span className="btn__label">{sending ? outcomes.sending : outcomes.subscribe}</span>
          </button>
        </div>
        {emailError ? (
          <p className="field__error" role="alert">
            {emailError}
          </p>
        ) : null}
        {emailError === messages.emailInvalid ? (
          <p className="field__hint" id="subscribe-email-hint">
            {EMAIL_EXAMPLE}
          </p>
        ) : null}
      </div>
      {variant === "visible" ? (
        <Consents
          idPrefix="subscribe"
          consent={consent}
          news={news}
          disabled={sending}
          error={touched && consentMissing ? messages.consentRequired : undefined}
          onChange={(nextConsent, nextNews) => {
            setConsent(nextConsent);
            setNews(nextNews);
          }}
        />
      ) : null}
      {result ? (
        <p className={`subscribe-form__result subscribe-form__result--${result.kind}`} role="alert">
          {result.text}
        </p>
      ) : null}
    </form>
  );
}

export default defineIsland("forms/SubscribeForm", SubscribeForm, "interaction");
