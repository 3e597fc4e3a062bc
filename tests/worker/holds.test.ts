/**
 * Orders that hold seats for a limited time (decision 050): a paid seminar's order holds its seats
 * for TICKET_HOLD_MINUTES unless ops or the CRM confirm it; the object's alarm gives them back and
 * tells the CRM as an update of the order's deal. The holds here last a second or two.
 */
import { env, runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { BuiltCatalogue } from "../../src/services/catalogue/build";
import { AMO_LOST_STATUS, HOLD_EXPIRED_TAG } from "../../src/services/leads/sinks/amocrm.server";
import { perEmailLimit, perPhoneLimit } from "../../src/services/tickets";
import { defaultCatalogue } from "../support/content";
import { fakes, newPhone, opsToken, origin, outboxOf, received, seedCrmToken, settled, uniqueId, visitEvidence, webhookEvents } from "./leads-helpers";
import { seedCatalogue } from "./seed";
import { fetchWith, settingsWith } from "./with-settings";

let catalogue: BuiltCatalogue;

beforeAll(async () => {
  const base = defaultCatalogue("holds-v1");
  const template = base.seminars[0]!;
  const own = (id: string, price: number, tickets = 20) => ({ ...template, id, slug: id, tickets_quantity: tickets, price });
  catalogue = { ...base, seminars: [...base.seminars, ...Array.from({ length: 10 }, (_, i) => own(`paid-${i}`, 2500)), own("free-a", 0), own("free-b", 0, 100)] };
  await seedCatalogue(catalogue);
  await seedCrmToken();
});

/** A hold of 1.2 s, and the webhook's secret. */
const HOLD_MINUTES = 0.02;
const WEBHOOK_SECRET = "hook-secret-for-tests-0123";
const short = settingsWith({ TICKET_HOLD_MINUTES: String(HOLD_MINUTES), AMOCRM_WEBHOOK_SECRET: WEBHOOK_SECRET });

const stub = (id: string) => env.SEMINAR_TICKETS.get(env.SEMINAR_TICKETS.idFromName(id));
const left = (id: string) => stub(id).ticketsLeft(20);

const order = (seminarId: string, tickets: number, overrides: Record<string, unknown> = {}) => ({
  id: uniqueId("order"),
  name: "Ольга",
  phone: newPhone(),
  email: `${uniqueId("olga")}@example.ru`,
  seminar_id: seminarId,
  tickets,
  cta: "buyTicket",
  ...overrides,
});

/** An order placed by the Worker under a short hold; its answer. */
async function place(seminarId: string, tickets = 2, overrides: Record<string, unknown> = {}, settings = short) {
  const sent = order(seminarId, tickets, overrides);
  const response = await fetchWith(settings, "/api/tickets", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": uniqueId("ip"), Cookie: await visitEvidence() },
    body: JSON.stringify(sent),
  });
  expect(response.status).toBe(200);
  return { sent, answer: (await response.json()) as { tickets_quantity: number; order: { held_until?: string } } };
}

const confirm = (id: string) => fetchWith(short, `/ops/orders/${id}/confirm`, { method: "POST", headers: { Authorization: `Bearer ${opsToken}` } });

/** Waits past an order's hold. */
const pastHold = (heldUntil: string | undefined) => new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(heldUntil ?? "") - Date.now()) + 50));

/** Waits until the order's state is `status` (the object's own alarm runs by itself). */
async function until(seminarId: string, id: string, status: string) {
  await vi.waitFor(async () => expect((await stub(seminarId).orderOf(id))?.status).toBe(status), { timeout: 15_000, interval: 50 });
}

/** The deal amoCRM holds for an order (the fake's record of it), once the order reached it. */
async function dealOf(id: string): Promise<{ id: number; status_id?: number; tags?: string[] }> {
  const view = await settled(id);
  const detail = view.deliveries.find((d) => d.sink === "amocrm")?.detail ?? "";
  const deal = /amo lead (\d+)/.exec(detail)?.[1];
  expect(deal, detail).toBeDefined();
  return (await fetch(`${fakes}/amocrm/api/v4/leads/${deal}`, { headers: { Authorization: "Bearer access-0" } })).json();
}

