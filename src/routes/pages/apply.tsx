import type { Context } from "hono";
import LeadFormIsland from "../../components/forms/LeadForm.island";
import type { LeadValues } from "../../components/forms/LeadForm";
import ThankYouIsland from "../../components/forms/ThankYou.island";
import { ctaKeys, type CtaKey } from "../../services/catalogue/schemas";
import { outcomes } from "../../services/leads/messages";
import type { FieldErrors } from "../../services/leads/schemas";
import type { AppEnv } from "../../worker/env";
import { renderPage } from "../../worker/render";
import NothingFound from "../../components/forms/NothingFound.island";
import { FREE_ACCESS_TEXTS } from "../../components/forms/NothingFoundPanel";
import { fallbackContacts } from "../../components/layout/SiteShell";
import { visitorOf } from "../../worker/middleware/tracking";


const isCta = (value: unknown): value is CtaKey => typeof value === "string" && (ctaKeys as readonly string[]).includes(value);
const text = (value: unknown, max: number) => (typeof value === "string" ? value.slice(0, max) : undefined);

interface ApplyState {
  status?: 200 | 400 | 403 | 429 | 503;
  errors?: FieldErrors;
  values?: Record<string, unknown>;
}

/**
 * `/apply`: the lead form of a CTA on its own page. CTAs lead here without JavaScript; a form
 * posted without JavaScript comes back here with its messages and values.
 */
export function renderApply(c: Context<AppEnv>, state: ApplyState = {}) {
  const catalogue = c.get("catalogue");
  const query = state.values ?? c.req.query();
  const cta: CtaKey = isCta(query.cta) ? query.cta : "submitApplication";
  // the short forms (the 404 page's and /free-access) come back as themselves
  const shortForm = query.form === "notFound" || query.form === "freeAccess" ? query.form : undefined;
  const { title, description } =
    shortForm === "freeAccess" ? { title: catalogue.pages.freeAccess.title, description: catalogue.pages.freeAccess.lead } : catalogue.site.cta[cta];
  const blockForAmo = text(query.about ?? query.blockForAmo, 200);
  const values: Partial<LeadValues> = {};
  for (const field of ["name", "phone", "email", "promocode", "question", "country"] as const) {
    const value = text(query[field], field === "question" ? 320 : 64);
    if (value) values[field] = value;
  }
  const formError = state.errors?.form;
  // a form that comes back after a failure keeps its id and its fill time: sending again is the same lead, not "too fast"
  const leadId = state.values && typeof query.id === "string" && /^[A-Za-z0-9_-]{8,64}$/.test(query.id) ? query.id : undefined;
  const startedAt = state.values && typeof query.startedAt === "number" ? query.startedAt : Date.now();
  return renderPage(c, {
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
            variant={visitorOf(c).variant}
            values={values}
            errors={state.errors}
            startedAt={startedAt}
            leadId={leadId}
            {...(shortForm === "freeAccess" ? FREE_ACCESS_TEXTS : {})}
            thanks={{ giftExchange: catalogue.site.links.giftExchange, messengerChannel: catalogue.site.links.messengerChannel }}
          />
        ) : (
        <LeadFormIsland
          idPrefix="apply"
          cta={cta}
          blockForAmo={blockForAmo}
          price={typeof query.price === "number" && Number.isFinite(query.price) ? query.price : undefined}
          contacts={fallbackContacts(catalogue)}
          values={values}
          errors={state.errors}
          startedAt={startedAt}
          leadId={leadId}
        />
        )}
      </section>
    ),
  });
}

/** `/gratefull`: the thank-you page of spec 2.6, with the back-to-home link. */
export function renderThanks(c: Context<AppEnv>) {
  const { site } = c.get("catalogue");
  return renderPage(c, {
    meta: { title: "Спасибо за заявку", robots: "noindex, follow" },
    body: (
      <section className="container form-page">
        <ThankYouIsland giftExchange={site.links.giftExchange} messengerChannel={site.links.messengerChannel} homeLink heading="h1" />
      </section>
    ),
  });
}

/** What a subscription posted without JavaScript answers (spec 8's texts). */
export function renderSubscribeResult(
  c: Context<AppEnv>,
  status: 200 | 400 | 403 | 429 | 503,
  success: boolean,
  errors?: FieldErrors,
  email?: string,
) {
  return renderPage(c, {
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
          <form className="lead-form" method="post" action="/api/subscribe">
            <input type="hidden" name="email" value={email ?? ""} />
            <div className="check">
              <input id="subscribe-again-consent" name="consent" type="checkbox" required />
              <label htmlFor="subscribe-again-consent">Я даю согласие на обработку персональных данных *</label>
            </div>
            <div className="check">
              <input id="subscribe-again-news" name="subscribeNews" type="checkbox" />
              <label htmlFor="subscribe-again-news">Я согласен получать новости и рекламные материалы</label>
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

export const applyPage = (c: Context<AppEnv>) => renderApply(c);
