import { describe, expect, it } from "vitest";
import type { LeadRecord } from "../record";
import { mailConfirm, ticketLetter } from "./mail.server";

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

describe("a free registration's letters (decision 093)", () => {
  const free: LeadRecord = { ...order, price: 0, ticket: { ...order.ticket!, paidAt: undefined, refundedTickets: undefined, tickets: 1, heldUntil: Date.now() + 15 * 60_000 } };
  const config = { MAIL_API_URL: "https://mail.test/api", MAIL_API_KEY: "mail-key-for-tests", MAIL_FROM_EMAIL: "tickets@mip.institute", SITE_URL: "https://mip.institute" };
  /** What the mail API was sent, the sink's result. */
  async function sendConfirm(lead: LeadRecord) {
    const sent: { url: string; body: { message: { subject: string; idempotence_key: string; body: { plaintext: string; html: string } } } }[] = [];
    const result = await mailConfirm.send(lead, {
      config,
      fetch: async (url, init) => {
        sent.push({ url, body: JSON.parse(String(init?.body)) });
        return new Response("{}", { status: 200 });
      },
      crmAccessToken: async () => "",
      confirmKey: async () => "0123456789abcdef0123456789abcdef",
    });
    return { sent, result };
  }

  it("asks to confirm by the signed link, says until when in Moscow, and never speaks of payment", async () => {
    expect(mailConfirm.applies(free)).toBe(true);
    expect(mailConfirm.applies(order)).toBe(false);
    const { sent, result } = await sendConfirm(free);
    expect(result.status).toBe("delivered");
    const { message } = sent[0]!.body;
    expect(message.subject).toBe("Подтвердите регистрацию: Тело & психика");
    expect(message.idempotence_key).toBe("confirm-order-mail-1");
    expect(message.body.plaintext).toContain("Подтвердить регистрацию: https://mip.institute/orders/order-mail-1/confirm?key=0123456789abcdef0123456789abcdef");
    expect(message.body.plaintext).toMatch(/подтвердите регистрацию до \d{1,2}:\d{2} по Москве/);
    expect(message.body.plaintext).not.toMatch(/оплат/i);
    expect(message.body.html).not.toContain("<img");
  });

  it("is not sent once its hold has ended (the mail API was down that long): it would link to a seat given back", async () => {
    const { sent, result } = await sendConfirm({ ...free, ticket: { ...free.ticket!, heldUntil: Date.now() - 1 } });
    expect(result.status).toBe("skipped");
    expect(sent).toHaveLength(0);
  });

  it("is not sent once ops or the CRM confirmed the registration first: the e-ticket goes instead", async () => {
    const { sent, result } = await sendConfirm({ ...free, ticket: { ...free.ticket!, confirmedAt: Date.now() } });
    expect(result.status).toBe("skipped");
    expect(sent).toHaveLength(0);
  });

  it("once confirmed, the e-ticket says the registration is confirmed, not paid", () => {
    const letter = ticketLetter({ ...free, ticket: { ...free.ticket!, confirmedAt: 1 } }, "order-mail-1.0123456789abcdef", "https://mip.institute/orders/order-mail-1");
    expect(letter.plaintext).toContain("Регистрация подтверждена, место за вами.");
    expect(letter.plaintext).not.toMatch(/Оплата/);
  });
});
