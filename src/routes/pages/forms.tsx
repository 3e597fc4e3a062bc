/**
 * The forms posted without JavaScript (decision 007): the same addresses as the JSON API, answered
 * as pages. A lead or an order ends on the thank-you page (303); a refusal is the form again with
 * its messages and values; a subscription answers with a page saying how it went. They go through
 * the same intake (src/server/intake) as the JSON the islands send.
 */
import type { Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import * as z from "zod/mini";
import { renderApply, renderSubscribeResult } from "../../render/form-pages";
import { outcomes, refusals } from "../../services/leads/messages";
import { phoneLibraryOrNone } from "../../services/leads/phone";
import { leadBodySchema, subscribeSchema } from "../../services/leads/schemas";
import { ticketOrderSchema } from "../../services/tickets";
import { bodyKind, fromForm, readForm } from "../../server/body";
import type { AppEnv } from "../../server/env";
import type { Refusal } from "../../server/intake/intake";
import { leadRefusal, subscriptionRefusal, takeLead, takeSubscription } from "../../server/intake/leads";
import { orderRefusal, placeOrder } from "../../server/intake/orders";

/** A form post's fields, as the schemas read them (numbers and checkboxes from strings). */
async function formFields(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  return fromForm(await readForm(c.req.raw));
}

/** The form a refusal sends back: its messages (the form's own on top) and the values it had. */
const formAgain = (c: Context<AppEnv>, refusal: Refusal, values: Record<string, unknown> = refusal.values ?? {}) =>
  renderApply(c, {
    status: refusal.status,
    errors: refusal.errors && Object.keys(refusal.errors).length > 0 ? { ...refusal.errors, form: refusal.message } : { form: refusal.message },
    values,
  });

async function postLeadForm(c: Context<AppEnv>) {
  const fields = await formFields(c);
  // the schema reads the number with the library (schemas.ts withKnownPhone); a lead is taken without it
  await phoneLibraryOrNone();
  const parsed = z.safeParse(leadBodySchema, fields);
  const refusal = await leadRefusal(c, fields, parsed);
  if (refusal || !parsed.success) return formAgain(c, refusal ?? { status: 400, message: refusals.badValue, values: fields });
  const outcome = await takeLead(c, parsed.data, fields);
  return "id" in outcome ? c.redirect(`/gratefull?lead=${encodeURIComponent(outcome.id)}`, 303) : formAgain(c, outcome);
}

async function postTicketForm(c: Context<AppEnv>) {
  const fields = await formFields(c);
  const parsed = z.safeParse(ticketOrderSchema, fields);
  // the ticket form comes back as itself: the seminar's buy form
  const again = (refusal: Refusal) => formAgain(c, refusal, { ...fields, ...refusal.values, cta: "buyTicket", seminar: fields.seminar_id });
  const refusal = await orderRefusal(c, fields, parsed);
  if (refusal || !parsed.success) return again(refusal ?? { status: 400, message: refusals.badValue });
  const outcome = await placeOrder(c, parsed.data, fields);
  if (!("order" in outcome)) return again(outcome);
  // paid on the site (decision 085): the order's page, with «Оплатить» (the CSP's form-action 'self' stops a form's redirect to YooKassa)
  if (outcome.order.order_url) return c.redirect(outcome.order.order_url, 303);
  return c.redirect(`/gratefull?order=${encodeURIComponent(outcome.order.id)}&seminar=${encodeURIComponent(outcome.order.seminar_id)}`, 303);
}

async function postSubscribeForm(c: Context<AppEnv>) {
  const fields = await formFields(c);
  const parsed = z.safeParse(subscribeSchema, fields);
  const email = typeof fields.email === "string" ? fields.email.slice(0, 254) : undefined;
  const refusal = subscriptionRefusal(c, fields, parsed);
  if (refusal || !parsed.success) {
    const status = refusal?.status === 429 ? 429 : 400;
    return renderSubscribeResult(c, status, false, refusal?.errors ?? { form: refusal?.message ?? refusals.badValue }, email);
  }
  const outcome = await takeSubscription(c, parsed.data);
  if ("ok" in outcome) return renderSubscribeResult(c, 200, true);
  const status = outcome.status === 400 || outcome.status === 409 || outcome.status === 429 ? outcome.status : 503;
  return renderSubscribeResult(c, status, false, outcome.message === outcomes.subscribeFailed ? undefined : { form: outcome.message }, email);
}

/** Answers a plain HTML form posted to `path`; anything else goes on to the JSON API. */
const formPostsTo = (handler: (c: Context<AppEnv>) => Promise<Response>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method === "POST" && bodyKind(c.req.header("Content-Type")) === "form") return handler(c);
    await next();
  });

/** Registered before the JSON API of the same addresses. */
export function registerFormPosts(app: Hono<AppEnv>): void {
  app.use("/api/leads", formPostsTo(postLeadForm));
  app.use("/api/tickets", formPostsTo(postTicketForm));
  app.use("/api/subscribe", formPostsTo(postSubscribeForm));
}
