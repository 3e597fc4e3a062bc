/**
 * Tickets paid on the site with YooKassa (decision 085), against the fake YooKassa
 * (tests/support/fake-yookassa.ts): an order creates its payment and holds its seats while the buyer
 * pays; a seat is sold only when YooKassa, read back, says the order's own payment of the order's sum
 * succeeded. Notifications here are what the fake would send; the test posts them to the site.
 */
import { env, runDurableObjectAlarm } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import type { BuiltCatalogue } from "../../src/services/catalogue/build";
import { FAKE_YOOKASSA_SHOP, type FakePayment, type FakeRequest } from "../support/fake-yookassa";
import { defaultCatalogue } from "../support/content";
import { failNext, failuresArrived, fakes, newPhone, opsToken, origin, received, seedCrmToken, settled, uniqueId, visitEvidence, webhookEvents } from "./leads-helpers";
import { seedCatalogue } from "./seed";
import { fetchWith, settingsWith } from "./with-settings";

const yk = inject("yookassaUrl");
const PRICE = 2500;
let catalogue: BuiltCatalogue;

beforeAll(async () => {
  const base = defaultCatalogue("payments-v1");
  const template = base.seminars[0]!;
  const own = (id: string, tickets: number, price = PRICE) => ({ ...template, id, slug: id, tickets_quantity: tickets, price });
  catalogue = { ...base, seminars: [...base.seminars, ...Array.from({ length: 14 }, (_, i) => own(`pay-${i}`, 10)), own("pay-few", 2), own("pay-few-2", 2), own("pay-free", 10, 0)] };
  await seedCatalogue(catalogue);
  await seedCrmToken();
});

const yookassa = { YOOKASSA_SHOP_ID: FAKE_YOOKASSA_SHOP.shopId, YOOKASSA_SECRET_KEY: FAKE_YOOKASSA_SHOP.secretKey, YOOKASSA_API_URL: `${yk}/v3`, YOOKASSA_VAT_CODE: "1" };
const paying = settingsWith(yookassa);
/** Holds of 1.2 s, to watch them end. */
const shortHold = settingsWith({ ...yookassa, PAYMENT_HOLD_MINUTES: "0.02" });

const stub = (id: string) => env.SEMINAR_TICKETS.get(env.SEMINAR_TICKETS.idFromName(id));
const left = (id: string) => stub(id).ticketsLeft(10);

interface Answer {
  tickets_quantity: number;
  order: { id: string; held_until?: string; payment_url?: string; order_url?: string };
}

async function place(seminarId: string, tickets = 2, settings = paying, id = uniqueId("order")) {
  const sent = { id, name: "Ольга", phone: newPhone(), email: `${uniqueId("olga")}@example.ru`, seminar_id: seminarId, tickets, cta: "buyTicket" };
  const response = await fetchWith(settings, "/api/tickets", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": uniqueId("ip"), Cookie: await visitEvidence() },
    body: JSON.stringify(sent),
  });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as Answer;
  return { sent, answer, paymentId: answer.order.payment_url?.split("/checkout/")[1] ?? "" };
}

