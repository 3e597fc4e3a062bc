/** The form pages a visitor meets: `/apply` from a link, and a form posted without JavaScript coming back. */
import type { Context } from "hono";
import LeadFormIsland from "../components/forms/LeadForm.island";
import type { LeadValues } from "../components/forms/LeadForm";
import { ctaKeys, type CtaKey } from "../services/catalogue/schemas";
import { outcomes } from "../services/leads/messages";
import type { FieldErrors } from "../services/leads/schemas";
import type { AppEnv } from "../server/env";
import { renderPage } from "./render";
import NothingFound from "../components/forms/NothingFound.island";
import { FREE_ACCESS_TEXTS } from "../components/forms/NothingFoundPanel";
import { fallbackContacts } from "../components/layout/contacts";
import { visitorOf } from "../server/visitor";
import { ticketFormTexts } from "../services/catalogue/cta-labels";
import { indexes } from "../services/catalogue/queries";
import type { Seminar } from "../services/catalogue/build";
import { liveTickets } from "../server/seminar-tickets";
import { pageFacts, pageQuery } from "../services/page-params";

const isCta = (value: unknown): value is CtaKey => typeof value === "string" && (ctaKeys as readonly string[]).includes(value);
const text = (value: unknown, max: number) => (typeof value === "string" ? value.slice(0, max) : undefined);

export interface ApplyState {
  status?: 200 | 400 | 403 | 409 | 415 | 429 | 503;
  errors?: FieldErrors;
  values?: Record<string, unknown>;
}

/** The seminar a ticket form is for: one still ahead, by its id. */
function upcomingSeminar(c: Context<AppEnv>, id: unknown): Seminar | undefined {
  const seminar = typeof id === "string" ? indexes(c.get("catalogue")).seminarById.get(id) : undefined;
  return seminar && Date.parse(seminar.targetDate) > Date.now() ? seminar : undefined;
}

/**
 * `/apply`: the lead form of a CTA on its own page. CTAs lead here without JavaScript; a form
 * posted without JavaScript comes back here with its messages and values. A link brings only the
 * CTA, its label and the seminar, never a person's values, and only values the site's own links
 * carry (page-params.ts): the page is the same for everyone.
 */
export async function renderApply(c: Context<AppEnv>, state: ApplyState = {}) {
  const catalogue = c.get("catalogue");
  const area = c.var.area;
  // a page read from a link sees only its own parameters: the same page for everyone, cacheable
  const query: Record<string, unknown> = state.values ?? Object.fromEntries(pageQuery(new URL(c.req.url), pageFacts(catalogue)));
  const cta: CtaKey = isCta(query.cta) ? query.cta : "submitApplication";
  // the buy link of a seminar: the form takes the seats itself (tickets mode)
  const seminar = cta === "buyTicket" ? upcomingSeminar(c, query.seminar ?? query.seminar_id) : undefined;
  const left = seminar ? await liveTickets(c.env, seminar) : 0;
  // the short forms (the 404 page's and /free-access) come back as themselves
  const shortForm = query.form === "notFound" || query.form === "freeAccess" ? query.form : undefined;
  const { title, description } =
    shortForm === "freeAccess"
      ? { title: catalogue.pages.freeAccess.title, description: catalogue.pages.freeAccess.lead }
      : seminar
        ? ticketFormTexts(catalogue.site, seminar.price)
        : catalogue.site.cta[cta];
  const blockForAmo = text(query.about ?? query.blockForAmo, 200);
  const values: Partial<LeadValues> = {};
  if (state.values) {
    for (const field of ["name", "phone", "email", "promocode", "question", "country"] as const) {
      const value = text(query[field], field === "question" ? 320 : 64);
      if (value) values[field] = value;
    }
  }
  const formError = state.errors?.form;
  // a form that comes back after a failure keeps its id: sending again is the same lead
  const leadId = state.values && typeof query.id === "string" && /^[A-Za-z0-9_-]{8,64}$/.test(query.id) ? query.id : undefined;
  const tickets = typeof query.tickets === "number" && Number.isInteger(query.tickets) ? query.tickets : undefined;
  return renderPage(c, {
    template: "form",
    status: state.status ?? 200,
    meta: { title, description, robots: "noindex, follow" },
    breadcrumbs: [
      { label: "Главная", href: "/" },
      { label: title, href: "/apply" },
    ],
    body: (
      <section className="container form-page">
        <h1>{title}</h1>
        <p className="form-page__lead">{description}</p>
        {blockForAmo ? <p className="form-page__about">{blockForAmo}</p> : null}
        {formError ? (
          <p className="form-page__error" role="alert">
            {formError}
          </p>
        ) : null}
        {shortForm ? (
          <NothingFound
            idPrefix="apply"
            form={shortForm}
            variant={visitorOf(c).roistatAB}
            area={area}
            values={values}
            errors={state.errors}
            leadId={leadId}
            {...(shortForm === "freeAccess" ? (catalogue.pages.freeAccess.form ?? FREE_ACCESS_TEXTS) : {})}
            thanks={{ giftExchange: catalogue.site.links.giftExchange, messengerChannel: catalogue.site.links.messengerChannel }}
          />
        ) : (
        <LeadFormIsland
          idPrefix="apply"
          cta={cta}
          blockForAmo={blockForAmo}
          price={seminar ? seminar.price : typeof query.price === "number" && Number.isFinite(query.price) ? query.price : undefined}
          contacts={fallbackContacts(catalogue.site, area)}
          area={area}
          values={values}
          errors={state.errors}
          leadId={leadId}
          seminar={seminar ? { id: seminar.id, title: seminar.title, price: seminar.price, tickets_quantity: left, date: seminar.targetDate } : undefined}
          tickets={tickets}
        />
        )}
      </section>
    ),
  });
}

/** What a subscription posted without JavaScript answers (spec 8's texts). */
export function renderSubscribeResult(
  c: Context<AppEnv>,
  status: 200 | 400 | 403 | 409 | 429 | 503,
  success: boolean,
  errors?: FieldErrors,
  email?: string,
) {
  return renderPage(c, {
    template: "form",
    status: status === 200 ? 200 : status,
    meta: { title: success ? outcomes.subscribed : outcomes.subscribeFailed, robots: "noindex, follow" },
    body: (
      <section className="container form-page">
        <h1>{success ? outcomes.subscribed : outcomes.subscribeFailed}</h1>
        {errors ? (
          <ul className="form-page__errors">
            {Object.values(errors).map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
        {errors?.consent ? (
          // the page a visitor without JavaScript saw could not show the variant's checkboxes: ask here
          <form className="lead-form form-page__again" method="post" action="/api/subscribe">
            <input type="hidden" name="email" value={email ?? ""} />
            <div className="consents">
              <div className="check">
                <input id="subscribe-again-consent" name="consent" type="checkbox" required />
                <label htmlFor="subscribe-again-consent">Я даю согласие на обработку персональных данных *</label>
              </div>
              <div className="check">
                <input id="subscribe-again-news" name="subscribeNews" type="checkbox" />
                <label htmlFor="subscribe-again-news">Я согласен получать новости и рекламные материалы</label>
              </div>
            </div>
            <button className="btn btn--primary" type="submit">
              <span className="btn__label">{outcomes.subscribe}</span>
            </button>
          </form>
        ) : null}
        <p>
          <a href="/">На главную</a>
        </p>
      </section>
    ),
  });
}