describe("an order of a paid seminar holds its seats for TICKET_HOLD_MINUTES", () => {
  it("gives them back through the object's alarm, and tells the CRM as an update of the same deal", async () => {
    const before = await left("paid-0");
    const { sent, answer } = await place("paid-0", 3);
    expect(answer.tickets_quantity).toBe(before - 3);
    expect(await stub("paid-0").counts(20)).toEqual({ left: before - 3, held: 3 });
    expect(await outboxOf(sent.id).get(sent.id)).toMatchObject({ ticket: { heldUntil: Date.parse(answer.order.held_until!) } });
    await settled(sent.id);
    await pastHold(answer.order.held_until);
    await until("paid-0", sent.id, "expired");
    expect(await left("paid-0")).toBe(before);
    expect(await stub("paid-0").counts(20)).toEqual({ left: before, held: 0 });
    // the CRM: the same lead id, its deal closed as not realised and tagged; the webhook gets the event
    await vi.waitFor(async () => expect((await dealOf(sent.id)).status_id).toBe(AMO_LOST_STATUS), { timeout: 15_000, interval: 100 });
    expect((await dealOf(sent.id)).tags).toContain(HOLD_EXPIRED_TAG);
    const events = await webhookEvents(sent.id);
    expect(events.map((e) => e.event ?? "lead")).toEqual(["lead", "order.expired"]);
    expect(events[1]).toMatchObject({ id: sent.id, event: "order.expired", ticket: { seminar_id: "paid-0", tickets: 3 } });
    expect(JSON.stringify(events[1])).not.toContain("Ольга");
    // one deal: the update found the order's own, no second one was made
    expect((await received("amocrm", sent.id)).filter((r) => r.method === "POST")).toHaveLength(1);
    expect(await outboxOf(sent.id).get(sent.id)).toMatchObject({ ticket: { expiredAt: expect.any(Number) } });
  });

  it("keeps them when ops confirm before the hold ends: the alarm after it changes nothing", async () => {
    const before = await left("paid-1");
    // three seconds, so the confirmation surely comes first on a busy machine
    const { sent, answer } = await place("paid-1", 2, {}, settingsWith({ TICKET_HOLD_MINUTES: "0.05" }));
    const confirmed = await confirm(sent.id);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ ok: true, id: sent.id, seminar_id: "paid-1", status: "confirmed", already: false });
    await pastHold(answer.order.held_until);
    await runDurableObjectAlarm(stub("paid-1"));
    expect(await stub("paid-1").orderOf(sent.id)).toMatchObject({ status: "confirmed", holdUntil: null });
    expect(await left("paid-1")).toBe(before - 2);
    expect(await stub("paid-1").counts(20)).toEqual({ left: before - 2, held: 0 });
    expect((await webhookEvents(sent.id)).some((e) => e.event === "order.expired")).toBe(false);
    // confirming again is the same confirmation
    expect(await (await confirm(sent.id)).json()).toMatchObject({ ok: true, already: true });
  });

  it("ends it when the hold runs out first: a confirmation after that is refused (409) and the seats stay given back", async () => {
    const before = await left("paid-2");
    const { sent, answer } = await place("paid-2", 2);
    await pastHold(answer.order.held_until);
    await runDurableObjectAlarm(stub("paid-2"));
    expect((await stub("paid-2").orderOf(sent.id))?.status).toBe("expired");
    const late = await confirm(sent.id);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ ok: false, status: "expired", expired_at: expect.any(String) });
    expect((await stub("paid-2").orderOf(sent.id))?.status).toBe("expired");
    expect(await left("paid-2")).toBe(before);
  });

  it("ends in one state when the confirmation and the expiry race, whichever the object runs first", async () => {
    const outcomes: string[] = [];
    for (const seminar of ["paid-3", "paid-4", "paid-5", "paid-6"]) {
      const before = await left(seminar);
      const { sent, answer } = await place(seminar, 1);
      // ops confirm at the very moment the hold ends, when the object's own alarm fires
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(answer.order.held_until!) - Date.now())));
      const [confirmed] = await Promise.all([confirm(sent.id), runDurableObjectAlarm(stub(seminar)).catch(() => false)]);
      const state = (await stub(seminar).orderOf(sent.id))?.status;
      outcomes.push(`${confirmed.status}:${state}`);
      // the answer ops got is the state the order is in, and the seats agree with it
      if (confirmed.status === 200) {
        expect(state).toBe("confirmed");
        expect(await left(seminar)).toBe(before - 1);
      } else {
        expect(confirmed.status).toBe(409);
        expect(state).toBe("expired");
        expect(await left(seminar)).toBe(before);
      }
    }
    expect(outcomes.every((o) => o === "200:confirmed" || o === "409:expired")).toBe(true);
  });

  it("survives a restart of the object: the alarm is kept in its storage and ends the hold all the same", async () => {
    const before = await left("paid-7");
    const { sent, answer } = await place("paid-7", 2);
    await runInDurableObject(stub("paid-7"), async (_, state) => {
      expect(await state.storage.getAlarm()).not.toBeNull();
      state.abort("restart drill");
    }).catch(() => undefined);
    await pastHold(answer.order.held_until);
    await until("paid-7", sent.id, "expired");
    expect(await left("paid-7")).toBe(before);
  });

  it("says on the confirmation page until when the order is held, and after, that the hold ended", async () => {
    const { sent, answer } = await place("paid-8", 1);
    const page = await (await fetchWith(short, `/gratefull?order=${sent.id}&seminar=paid-8`)).text();
    expect(page).toContain("Бронь до");
    expect(page).toContain(`<time dateTime="${answer.order.held_until}" data-testid="held-until">`);
    expect(page).toContain("Оплатите заказ до конца брони");
    await pastHold(answer.order.held_until);
    await until("paid-8", sent.id, "expired");
    const after = await (await fetchWith(short, `/gratefull?order=${sent.id}&seminar=paid-8`)).text();
    expect(after).not.toContain("Бронь до");
    expect(after).toContain("Бронь истекла");
  });

  it("answers 404 to ops for an order that does not exist, and 401 without the token", async () => {
    expect((await confirm(uniqueId("nope"))).status).toBe(404);
    expect((await SELF.fetch(`${origin}/ops/orders/${uniqueId("nope")}/confirm`, { method: "POST" })).status).toBe(401);
  });
});