const control = async (path: string, body: unknown = {}) =>
  (await fetch(`${yk}/fake/${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).json();
/** The buyer pays (or cancels) on YooKassa's page; what YooKassa would notify. */
const pay = (paymentId: string) => control(`payments/${paymentId}/succeed`);
const cancel = (paymentId: string) => control(`payments/${paymentId}/cancel`);
const notify = async (body: unknown, settings = paying) => {
  const response = await fetchWith(settings, "/api/payments/yookassa", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { ok: boolean; outcome?: string } };
};
const orderState = async (id: string, settings = paying) => (await (await fetchWith(settings, `/api/orders/${id}`)).json()) as Record<string, unknown>;
const requests = async () => (await (await fetch(`${yk}/fake/requests`)).json()) as FakeRequest[];
/** The deal amoCRM holds for an order (the fake's record of it), once the order reached it. */
async function dealOf(id: string): Promise<{ id: number; status_id?: number }> {
  const view = await settled(id);
  const deal = /amo lead (\d+)/.exec(view.deliveries.find((d) => d.sink === "amocrm")?.detail ?? "")?.[1];
  return (await fetch(`${fakes}/amocrm/api/v4/leads/${deal}`, { headers: { Authorization: "Bearer access-0" } })).json();
}
const pastHold = (heldUntil: string | undefined) => new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(heldUntil ?? "") - Date.now()) + 50));

describe("an order of a paid seminar, with YooKassa configured", () => {
  it("creates its payment (Basic auth, the order's id as Idempotence-Key, a receipt line per ticket) and answers the page to pay on", async () => {
    const { sent, answer } = await place("pay-0", 3);
    expect(answer.order.payment_url).toMatch(new RegExp(`^${yk}/checkout/`));
    expect(answer.order.order_url).toBe(`/orders/${sent.id}`);
    // held while the buyer pays: PAYMENT_HOLD_MINUTES (15), not a day
    const held = Date.parse(answer.order.held_until!);
    expect(held).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(held).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    const created = (await requests()).find((r) => r.path === "/v3/payments" && r.idempotenceKey === sent.id)!;
    expect(created.authorized).toBe(true);
    expect(created.body).toMatchObject({
      amount: { value: "7500.00", currency: "RUB" },
      capture: true,
      confirmation: { type: "redirect", return_url: `${origin}/orders/${sent.id}` },
      metadata: { order_id: sent.id },
      receipt: { customer: { email: sent.email } },
    });
    const items = (created.body as { receipt: { items: Record<string, unknown>[] } }).receipt.items;
    expect(items).toHaveLength(3);
    expect(items.every((item) => item.vat_code === 1 && (item.amount as { value: string }).value === "2500.00")).toBe(true);
    // the secret never reaches the buyer
    expect(JSON.stringify(answer)).not.toContain(FAKE_YOOKASSA_SHOP.secretKey);
  });

  it("is one payment however often the same order is sent", async () => {
    const first = await place("pay-1", 1);
    const same = await fetchWith(paying, "/api/tickets", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": uniqueId("ip"), Cookie: await visitEvidence() },
      body: JSON.stringify(first.sent),
    });
    expect(((await same.json()) as Answer).order.payment_url).toBe(first.answer.order.payment_url);
    expect(await stub("pay-1").sold()).toBe(1);
  });

  it("without YooKassa is taken as today: no payment, the hold of TICKET_HOLD_MINUTES", async () => {
    const { answer } = await place("pay-2", 1, env);
    expect(answer.order.payment_url).toBeUndefined();
    expect(Date.parse(answer.order.held_until!)).toBeGreaterThan(Date.now() + 60 * 60_000);
  });
});

describe("a seat is sold only on YooKassa's word, read back", () => {
  it("sells the order when its payment succeeded, once, however often the notification comes", async () => {
    const before = await left("pay-3");
    const { sent, paymentId } = await place("pay-3", 2);
    expect((await orderState(sent.id)).status).toBe("awaiting_payment");
    const notification = await pay(paymentId);
    expect(await notify(notification)).toEqual({ status: 200, body: { ok: true, outcome: "paid" } });
    expect(await notify(notification)).toEqual({ status: 200, body: { ok: true, outcome: "paid" } });
    expect(await stub("pay-3").orderOf(sent.id)).toMatchObject({ status: "paid", holdUntil: null });
    expect(await left("pay-3")).toBe(before - 2);
    expect(await stub("pay-3").counts(10)).toEqual({ left: before - 2, held: 0 });
    const state = await orderState(sent.id);
    expect(state).toMatchObject({ status: "paid", tickets: 2, sum: 5000, ticket_code: expect.stringMatching(new RegExp(`^${sent.id}\\.[0-9a-f]{16}$`)) });
    // the CRM hears of it once, through the outbox, as an update of the order's deal
    await vi.waitFor(async () => expect((await webhookEvents(sent.id)).map((e) => e.event ?? "lead")).toEqual(["lead", "order.paid"]), {
      timeout: 15_000,
      interval: 100,
    });
    await vi.waitFor(async () => expect((await dealOf(sent.id)).status_id).toBe(142), { timeout: 15_000, interval: 100 });
  });

  it("sends the buyer the e-ticket by mail once paid: one letter through the mail API, even when the API failed once and however often YooKassa told", async () => {
    const { sent, paymentId } = await place("pay-13", 2);
    await failNext("mail", 1, "500", sent.id);
    const notification = await pay(paymentId);
    expect(await notify(notification)).toEqual({ status: 200, body: { ok: true, outcome: "paid" } });
    await failuresArrived("mail", sent.id);
    expect(await notify(notification)).toEqual({ status: 200, body: { ok: true, outcome: "paid" } });
    const code = (await orderState(sent.id)).ticket_code as string;
    await vi.waitFor(async () => expect(await received("mail", sent.id)).toHaveLength(1), { timeout: 15_000, interval: 100 });
    await settled(sent.id);
    const [letter] = await received("mail", sent.id);
    const message = (letter!.body as { message: { recipients: { email: string }[]; subject: string; from_email: string; idempotence_key: string; body: { plaintext: string; html: string } } }).message;
    expect(letter!.headers["x-api-key"]).toBe("mail-key-for-tests");
    expect(message.recipients).toEqual([{ email: sent.email }]);
    expect(message.from_email).toBe("tickets@mip.institute");
    expect(message.idempotence_key).toBe(`ticket-${sent.id}`);
    expect(message.subject).toBe(`Ваш билет: ${catalogue.seminars.find((s) => s.id === "pay-13")!.title}`);
    expect(message.body.plaintext).toContain(`Код билета: ${code}`);
    expect(message.body.plaintext).toContain("Билеты: 2 билета");
    expect(message.body.plaintext).toContain(`https://mip.institute/orders/${sent.id}`);
    expect(message.body.html).toContain(`href="https://mip.institute/orders/${sent.id}"`);
  });

  it("never sells on a forged notification: a payment YooKassa does not know, or one still pending", async () => {
    const { sent, paymentId } = await place("pay-4", 2);
    const forged = { type: "notification", event: "payment.succeeded", object: { id: "2f0c0000-000f-5000-9000-1b68e7b15f3f", status: "succeeded", paid: true, amount: { value: "5000.00", currency: "RUB" }, metadata: { order_id: sent.id } } };
    expect(await notify(forged)).toEqual({ status: 200, body: { ok: true, outcome: "not_found" } });
    // the order's own payment, named as succeeded while YooKassa says it is still pending
    expect(await notify({ ...forged, object: { ...forged.object, id: paymentId } })).toEqual({ status: 200, body: { ok: true, outcome: "pending" } });
    expect((await stub("pay-4").orderOf(sent.id))?.status).toBe("held");
    expect((await orderState(sent.id)).status).toBe("awaiting_payment");
  });

  it("never sells an order on another payment: another order's, or one of another sum or currency", async () => {
    const a = await place("pay-5", 1);
    const b = await place("pay-5", 2);
    // A's payment succeeds: A is paid, B is not
    expect((await notify(await pay(a.paymentId))).body.outcome).toBe("paid");
    expect((await stub("pay-5").orderOf(b.sent.id))?.status).toBe("held");
    // a succeeded payment that names B but is not the payment B made
    const stranger = (await control("payments", { status: "succeeded", amount: { value: "5000.00", currency: "RUB" }, metadata: { order_id: b.sent.id } })) as FakePayment;
    expect((await notify({ type: "notification", event: "payment.succeeded", object: { id: stranger.id } })).body.outcome).toBe("mismatch");
    // B's own payment, read back with another sum, then in another currency
    await pay(b.paymentId);
    await control(`payments/${b.paymentId}/patch`, { amount: { value: "1.00", currency: "RUB" } });
    expect((await notify({ type: "notification", event: "payment.succeeded", object: { id: b.paymentId } })).body.outcome).toBe("mismatch");
    await control(`payments/${b.paymentId}/patch`, { amount: { value: "5000.00", currency: "USD" } });
    expect((await notify({ type: "notification", event: "payment.succeeded", object: { id: b.paymentId } })).body.outcome).toBe("mismatch");
    expect((await stub("pay-5").orderOf(b.sent.id))?.status).toBe("held");
  });

  it("gives the seats back when the payment is canceled, and tells the CRM through the outbox", async () => {
    const before = await left("pay-6");
    const { sent, paymentId } = await place("pay-6", 3);
    await settled(sent.id);
    expect((await notify(await cancel(paymentId))).body.outcome).toBe("canceled");
    expect(await left("pay-6")).toBe(before);
    expect((await orderState(sent.id)).status).toBe("canceled");
    await runDurableObjectAlarm(stub("pay-6"));
    await vi.waitFor(async () => expect((await webhookEvents(sent.id)).map((e) => e.event ?? "lead")).toEqual(["lead", "order.expired"]), {
      timeout: 15_000,
      interval: 100,
    });
    // a success after that (never from YooKassa, whose payment is canceled) changes nothing
    expect((await notify({ type: "notification", event: "payment.succeeded", object: { id: paymentId } })).body.outcome).toBe("canceled");
  });

  it("gives the seats back when the hold ends unpaid (the payment left hanging)", async () => {
    const before = await left("pay-7");
    const { sent, answer } = await place("pay-7", 2, shortHold);
    await pastHold(answer.order.held_until);
    expect((await orderState(sent.id, shortHold)).status).toBe("expired");
    await runDurableObjectAlarm(stub("pay-7"));
    expect(await left("pay-7")).toBe(before);
  });

  it("sells a late success when the seats are still free", async () => {
    const before = await stub("pay-few").ticketsLeft(2);
    const { sent, answer, paymentId } = await place("pay-few", 2, shortHold);
    await pastHold(answer.order.held_until);
    await runDurableObjectAlarm(stub("pay-few"));
    expect(await stub("pay-few").ticketsLeft(2)).toBe(before);
    expect((await notify(await pay(paymentId), shortHold)).body.outcome).toBe("paid");
    expect(await stub("pay-few").ticketsLeft(2)).toBe(before - 2);
    expect(await orderState(sent.id, shortHold)).toMatchObject({ status: "paid", late: true });
  });

  it("refunds a late success at once when the seats went to someone else, and the buyer's page says so", async () => {
    const late = await place("pay-few-2", 2, shortHold);
    await pastHold(late.answer.order.held_until);
    await runDurableObjectAlarm(stub("pay-few-2"));
    const other = await place("pay-few-2", 2);
    expect(other.answer.tickets_quantity).toBe(0);
    expect((await notify(await pay(late.paymentId), shortHold)).body.outcome).toBe("refund_due");
    const refund = (await requests()).find((r) => r.path === "/v3/refunds" && r.idempotenceKey === `${late.sent.id}:late-refund`);
    expect(refund?.body).toMatchObject({ payment_id: late.paymentId, amount: { value: "5000.00", currency: "RUB" } });
    expect(await orderState(late.sent.id, shortHold)).toMatchObject({ status: "refunded", late: true });
    // the other buyer keeps the seats; the same notification again refunds nothing more
    expect((await notify(await pay(late.paymentId), shortHold)).body.outcome).toBe("ignored");
    expect((await requests()).filter((r) => r.path === "/v3/refunds" && r.idempotenceKey === `${late.sent.id}:late-refund`)).toHaveLength(1);
    expect(await stub("pay-few-2").ticketsLeft(2)).toBe(0);
    const page = await (await fetchWith(shortHold, `/orders/${late.sent.id}`)).text();
    expect(page).toContain("места уже закончились");
  });
});

