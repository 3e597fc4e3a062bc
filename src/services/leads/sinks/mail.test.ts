import { describe, expect, it } from "vitest";
import type { LeadRecord } from "../record";
import { ticketLetter } from "./mail.server";

const order: LeadRecord = {
  id: "order-mail-1",
  kind: "ticket",
  receivedAt: 0,
  name: '<img src=x onerror="alert(1)">',
  email: "buyer@example.ru",
  utm: {},
  roistatAB: "hidden",
  consent: { personalData: true, news: null, variant: "hidden" },
  // 14 December 2026, 11:00 in Moscow
  ticket: { seminar_id: "s", seminar_title: "Тело & психика", tickets: 3, date: Date.parse("2026-12-14T08:00:00Z"), seminar_tickets_quantity: 40, paidAt: 1, refundedTickets: 1 },
};

describe("the e-ticket's letter", () => {
  it("names the seminar, its Moscow time, the tickets kept, the code and the e-ticket's page", () => {
    const letter = ticketLetter(order, "order-mail-1.0123456789abcdef", "https://mip.institute/orders/order-mail-1");
    expect(letter.subject).toBe("Ваш билет: Тело & психика");
    expect(letter.plaintext).toContain("Когда: 14 декабря 2026 г., 11:00 по Москве");
    expect(letter.plaintext).toContain("Билеты: 2 билета");
    expect(letter.plaintext).toContain("Код билета: order-mail-1.0123456789abcdef");
    expect(letter.plaintext).toContain("https://mip.institute/orders/order-mail-1");
  });

  it("puts what the buyer typed into its HTML as text, never as markup", () => {
    const { html } = ticketLetter(order, null, "https://mip.institute/orders/order-mail-1");
    expect(html).not.toContain("<img");
    expect(html).toContain("&#60;img src=x onerror=&#34;alert(1)&#34;&#62;");
    expect(html).toContain("Тело &#38; психика");
    expect(html).not.toContain("Код билета");
  });
});
