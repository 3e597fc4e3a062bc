/**
 * The e-ticket by e-mail (issue 40, point 4): once an order is paid on the site, its buyer gets a
 * letter through the mail API (Unisender Go's `email/send.json`, `X-API-KEY`) with the seminar, its
 * time in Moscow, the tickets, the ticket's code and the link to the e-ticket's page (its QR code and
 * the calendar file). The outbox delivers it like any sink: retried, and sent under one
 * `idempotence_key` a order, so a repeat is dropped by the API and the buyer gets one letter. A free
 * seminar's registration gets first the letter that asks to confirm the e-mail (decision 093), then
 * the same e-ticket once confirmed.
 */
import { wallClock } from "../../dates";
import { pluralize } from "../../text";
import type { LeadRecord } from "../record";
import { expectOk, type Sink, type SinkContext, SinkError, type SinkResult, skipped } from "./types";

const TICKETS = ["билет", "билета", "билетов"] as const;

/** HTML's five special characters, for text put in the letter's HTML. */
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

interface Letter {
  subject: string;
  plaintext: string;
  html: string;
}

/** A letter of paragraphs, a table of the order, a link and the signature, as text and the same as HTML. */
function letter(subject: string, greeting: string, paragraphs: string[], lines: [string, string][], link: { text: string; url: string }, after: string[] = []): Letter {
  const plaintext = [greeting, "", ...paragraphs.flatMap((p) => [p, ""]), ...lines.map(([name, value]) => `${name}: ${value}`), "", `${link.text}: ${link.url}`, "", ...after.flatMap((p) => [p, ""]), SIGNATURE].join("\n");
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<table>${lines.map(([name, value]) => `<tr><th align="left">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`).join("")}</table>`,
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.text)}</a></p>`,
    ...after.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>${SIGNATURE}</p>`,
  ].join("\n");
  return { subject, plaintext, html };
}

const SIGNATURE = "Московский институт психологии";

/** The order's ticket (an error for a lead that is not an order) and its lines: the seminar, its time in Moscow, the tickets. */
function orderLines(lead: LeadRecord): { ticket: NonNullable<LeadRecord["ticket"]>; lines: [string, string][] } {
  const ticket = lead.ticket;
  if (!ticket) throw new SinkError(`mail: lead ${lead.id} is not an order`);
  const clock = wallClock(new Date(ticket.date).toISOString(), "moscow");
  const tickets = ticket.tickets - (ticket.refundedTickets ?? 0);
  return {
    ticket,
    lines: [
      ["Семинар", ticket.seminar_title],
      ["Когда", `${clock.dateYear}, ${clock.time} по Москве`],
      ["Билеты", pluralize(tickets, TICKETS)],
    ],
  };
}

const greetingOf = (lead: LeadRecord) => (lead.name ? `Здравствуйте, ${lead.name}!` : "Здравствуйте!");

/** A free seminar's order: nothing was paid, its holder registered (decision 093). */
const isFree = (lead: LeadRecord) => lead.price === 0;

/** The letter of a paid order, or of a free registration once confirmed: the e-ticket. */
export function ticketLetter(lead: LeadRecord, code: string | null, orderUrl: string): Letter {
  const { ticket, lines } = orderLines(lead);
  const news = isFree(lead)
    ? "Регистрация подтверждена, место за вами. Покажите код билета на входе или назовите его куратору, если семинар онлайн."
    : "Оплата получена, билеты ваши. Покажите код билета на входе или назовите его куратору, если семинар онлайн.";
  return letter(`Ваш билет: ${ticket.seminar_title}`, greetingOf(lead), [news], [...lines, ...(code ? ([["Код билета", code]] as [string, string][]) : []), ["Номер заказа", lead.id]], {
    text: "Электронный билет с QR-кодом и файлом для календаря",
    url: orderUrl,
  });
}

/** The letter that asks a free seminar's registrant to confirm the e-mail they gave (decision 093), by `confirmUrl` before the hold ends. */
function confirmLetter(lead: LeadRecord, confirmUrl: string): Letter {
  const { ticket, lines } = orderLines(lead);
  const until = ticket.heldUntil ? wallClock(new Date(ticket.heldUntil).toISOString(), "moscow") : null;
  const by = until ? ` до ${until.time} по Москве (${until.date})` : "";
  return letter(
    `Подтвердите регистрацию: ${ticket.seminar_title}`,
    greetingOf(lead),
    [`Вы зарегистрировались на бесплатный семинар. Чтобы место осталось за вами, подтвердите регистрацию${by}: откройте ссылку и нажмите «Подтвердить регистрацию». Сразу после этого придёт электронный билет.`],
    [...lines, ["Номер заказа", lead.id]],
    { text: "Подтвердить регистрацию", url: confirmUrl },
    ["Если вы не регистрировались на семинар, просто удалите это письмо: без подтверждения место вернётся в список свободных."],
  );
}

/** Sends `message` through the mail API (Unisender Go's `email/send.json`); the API drops a repeat of its idempotence key. */
async function sendLetter(config: SinkContext["config"], fetch: SinkContext["fetch"], to: string, message: Letter, idempotenceKey: string): Promise<void> {
  const response = await fetch(`${config.MAIL_API_URL!.replace(/\/$/, "")}/email/send.json`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-API-KEY": config.MAIL_API_KEY! },
    body: JSON.stringify({
      message: {
        recipients: [{ email: to }],
        subject: message.subject,
        body: { html: message.html, plaintext: message.plaintext },
        from_email: config.MAIL_FROM_EMAIL,
        from_name: config.MAIL_FROM_NAME ?? SIGNATURE,
        global_language: "ru",
        track_links: 0,
        track_read: 0,
        idempotence_key: idempotenceKey,
      },
    }),
  });
  await expectOk(response, "mail");
}

/** Why a letter cannot go (the mail API or the site's address not set, no e-mail); null when it can. */
function cannotMail(lead: LeadRecord, config: SinkContext["config"]): SinkResult | null {
  if (!config.MAIL_API_URL || !config.MAIL_API_KEY || !config.MAIL_FROM_EMAIL) return skipped("mail");
  if (!lead.email) return { status: "skipped", detail: "mail: the order has no e-mail" };
  if (!config.SITE_URL) return { status: "skipped", detail: "mail: SITE_URL not set, no link to the order" };
  return null;
}

/** A paid order's e-ticket, or a confirmed free registration's, to the e-mail its holder gave; an order without one is left to its page and the CRM. */
export const mailTicket: Sink = {
  name: "mail_ticket",
  // never for a new lead: the outbox adds it when the order is paid or confirmed (LeadOutbox.orderEvent)
  applies: () => false,
  // the API drops a repeat of the same idempotence_key
  repeatable: () => true,
  async send(lead, { config, fetch, ticketCode }): Promise<SinkResult> {
    const cannot = cannotMail(lead, config);
    if (cannot) return cannot;
    const message = ticketLetter(lead, (await ticketCode?.(lead.id)) ?? null, new URL(`/orders/${lead.id}`, config.SITE_URL).href);
    await sendLetter(config, fetch, lead.email!, message, `ticket-${lead.id}`);
    return { status: "delivered", detail: "mail: e-ticket sent" };
  },
};

/**
 * A free seminar's registration held until its holder confirms the e-mail they gave (decision 093):
 * the letter with the signed link, as soon as the registration is taken.
 */
export const mailConfirm: Sink = {
  name: "mail_confirm",
  applies: (lead) => lead.kind === "ticket" && isFree(lead) && lead.ticket?.heldUntil !== undefined,
  repeatable: () => true,
  async send(lead, { config, fetch, confirmKey }): Promise<SinkResult> {
    const cannot = cannotMail(lead, config);
    if (cannot) return cannot;
    // a letter that comes after the hold (the mail API was down that long) would link to a seat given back
    if ((lead.ticket?.heldUntil ?? 0) <= Date.now() || lead.ticket?.expiredAt !== undefined) return { status: "skipped", detail: "mail: the hold ended before the letter could go" };
    // ops or the CRM confirmed it first: the e-ticket goes instead
    if (lead.ticket?.confirmedAt !== undefined) return { status: "skipped", detail: "mail: confirmed before the letter could go" };
    const key = await confirmKey?.(lead.id);
    if (!key) return { status: "skipped", detail: "mail: no signing key, no confirmation link" };
    const url = new URL(`/orders/${lead.id}/confirm`, config.SITE_URL);
    url.searchParams.set("key", key);
    await sendLetter(config, fetch, lead.email!, confirmLetter(lead, url.href), `confirm-${lead.id}`);
    return { status: "delivered", detail: "mail: confirmation link sent" };
  },
};