describe("the buyer's order page", () => {
  it("shows «Оплатить» and the time left while the order waits, never kept by a cache or a crawler", async () => {
    const { sent, answer } = await place("pay-8", 1);
    const response = await fetchWith(paying, `/orders/${sent.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const page = await response.text();
    expect(page).toContain('content="noindex, nofollow"');
    expect(page).toContain("Заказ ждёт оплаты");
    expect(page).toContain(`href="${answer.order.payment_url}"`);
    expect(page).toContain("осталось");
    expect(page).toContain(catalogue.site.tickets!.refundTerms);
    expect((await fetchWith(paying, `/orders/${uniqueId("nope")}`)).status).toBe(404);
  });

  it("shows the outcome when the buyer comes back before YooKassa's notification: it reads the payment back itself", async () => {
    const { sent, paymentId } = await place("pay-9", 2);
    // paid on YooKassa's page; the notification has not come
    await pay(paymentId);
    const page = await (await fetchWith(paying, `/orders/${sent.id}`)).text();
    expect(page).toContain("Заказ оплачен: ваш электронный билет");
    expect(page).toContain('data-testid="ticket-code"');
    expect(page).toContain(`/orders/${sent.id}/ticket.ics`);
    const ics = await fetchWith(paying, `/orders/${sent.id}/ticket.ics`);
    expect(ics.headers.get("Content-Type")).toContain("text/calendar");
    const calendar = await ics.text();
    expect(calendar).toContain("BEGIN:VEVENT");
    expect(calendar).toContain(`UID:${sent.id}@mip.institute`);
    // the notification after it changes nothing
    expect((await notify(await pay(paymentId))).body.outcome).toBe("paid");
    expect(await stub("pay-9").sold()).toBe(2);
  });
});

describe("ops refund an order", () => {
  const refund = (id: string, body: unknown = {}) =>
    fetchWith(paying, `/ops/orders/${id}/refund`, { method: "POST", headers: { Authorization: `Bearer ${opsToken}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });

  it("returns some tickets, then the rest: YooKassa refunds each, the seats come back, the page shows it", async () => {
    const before = await left("pay-10");
    const { sent, paymentId } = await place("pay-10", 3);
    expect((await refund(sent.id)).status).toBe(409);
    await notify(await pay(paymentId));
    const one = await refund(sent.id, { tickets: 1 });
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ ok: true, refunded_tickets: 1 });
    expect(await left("pay-10")).toBe(before - 2);
    expect(await orderState(sent.id)).toMatchObject({ status: "paid", refunded_tickets: 1 });
    // YooKassa's refund.succeeded for that refund changes nothing more
    const made = (await requests()).filter((r) => r.path === "/v3/refunds" && r.idempotenceKey?.startsWith(`${sent.id}:ops`));
    expect(made).toHaveLength(1);
    expect((await refund(sent.id, { tickets: 5 })).status).toBe(400);
    const rest = await refund(sent.id);
    expect(await rest.json()).toMatchObject({ ok: true, refunded_tickets: 2 });
    expect(await left("pay-10")).toBe(before);
    expect(await orderState(sent.id)).toMatchObject({ status: "refunded", refunded_tickets: 3 });
    const page = await (await fetchWith(paying, `/orders/${sent.id}`)).text();
    expect(page).toContain("Мы вернули деньги за 3 билета");
    // the CRM hears the tickets refunded so far: a refund told before the outbox sent the one before
    // is told with the newer count alone, so it hears 1 then 3, or 3; never a count twice or backwards
    await vi.waitFor(
      async () => {
        const events = await webhookEvents(sent.id);
        expect([[1, 3], [3]]).toContainEqual(events.filter((e) => e.event === "order.refunded").map((e) => e.ticket?.refundedTickets));
      },
      { timeout: 15_000, interval: 100 },
    );
    expect((await fetchWith(paying, `/ops/orders/${sent.id}/refund`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })).status).toBe(401);
  });

  it("tells the CRM of a refund made while the outbox's request for the one before is still out", async () => {
    const { sent, paymentId } = await place("pay-12", 3);
    await notify(await pay(paymentId));
    await settled(sent.id);
    // the CRM is slow to answer the first refund's update; the second refund comes meanwhile
    await failNext("genezis", 1, "slow", sent.id);
    expect((await refund(sent.id, { tickets: 1 })).status).toBe(200);
    await failuresArrived("genezis", sent.id);
    expect(await (await refund(sent.id)).json()).toMatchObject({ ok: true, refunded_tickets: 2 });
    await vi.waitFor(
      async () => {
        const events = await webhookEvents(sent.id);
        // each count once (a request that outlived SINK_TIMEOUT_MS on a busy machine may reach the fake late)
        expect(events.filter((e) => e.event === "order.refunded").map((e) => e.ticket?.refundedTickets).sort()).toEqual([1, 3]);
      },
      { timeout: 20_000, interval: 100 },
    );
  });

  it("counts a refund once, whether told by ops' call or by YooKassa's notification; one made in YooKassa's cabinet returns its seats too", async () => {
    const before = await left("pay-11");
    const { sent, paymentId } = await place("pay-11", 3);
    await notify(await pay(paymentId));
    expect((await refund(sent.id, { tickets: 1 })).status).toBe(200);
    const refunds = async () => ((await (await fetch(`${yk}/fake/refunds`)).json()) as { id: string; payment_id: string }[]).filter((r) => r.payment_id === paymentId);
    const [made] = await refunds();
    expect(await notify({ type: "notification", event: "refund.succeeded", object: { id: made!.id } })).toEqual({ status: 200, body: { ok: true, outcome: "ignored" } });
    expect(await left("pay-11")).toBe(before - 2);
    // ops refund one more ticket in YooKassa's own cabinet: its notification returns the seat
    const auth = `Basic ${btoa(`${FAKE_YOOKASSA_SHOP.shopId}:${FAKE_YOOKASSA_SHOP.secretKey}`)}`;
    await fetch(`${yk}/v3/refunds`, {
      method: "POST",
      headers: { Authorization: auth, "Idempotence-Key": uniqueId("cabinet"), "Content-Type": "application/json" },
      body: JSON.stringify({ payment_id: paymentId, amount: { value: "2500.00", currency: "RUB" } }),
    });
    const cabinet = (await refunds()).find((r) => r.id !== made!.id)!;
    const told = { type: "notification", event: "refund.succeeded", object: { id: cabinet.id } };
    expect((await notify(told)).body.outcome).toBe("refunded");
    expect((await notify(told)).body.outcome).toBe("ignored");
    expect(await left("pay-11")).toBe(before - 1);
    expect(await orderState(sent.id)).toMatchObject({ status: "paid", refunded_tickets: 2 });
  });
});

