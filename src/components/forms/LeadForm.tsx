import { type FormEvent, useEffect, useRef, useState } from "react";
import type { CtaKey } from "../../services/catalogue/schemas";
import { outcomes, refusals, sendFailedLine } from "../../services/leads/messages";
import { type FieldErrors, popupLeadForm, ticketBuyerForm, validate } from "../../services/leads/schemas";
import { captchaToken, resetCaptchas } from "../../client/captcha";
import { answerOf, leadsClient, ticketsClient } from "../../client/api";
import { newLeadId, reachGoal, visitContext } from "../../client/visit";
import { FullScreenLoader } from "../ui/FullScreenLoader";
import { Field, Honeypot } from "./Field";
import { type FallbackContacts, showsPromo, showsQuestion } from "./lead-form-options";
import { PhoneField } from "./PhoneField";
import { useSignalValue } from "../state/signals";
import { setTicketsLeft, ticketsLeft } from "../../client/ticket-state";
import { TicketCounter } from "./TicketCounter";
import { useSiteSettings } from "../site-settings";
import { buyLabel, DEFAULT_TICKETS_PER_ORDER, type OrderSummary } from "../../services/tickets";
import { CaptchaWidget } from "./CaptchaWidget";
import { refusalOf, useFocusFirstError } from "./refusal";
import { pickerCountry, type VisitorArea } from "../../services/visitor-area";
import { prizeLabel } from "../../services/wheel";

export type LeadValues = Record<"name" | "phone" | "email" | "promocode" | "gift" | "question", string> & { country: string };

export const emptyLeadValues: LeadValues = { name: "", phone: "", email: "", promocode: "", gift: "", question: "", country: "ru" };

export interface LeadFormProps {
  cta: CtaKey;
  blockForAmo?: string;
  price?: number;
  /** the active promo code fills the promo field (spec 2.7) */
  promocode?: string;
  gift?: string;
  /** the wheel's signature of the gift code */
  giftToken?: string;
  contacts: FallbackContacts;
  /** the visitor's area, as the server saw it: the phone picker starts at its country (decision 020) */
  area: VisitorArea;
  /** what the server already knows: a re-rendered form after a post without JavaScript */
  values?: Partial<LeadValues>;
  errors?: FieldErrors;
  /** the id of a lead the server could not confirm (a post without JavaScript): sending again is the same lead */
  leadId?: string;
  submitLabel?: string;
  idPrefix: string;
  /** tickets mode (CTA buyTicket): the order goes to /api/tickets with the ticket fields of spec 3 */
  seminar?: { id: string; title: string; price: number; tickets_quantity: number; date: string };
  /** tickets asked for in a form that came back (a post without JavaScript) */
  tickets?: number;
  /** the order, after a ticket order */
  onSent: (id: string, order?: OrderSummary) => void;
}

/**
 * `kept`: the seats are taken and the order waits in the seminar's object, which hands it over
 * itself (decision 016): not a failure, and the count must not change, or a second send is 409.
 */
type Status =
  | { state: "editing" }
  | { state: "sending" }
  | { state: "failed" }
  | { state: "kept"; message: string }
  | { state: "refused"; message: string };

