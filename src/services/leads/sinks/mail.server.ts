/**
 * The e-ticket by e-mail (issue 40, point 4): once an order is paid on the site, its buyer gets a
 * letter through the mail API (Unisender Go's `email/send.json`, `X-API-KEY`) with the seminar, its
 * time in Moscow, the tickets, the ticket's code and the link to the e-ticket's page (its QR code and
 * the calendar file). The outbox delivers it like any sink: retried, and sent under one
 * `idempotence_key` a order, so a repeat is dropped by the API and the buyer gets one letter.
 */
import { wallClock } from "../../dates";
import { pluralize } from "../../text";
import type { LeadRecord } from "../record";
import { expectOk, type Sink, SinkError, type SinkResult, skipped } from "./types";

const TICKETS = ["билет", "билета", "билетов"] as const;

/** HTML's five special characters, for text put in the letter's HTML. */
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The letter of a paid order: its subject, its text and the same as HTML. */
export function ticketLetter(lead: LeadRecord, code: string | null, orderUrl: string): { subject: string; plaintext: string; html: string } {
  const ticket = lead.ticket;
  if (!ticket) throw new SinkError(`mail: lead ${lead.id} is not an order`);
  const clock = wallClock(new Date(ticket.date).toISOString(), "moscow");
  const tickets = ticket.tickets - (ticket.refundedTickets ?? 0);
  const lines: [string, string][] = [
    ["Семинар", ticket.seminar_title],
    ["Когда", `${clock.dateYear}, ${clock.time} по Москве`],
    ["Билеты", pluralize(tickets, TICKETS)],
    ...(code ? ([["Код билета", code]] as [string, string][]) : []),
    ["Номер заказа", lead.id],
  ];
  const greeting = lead.name ? `Здравствуйте, ${lead.name}!` : "Здравствуйте!";
  const paid = "Оплата получена, билеты ваши. Покажите код билета на входе или назовите его куратору, если семинар онлайн.";
  const link = "Электронный билет с QR-кодом и файлом для календаря";
  const plaintext = [greeting, "", paid, "", ...lines.map(([name, value]) => `${name}: ${value}`), "", `${link}: ${orderUrl}`, "", "Московский институт психологии"].join("\n");
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(paid)}</p>`,
    `<table>${lines.map(([name, value]) => `<tr><th align="left">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`).join("")}</table>`,
    `<p><a href="${escapeHtml(orderUrl)}">${escapeHtml(link)}</a></p>`,
    "<p>Московский институт психологии</p>",
  ].join("\n");
  return { subject: `Ваш билет: ${ticket.seminar_title}`, plaintext, html };
}

/** A paid order's e-ticket, to the e-mail its buyer gave; an order without one is left to its page and the CRM. */
export const mailTicket: Sink = {
  name: "mail_ticket",
  // never for a new lead: the outbox adds it when the order's payment succeeds (LeadOutbox.orderEvent)
  applies: () => false,
  // the API drops a repeat of the same idempotence_key
  repeatable: () => true,
  async send(lead, { config, fetch, ticketCode }): Promise<SinkResult> {
    if (!config.MAIL_API_URL || !config.MAIL_API_KEY || !config.MAIL_FROM_EMAIL) return skipped("mail");
    if (!lead.email) return { status: "skipped", detail: "mail: the order has no e-mail" };
    if (!config.SITE_URL) return { status: "skipped", detail: "mail: SITE_URL not set, no link to the e-ticket" };
    const letter = ticketLetter(lead, (await ticketCode?.(lead.id)) ?? null, new URL(`/orders/${lead.id}`, config.SITE_URL).href);
    const response = await fetch(`${config.MAIL_API_URL.replace(/\/$/, "")}/email/send.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-API-KEY": config.MAIL_API_KEY },
      body: JSON.stringify({
        message: {
          recipients: [{ email: lead.email }],
          subject: letter.subject,
          body: { html: letter.html, plaintext: letter.plaintext },
          from_email: config.MAIL_FROM_EMAIL,
          from_name: config.MAIL_FROM_NAME ?? "Московский институт психологии",
          global_language: "ru",
          track_links: 0,
          track_read: 0,
          idempotence_key: `ticket-${lead.id}`,
        },
      }),
    });
    await expectOk(response, "mail");
    return { status: "delivered", detail: "mail: e-ticket sent" };
  },
};