describe("the amoCRM webhook on a deal's status", () => {
  // the hook comes once the order's deal is in amoCRM (the outbox's delivery, seconds on a busy
  // machine): a hold of 9 s, so the order is still held when it comes
  const held = settingsWith({ TICKET_HOLD_MINUTES: "0.15", AMOCRM_WEBHOOK_SECRET: WEBHOOK_SECRET });
  const hook = (fields: Record<string, string>, secret = WEBHOOK_SECRET, settings = short) =>
    fetchWith(settings, `/api/amocrm/status?secret=${encodeURIComponent(secret)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const change = (deal: number, status: number, name?: string) => ({
    "leads[status][0][id]": String(deal),
    "leads[status][0][status_id]": String(status),
    "leads[status][0][pipeline_id]": "7000001",
    "leads[status][0][old_status_id]": "7000002",
    ...(name ? { "leads[status][0][name]": name } : {}),
    "account[subdomain]": "mip",
  });

  it("confirms the order of a deal moved to a paid status (142): its seats outlive the hold", async () => {
    const seminar = catalogue.seminars.find((s) => s.id === "paid-9")!;
    const { sent, answer } = await place("paid-9", 2, {}, held);
    const deal = await dealOf(sent.id);
    const response = await hook(change(deal.id, 142, `Билеты: ${seminar.title} (${sent.id})`));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, orders: [{ deal: deal.id, order: sent.id, outcome: "confirmed" }] });
    await pastHold(answer.order.held_until);
    await runDurableObjectAlarm(stub("paid-9"));
    expect((await stub("paid-9").orderOf(sent.id))?.status).toBe("confirmed");
  });

  it("finds the order by the deal's own name in amoCRM when the webhook does not carry it", async () => {
    const { sent } = await place("paid-9", 1, {}, held);
    const deal = await dealOf(sent.id);
    expect(await (await hook(change(deal.id, 142))).json()).toEqual({ ok: true, orders: [{ deal: deal.id, order: sent.id, outcome: "confirmed" }] });
  });

  it("ends a held order at once when its deal is closed as lost (143), without telling the CRM back", async () => {
    const before = await left("paid-9");
    const { sent } = await place("paid-9", 1, {}, held);
    const deal = await dealOf(sent.id);
    expect(await (await hook(change(deal.id, 143, `Билеты (${sent.id})`))).json()).toMatchObject({ orders: [{ outcome: "expired" }] });
    expect((await stub("paid-9").orderOf(sent.id))?.status).toBe("expired");
    expect(await left("paid-9")).toBe(before);
    await runDurableObjectAlarm(stub("paid-9"));
    expect((await webhookEvents(sent.id)).some((e) => e.event === "order.expired")).toBe(false);
  });

  it("refuses a wrong secret (403), is off without one (404), and ignores other statuses", async () => {
    const { sent } = await place("paid-9", 1, {}, held);
    expect((await hook(change(1, 142, `x (${sent.id})`), "wrong-secret-0123456789")).status).toBe(403);
    expect((await hook(change(1, 142, `x (${sent.id})`), WEBHOOK_SECRET, env)).status).toBe(404);
    expect(await (await hook(change(1, 7000003, `x (${sent.id})`))).json()).toEqual({ ok: true, orders: [{ deal: 1, outcome: "ignored" }] });
    expect((await stub("paid-9").orderOf(sent.id))?.status).toBe("held");
  });
});

describe("a free seminar's registration (its confirmation by e-mail: free-registration.test.ts)", () => {
  it("lets one e-mail and one phone hold at most TICKETS_PER_PHONE (10) of its seats", async () => {
    const email = `${uniqueId("family")}@example.ru`;
    const post = async (tickets: number, overrides: Record<string, unknown>) =>
      fetchWith(short, "/api/tickets", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": uniqueId("ip"), Cookie: await visitEvidence() },
        body: JSON.stringify(order("free-b", tickets, overrides)),
      });
    // one e-mail, other phones each time
    expect((await post(5, { email })).status).toBe(200);
    expect((await post(5, { email: email.toUpperCase() })).status).toBe(200);
    const byEmail = await post(1, { email });
    expect(byEmail.status).toBe(409);
    expect(((await byEmail.json()) as { message: string }).message).toBe(perEmailLimit(10, 10));
    // one phone, other e-mails each time
    const phone = newPhone();
    expect((await post(5, { phone })).status).toBe(200);
    expect((await post(5, { phone })).status).toBe(200);
    const byPhone = await post(1, { phone });
    expect(((await byPhone.json()) as { message: string }).message).toBe(perPhoneLimit(10, 10));
  });
});