/** The lead form of spec 3, 4 and 5: the same schema and messages as the API. */
export function LeadForm({ cta, blockForAmo, price, promocode, gift, giftToken, contacts, area, values: initial, errors: serverErrors, leadId: pendingId, submitLabel, idPrefix, seminar, tickets, onSent }: LeadFormProps) {
  const focusFirstError = useFocusFirstError();
  const [values, setValues] = useState<LeadValues>({ ...emptyLeadValues, country: pickerCountry(area), promocode: promocode ?? "", gift: gift ?? "", ...initial });
  const [errors, setErrors] = useState<FieldErrors>(serverErrors ?? {});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  // a form that came back from the server (a post without JavaScript) says why on top, as the island does
  const [status, setStatus] = useState<Status>(serverErrors?.tickets ? { state: "refused", message: serverErrors.tickets } : { state: "editing" });
  const left = useSignalValue(ticketsLeft)[seminar?.id ?? ""] ?? seminar?.tickets_quantity ?? 0;
  const perOrder = useSiteSettings().ticketsPerOrder ?? DEFAULT_TICKETS_PER_ORDER;
  const [count, setCount] = useState(seminar?.price === 0 ? 1 : Math.max(1, Math.min(tickets ?? 1, perOrder)));
  // the promo field folded behind «Есть промокод?», open when a code is known (the promo banner, the UTM, a post that came back)
  const [promoOpen, setPromoOpen] = useState(false);
  const promoBox = useRef<HTMLDetailsElement>(null);
  // a disclosure the visitor opened before the form woke (a tap does that without JavaScript) stays open
  useEffect(() => {
    if (promoBox.current?.open) setPromoOpen(true);
  }, []);
  // a form that came back from the server without JavaScript: its first field in error takes the focus (decision 071)
  const firstServerError = (["name", "phone", "email", "promocode", "question"] as const).find((field) => serverErrors?.[field]);
  const leadId = useRef<string>("");
  useEffect(() => {
    leadId.current = pendingId ?? newLeadId();
  }, [pendingId]);
  useEffect(() => {
    if (promocode) setValues((current) => (current.promocode ? current : { ...current, promocode }));
  }, [promocode]);
  useEffect(() => {
    if (gift) setValues((current) => ({ ...current, gift }));
  }, [gift]);

  const payload = () => ({
    name: values.name,
    phone: values.phone,
    country: values.country,
    email: values.email || undefined,
    promocode: showsPromo(cta) && !(seminar && seminar.price === 0) && values.promocode ? values.promocode : undefined,
    gift: values.gift || undefined,
    giftToken: values.gift ? giftToken : undefined,
    question: showsQuestion(cta) && values.question ? values.question : undefined,
    cta,
    blockForAmo,
    price,
  });
  // an order's tickets and payment link go by e-mail: the buyer's e-mail is required (decision 025)
  const schema = seminar ? ticketBuyerForm : popupLeadForm;
  const check = (next: LeadValues, onlyTouched: boolean) => {
    const result = validate(schema, { ...payload(), ...next, email: next.email || undefined });
    const all = result.ok ? {} : result.errors;
    setErrors(onlyTouched ? Object.fromEntries(Object.entries(all).filter(([field]) => touched[field])) : all);
    return result.ok;
  };
  const set = (field: keyof LeadValues) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (touched[field]) check(next, true);
  };
  const blur = (field: string) => () => {
    setTouched((current) => ({ ...current, [field]: true }));
    const result = validate(schema, { ...payload(), email: values.email || undefined });
    const message = result.ok ? undefined : result.errors[field];
    setErrors((current) => {
      const { [field]: _, ...rest } = current;
      return message ? { ...rest, [field]: message } : rest;
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setTouched({ name: true, phone: true, email: true, promocode: true, gift: true, question: true });
    if (!check(values, false)) {
      focusFirstError(form);
      return;
    }
    if (document.documentElement.dataset.leadsDryRun === "1") {
      onSent(leadId.current);
      return;
    }
    setStatus({ state: "sending" });
    try {
      const lead = {
        ...payload(),
        id: leadId.current,
        leadPage: location.pathname,
        ...visitContext(),
        ...captchaToken(form),
      };
      const response = seminar
        ? await ticketsClient.tickets.$post({
            json: {
              ...lead,
              tickets: count,
              seminar_id: seminar.id,
              seminar_title: seminar.title,
              seminar_tickets_quantity: left,
              date: Date.parse(seminar.date),
              price: seminar.price * count,
            },
          })
        : await leadsClient.leads.$post({ json: lead });
      // a captcha token is good for one check, whatever the answer; refused, the form will be sent again: a new proof at once
      void resetCaptchas(form, { again: !response.ok });
      const answer = await answerOf(response);
      if (seminar && answer && "tickets_quantity" in answer && typeof answer.tickets_quantity === "number") setTicketsLeft(seminar.id, answer.tickets_quantity);
      if (answer?.ok === true) {
        reachGoal("lead");
        setStatus({ state: "editing" });
        // paid on the site (decision 085): the buyer goes to YooKassa's page, and comes back to the order's
        if ("order" in answer && answer.order.payment_url) return window.location.assign(answer.order.payment_url);
        onSent(leadId.current, "order" in answer ? answer.order : undefined);
        return;
      }
      if (seminar && response.status === 503 && answer?.message === refusals.orderKept) {
        setStatus({ state: "kept", message: refusals.orderKept });
        return;
      }
      if (response.status === 409) {
        // too few seats, the per-phone limit, or an id that went with other values: the next try is a new request
        if (seminar) setCount((current) => Math.max(1, Math.min(current, answer && "tickets_quantity" in answer ? (answer.tickets_quantity ?? 1) : 1)));
        leadId.current = newLeadId();
      }
      // one message per cause, the fields' own under them (decision 071); the id stays otherwise, so sending again is the same lead
      const refusal = refusalOf(response.status, answer, [...Object.keys(values), "turnstile", "email", "tickets"]);
      if (refusal.kind === "fields") {
        setErrors(refusal.errors);
        focusFirstError(form);
      }
      setStatus(refusal.kind === "failed" ? { state: "failed" } : { state: "refused", message: refusal.line });
    } catch (error) {
      console.error("lead form:", error);
      setStatus({ state: "failed" });
    }
  };

  const sending = status.state === "sending";
  const id = (field: string) => `${idPrefix}-${field}`;
  return (
    <form className="lead-form" method="post" action={seminar ? "/api/tickets" : "/api/leads"} noValidate onSubmit={submit}>
      <input type="hidden" name="form" value="popup" />
      {seminar ? <input type="hidden" name="seminar_id" value={seminar.id} /> : null}
      <input type="hidden" name="cta" value={cta} />
      {blockForAmo ? <input type="hidden" name="blockForAmo" value={blockForAmo} /> : null}
      {price !== undefined ? <input type="hidden" name="price" value={price} /> : null}
      {pendingId ? <input type="hidden" name="id" value={pendingId} /> : null}
      {gift ? <input type="hidden" name="gift" value={values.gift} /> : null}
      <Honeypot idPrefix={idPrefix} />
      {status.state === "refused" ? (
        <p className="lead-form__failed" role="alert">
          {status.message}
        </p>
      ) : null}
      {status.state === "failed" ? (
        <p className="lead-form__failed" role="alert">
          {sendFailedLine.before} <a href={contacts.phone.href}>{contacts.phone.display}</a> или{" "}
          <a href={contacts.whatsapp} target="_blank" rel="noopener noreferrer">
            {sendFailedLine.whatsapp}
          </a>
        </p>
      ) : null}
      <fieldset disabled={sending}>
        <legend className="visually-hidden">Контактные данные</legend>
        {/* a free seminar's registration asks only the name, the phone and the e-mail: one seat, confirmed by that e-mail (decision 093) */}
        {seminar && seminar.price > 0 ? (
          <TicketCounter count={count} left={left} perOrder={perOrder} price={seminar.price} disabled={sending || status.state === "kept"} onChange={setCount} />
        ) : seminar ? (
          <input type="hidden" name="tickets" value="1" />
        ) : null}
        <Field id={id("name")} name="name" autoFocus={firstServerError === "name"} label="Имя *" value={values.name} error={errors.name} autoComplete="name" onChange={set("name")} onBlur={blur("name")} />
        <PhoneField
          autoFocus={firstServerError === "phone"}
          id={id("phone")}
          value={values.phone}
          country={values.country}
          error={errors.phone}
          onChange={(phone, country) => {
            const next = { ...values, phone, country };
            setValues(next);
            if (touched.phone) check(next, true);
          }}
          onBlur={blur("phone")}
        />
        <Field
          id={id("email")}
          name="email"
          autoFocus={firstServerError === "email"}
          type="email"
          label={seminar ? "Электронная почта *" : "Электронная почта"}
          // a free seminar's ticket is taken, not bought: no word of payment (issue 40, point 5)
          hint={seminar ? (seminar.price > 0 ? "Сюда придут билеты и ссылка на оплату" : "Сюда придёт билет") : undefined}
          required={Boolean(seminar)}
          value={values.email}
          error={errors.email}
          autoComplete="email"
          onChange={set("email")}
          onBlur={blur("email")}
        />
        {showsPromo(cta) && !(seminar && seminar.price === 0) ? (
          // a disclosure: it opens without JavaScript too, and is open when a code is known
          <details ref={promoBox} className="lead-form__promo" open={promoOpen || Boolean(values.promocode || errors.promocode)} onToggle={(event) => setPromoOpen(event.currentTarget.open)}>
            <summary>Есть промокод?</summary>
            <Field id={id("promocode")} name="promocode" autoFocus={firstServerError === "promocode"} label="Промокод" value={values.promocode} error={errors.promocode} onChange={set("promocode")} onBlur={blur("promocode")} />
          </details>
        ) : null}
        {showsQuestion(cta) ? (
          <Field id={id("question")} name="question" autoFocus={firstServerError === "question"} label="Ваш вопрос" value={values.question} error={errors.question} multiline onChange={set("question")} onBlur={blur("question")} />
        ) : null}
        {gift ? <p className="lead-form__gift">Ваш подарок: {prizeLabel(values.gift) ?? values.gift}</p> : null}
        <CaptchaWidget id={id("turnstile")} error={errors.turnstile} />
        <button className="btn btn--primary lead-form__submit" type="submit">
          <span className="btn__label">{sending ? outcomes.sending : seminar ? buyLabel(seminar.price, count) : (submitLabel ?? outcomes.send)}</span>
        </button>
        <p className="lead-form__note">
          Нажимая на кнопку, вы соглашаетесь на <a href="/docs/pdf/privacy.pdf">обработку персональных данных</a>.
        </p>
      </fieldset>
      {status.state === "kept" ? (
        <p className="lead-form__kept" role="status">
          {status.message}
        </p>
      ) : null}
      {sending ? <FullScreenLoader /> : null}
    </form>
  );
}

