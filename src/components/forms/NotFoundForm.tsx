import { type FormEvent, useEffect, useRef, useState } from "react";
import { captchaToken, resetCaptchas } from "../../client/captcha";
import { forgetVisit, newLeadId, reachGoal, visitContext } from "../../client/visit";
import { messages, outcomes } from "../../services/leads/messages";
import { type FieldErrors, notFoundLeadForm, validate } from "../../services/leads/schemas";
import type { AbVariant } from "../../services/tracking";
import { Consents, useAbVariant } from "./Consents";
import { Field, Honeypot } from "./Field";
import { PhoneField } from "./PhoneField";
import { CaptchaWidget } from "./CaptchaWidget";
import { answerOf, leadsClient } from "../../client/api";
import { pickerCountry, type VisitorArea } from "../../services/visitor-area";
import { refusalOf, useFocusFirstError } from "./refusal";

type Values = Record<"name" | "phone" | "email" | "country", string>;

export interface NotFoundFormProps {
  idPrefix: string;
  /** the same short form serves the free-access page */
  form?: "notFound" | "freeAccess";
  /** the variant the server knows (a form posted without JavaScript); the browser reads its cookie */
  variant?: AbVariant;
  /** the visitor's area, as the server saw it: the phone picker starts at its country (decision 020) */
  area: VisitorArea;
  values?: Partial<Values>;
  errors?: FieldErrors;
  /** the id of a lead the server may have stored before it failed (a form posted without JavaScript): sent again, it stays one lead */
  leadId?: string;
  onSent?: () => void;
}

/**
 * The not-found form of spec 4 and 5: name, phone and e-mail required; success clears the stored
 * UTM and referrer and resets the form. A refusal is logged (spec 8) and shown where it was typed
 * (issue 42: the old site's silence lost leads): the fields' messages and one line on top.
 */
export function NotFoundForm({ idPrefix, form = "notFound", variant: serverVariant, area, values: initial, errors: serverErrors, leadId: pendingId, onSent }: NotFoundFormProps) {
  const focusFirstError = useFocusFirstError();
  const variant = useAbVariant(serverVariant);
  const start: Values = { name: "", phone: "", email: "", country: pickerCountry(area) };
  const [values, setValues] = useState({ ...start, ...initial });
  const [consent, setConsent] = useState(false);
  const [news, setNews] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>(serverErrors ?? {});
  const [sending, setSending] = useState(false);
  // why the server refused, on top; a form that came back without JavaScript has it on its page already
  const [notice, setNotice] = useState("");
  // a form that came back from the server without JavaScript: its first field in error takes the focus (decision 071)
  const firstServerError = (["name", "phone", "email"] as const).find((field) => serverErrors?.[field]);
  const leadId = useRef("");
  useEffect(() => {
    leadId.current = pendingId ?? newLeadId();
  }, [pendingId]);

  const [attempted, setAttempted] = useState(false);
  const check = (next = values, nextConsent = consent) => {
    const result = validate(notFoundLeadForm, next);
    const found: FieldErrors = result.ok ? {} : { ...result.errors };
    if (variant === "visible" && !nextConsent) found.consent = messages.consentRequired;
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  // after a first try, messages follow what the visitor types
  const update = (next: typeof values, nextConsent = consent) => {
    setValues(next);
    if (attempted) check(next, nextConsent);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    setAttempted(true);
    if (!check()) {
      focusFirstError(formElement);
      return;
    }
    if (sending) return;
    setSending(true);
    setNotice("");
    try {
      const response = await leadsClient.leads.$post({
        json: {
          form,
          ...values,
          id: leadId.current,
          leadPage: location.pathname,
          ...visitContext(),
          ...(variant === "visible" ? { consent, subscribeNews: news } : {}),
          ...captchaToken(formElement),
        },
      });
      void resetCaptchas(formElement, { again: !response.ok });
      if (!response.ok) {
        const answer = await answerOf(response);
        const refused = answer && answer.ok === false ? answer : null;
        // the id went with other values before: the next try is a new lead
        if (refused?.code === "id_conflict") leadId.current = newLeadId();
        // what the server said, where it was typed: the fields' messages under them and one line on top (decision 071)
        const refusal = refusalOf(response.status, refused, ["name", "phone", "email", "consent", "turnstile"]);
        if (refusal.kind === "fields") {
          setErrors((current) => ({ ...current, ...refusal.errors }));
          focusFirstError(formElement);
        }
        setNotice(refusal.kind === "failed" ? outcomes.networkFailed : refusal.line);
        console.error("Ошибка при отправке формы:", `status ${response.status}`);
        return;
      }
      forgetVisit();
      reachGoal("lead");
      setValues(start);
      setConsent(false);
      setNews(false);
      setErrors({});
      setAttempted(false);
      leadId.current = newLeadId();
      onSent?.();
    } catch (error) {
      // spec 8 logs it; the visitor is told too, and what they typed stays (issue 42)
      console.error("Ошибка при отправке формы:", error);
      setNotice(outcomes.networkFailed);
    } finally {
      setSending(false);
    }
  };

  const set = (field: "name" | "email") => (value: string) => update({ ...values, [field]: value });
  return (
    <form className="lead-form lead-form--compact" method="post" action="/api/leads" noValidate onSubmit={submit}>
      <input type="hidden" name="form" value={form} />
      {pendingId ? <input type="hidden" name="id" value={pendingId} /> : null}
      <Honeypot idPrefix={idPrefix} />
      {notice ? (
        <p className="lead-form__failed" role="alert">
          {notice}
        </p>
      ) : null}
      <fieldset disabled={sending}>
        <legend className="visually-hidden">Оставьте контакты — подберём программу</legend>
        <Field id={`${idPrefix}-name`} name="name" autoFocus={firstServerError === "name"} label="Имя *" value={values.name} error={errors.name} autoComplete="name" onChange={set("name")} />
        <PhoneField
          autoFocus={firstServerError === "phone"}
          id={`${idPrefix}-phone`}
          value={values.phone}
          country={values.country}
          error={errors.phone}
          onChange={(phone, country) => update({ ...values, phone, country })}
        />
        <Field id={`${idPrefix}-email`} name="email" autoFocus={firstServerError === "email"} type="email" label="Электронная почта *" value={values.email} error={errors.email} autoComplete="email" onChange={set("email")} />
        {variant === "visible" ? (
          <Consents
            idPrefix={idPrefix}
            consent={consent}
            news={news}
            error={errors.consent}
            disabled={sending}
            onChange={(nextConsent, nextNews) => {
              setConsent(nextConsent);
              setNews(nextNews);
              if (attempted) check(values, nextConsent);
            }}
          />
        ) : null}
        <CaptchaWidget id={`${idPrefix}-turnstile`} error={errors.turnstile} />
        <button className="btn btn--primary lead-form__submit" type="submit">
          <span className="btn__label">{sending ? outcomes.sending : outcomes.send}</span>
        </button>
        <p className="lead-form__note">
          Нажимая на кнопку, вы соглашаетесь на <a href="/docs/pdf/privacy.pdf">обработку персональных данных</a>.
        </p>
      </fieldset>
    </form>
  );
}