describe("how a seminar's tickets are paid, as its live count says it to the ticket form", () => {
  const live = async (seminarId: string, settings: Env, country = "RU") =>
    (await (await fetchWith(settings, `/api/seminars/${seminarId}/tickets`, { headers: { "CF-IPCountry": country } })).json()) as Record<string, unknown>;

  it("says a paid seminar is paid on YooKassa's page with YooKassa, by a link without it, and nothing of payment for a free one", async () => {
    expect((await live("pay-0", paying)).payment_note).toContain("ЮKassa");
    expect((await live("pay-0", paying)).refund_terms).toBe(catalogue.site.tickets!.refundTerms);
    expect((await live("pay-0", env)).payment_note).toContain("Оплата по ссылке");
    const free = await live("pay-free", paying);
    expect(free).not.toHaveProperty("payment_note");
    expect(free).not.toHaveProperty("refund_terms");
  });

  it("tells visitors from Kazakhstan and Uzbekistan how they can pay", async () => {
    expect((await live("pay-0", paying, "KZ")).abroad_note).toBe(catalogue.site.tickets!.abroadPayment);
    expect((await live("pay-0", paying, "UZ")).abroad_note).toBe(catalogue.site.tickets!.abroadPayment);
    expect(await live("pay-0", paying, "RU")).not.toHaveProperty("abroad_note");
  });
});
