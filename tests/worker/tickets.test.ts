import { env, runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { BuiltCatalogue } from "../../src/services/catalogue/build";
import { messages, refusals } from "../../src/services/leads/messages";
import type { LeadRecord } from "../../src/services/leads/record";
import { perGroupLimit, perOrderLimit, perPhoneLimit, tooFewTickets } from "../../src/services/tickets";
import { defaultCatalogue } from "../support/content";
import { formatPrice, pluralize } from "../../src/services/text";
import { decode } from "./html";
import { newPhone, opsToken, origin, outboxOf, postForm, postJson, seedCrmToken, uniqueId, validLead, visitEvidence } from "./leads-helpers";
import { seedCatalogue } from "./seed";
import { fetchWith, settingsWith } from "./with-settings";

/** The texts of the ticket form's select (the count and its sum), as a visitor reads them. */
const optionsOf = (html: string) =>
  [...(/<select[^>]*name="tickets"[^>]*>(.*?)<\/select>/s.exec(html)?.[1] ?? "").matchAll(/<option[^>]*>(.*?)<\/option>/gs)].map(([, text]) => decode(text!.replace(/<!-- -->/g, "")));

// the same inputs on every run unless FC_SEED says otherwise (vitest.config.ts)
fc.configureGlobal({ seed: inject("fcSeed") });

let catalogue: BuiltCatalogue;

beforeAll(async () => {
  const base = defaultCatalogue("tickets-v1");
  // a seminar of 50 tickets and a few spares for the property test, all in the future
  const template = base.seminars[0]!;
  const extra = Array.from({ length: 40 }, (_, i) => ({ ...template, id: `prop-${i}`, slug: `prop-${i}`, tickets_quantity: 10 }));
  const few = { ...template, id: "few-1", slug: "few-1", tickets_quantity: 1 };
  // seminars of their own for the limits over all seminars, the holds, a free seminar and the address groups
  const own = (id: string, tickets: number, price: number) => ({ ...template, id, slug: id, tickets_quantity: tickets, price });
  const rate = Array.from({ length: 5 }, (_, i) => own(`rate-${i}`, 20, 1500));
  const holds = Array.from({ length: 8 }, (_, i) => own(`hold-${i}`, 20, 2000));
  const groups = Array.from({ length: 4 }, (_, i) => own(`group-${i}`, 100, 1000));
  catalogue = {
    ...base,
    seminars: [own("load-50", 50, 1500), few, ...base.seminars, ...extra, ...rate, ...holds, ...groups, own("free-1", 100, 0), own("free-2", 100, 0)],
  };
  await seedCatalogue(catalogue);
  await seedCrmToken();
});

const order = (seminarId: string, tickets: number, overrides: Record<string, unknown> = {}) => ({
  id: uniqueId("order"),
  name: "Ольга",
  phone: newPhone(),
  email: "olga@example.ru",
  seminar_id: seminarId,
  tickets,
  cta: "buyTicket",
  ...overrides,
});

const stub = (id: string) => env.SEMINAR_TICKETS.get(env.SEMINAR_TICKETS.idFromName(id));

describe("POST /api/tickets", () => {
  it("never sells more tickets than the seminar has: 200 buyers of one ticket for 50", async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, () => postJson("/api/tickets", order("load-50", 1))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 409)).toHaveLength(150);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { tickets_quantity: number }[];
    expect(bodies.every((b) => b.tickets_quantity >= 0)).toBe(true);
    expect(await stub("load-50").ticketsLeft(50)).toBe(0);
    expect(await stub("load-50").sold()).toBe(50);
  }, 60_000);

  it("answers 200 with the tickets left, and 409 with a clear Russian message when too few are left", async () => {
    const seminar = catalogue.seminars.find((s) => s.tickets_quantity >= 3 && s.tickets_quantity < 10)!;
    // counted from what is left now: other files of this runtime may order this seminar too (isolate: false)
    const left = await stub(seminar.id).ticketsLeft(seminar.tickets_quantity);
    expect(left).toBeGreaterThanOrEqual(3);
    const sent = order(seminar.id, 2);
    const first = await postJson("/api/tickets", sent);
    const answer = (await first.json()) as { order: { held_until: string } };
    expect(answer).toEqual({
      ok: true,
      tickets_quantity: left - 2,
      order: { id: sent.id, seminar_id: seminar.id, seminar_title: seminar.title, date: seminar.targetDate, tickets: 2, sum: seminar.price * 2, held_until: expect.any(String) },
    });
    // a paid seminar's order is held for TICKET_HOLD_MINUTES (a day), never past the seminar's start
    const held = Date.parse(answer.order.held_until);
    expect(held).toBeLessThanOrEqual(Math.min(Date.now() + 1440 * 60_000, Date.parse(seminar.targetDate)));
    expect(held).toBeGreaterThan(Math.min(Date.now() + 1430 * 60_000, Date.parse(seminar.targetDate) - 1));
    const refused = await postJson("/api/tickets", order(seminar.id, left));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ ok: false, message: tooFewTickets(left - 2), tickets_quantity: left - 2 });
  });

  it("takes the same order once, however often it is sent", async () => {
    const seminar = catalogue.seminars.find((s) => s.tickets_quantity > 10 && s.id !== "load-50")!;
    const same = order(seminar.id, 3);
    // other files of this runtime sell the default seminars too (isolate: false)
    const before = await stub(seminar.id).sold();
    const answers = await Promise.all([postJson("/api/tickets", same), postJson("/api/tickets", same), postJson("/api/tickets", same)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await stub(seminar.id).sold()).toBe(before + 3);
  });

  it("puts the order into the lead outbox with the ticket fields of spec 3", async () => {
    const seminar = catalogue.seminars.find((s) => s.tickets_quantity > 10 && s.id !== "load-50")!;
    const sent = order(seminar.id, 2);
    await postJson("/api/tickets", sent);
    const lead = await outboxOf(sent.id).get(sent.id);
    expect(lead).toMatchObject({
      kind: "ticket",
      price: seminar.price * 2,
      ticket: { seminar_id: seminar.id, seminar_title: seminar.title, tickets: 2, date: Date.parse(seminar.targetDate) },
    });
  });

  it("refuses a sold-out seminar, an unknown seminar and bad counts", async () => {
    const soldOut = catalogue.seminars.find((s) => s.tickets_quantity === 0)!;
    expect((await postJson("/api/tickets", order(soldOut.id, 1))).status).toBe(409);
    expect((await postJson("/api/tickets", order("no-such", 1))).status).toBe(400);
    const zero = await postJson("/api/tickets", order(catalogue.seminars[1]!.id, 0));
    expect(((await zero.json()) as { errors: Record<string, string> }).errors.tickets).toBe("Выберите хотя бы один билет");
  });

  it("refuses an order without an e-mail (the tickets and the payment link go there) and takes no seat; a lead keeps it optional", async () => {
    const seminar = catalogue.seminars.find((s) => s.tickets_quantity > 10 && s.id !== "load-50")!;
    const before = await stub(seminar.id).ticketsLeft(seminar.tickets_quantity);
    for (const [email, message] of [
      [undefined, messages.emailRequired],
      ["", messages.emailRequired],
      ["  ", messages.emailRequired],
      ["olga@", messages.emailInvalid],
    ] as const) {
      const sent = order(seminar.id, 1, { email });
      const refused = await postJson("/api/tickets", sent);
      expect(refused.status, String(email)).toBe(400);
      expect(await refused.json()).toMatchObject({ ok: false, errors: { email: message } });
      expect(await outboxOf(sent.id).get(sent.id)).toBeNull();
    }
    expect(await stub(seminar.id).ticketsLeft(seminar.tickets_quantity)).toBe(before);
    const { email: _, ...lead } = validLead();
    expect((await postJson("/api/leads", lead)).status).toBe(200);
  });
});

/** An order sent straight to the object with no limit but the phone's, held until the seminar (a free seminar's way). */
const noLimits = { emailKey: null, groupKey: null, wideKey: null, perGroup: 0, holdUntil: null };

/** A ticket order's lead as the Worker builds it (for calls straight to the object). */
const ticketLead = (id: string, seminarId = "prop"): LeadRecord => ({
  id,
  kind: "ticket",
  receivedAt: Date.now(),
  name: "Ольга",
  phone: "+79152223344",
  utm: {},
  roistatAB: "hidden",
  consent: { personalData: null, news: null, variant: "hidden" },
  ticket: { seminar_id: seminarId, seminar_title: "Семинар", tickets: 1, date: Date.now() + 86_400_000, seminar_tickets_quantity: 0 },
});

describe("the ticket count under any interleaving", () => {
  it("stays between zero and the start, and sold + left is always the start", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 12 }), async (wants) => {
        const seminar = `prop-${run++}`;
        const results = await Promise.all(
          wants.map((tickets, i) =>
            stub(seminar).order({ orderId: `o-${i}`, fingerprint: `f-${i}`, tickets, initial: 10, phoneKey: `p-${i}`, perPhone: 10, ...noLimits, lead: ticketLead(`o-${i}`) }),
          ),
        );
        const left = await stub(seminar).ticketsLeft(10);
        const sold = await stub(seminar).sold();
        expect(left).toBeGreaterThanOrEqual(0);
        expect(sold + left).toBe(10);
        expect(results.reduce((sum, r, i) => sum + (r.ok ? wants[i]! : 0), 0)).toBe(sold);
        for (const result of results) expect(result.tickets_quantity).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 40 },
    );
  });
});

describe("ops and the live count", () => {
  it("GET /ops/seminars lists every seminar with its live count; PUT sets one", async () => {
    const headers = { Authorization: `Bearer ${opsToken}` };
    expect((await SELF.fetch(`${origin}/ops/seminars`)).status).toBe(401);
    const list = (await (await SELF.fetch(`${origin}/ops/seminars`, { headers })).json()) as { id: string; title: string; targetDate: string; tickets_quantity: number }[];
    expect(list.find((s) => s.id === "load-50")).toMatchObject({ tickets_quantity: 0 });
    const target = catalogue.seminars[2]!;
    const put = await SELF.fetch(`${origin}/ops/seminars/${target.id}/tickets`, {
      method: "PUT",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ tickets_quantity: 77 }),
    });
    expect(put.status).toBe(200);
    const live = await (await SELF.fetch(`${origin}/api/seminars/${target.id}/tickets`)).json();
    expect(live).toMatchObject({ ok: true, tickets_quantity: 77, held: expect.any(Number) });
    const bad = await SELF.fetch(`${origin}/ops/seminars/${target.id}/tickets`, {
      method: "PUT",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ tickets_quantity: -1 }),
    });
    expect(bad.status).toBe(400);
  });
});

/** The object's alarm after the hand-over grace: its waiting orders aged past it, then the alarm run. */
async function afterTheGrace(seminarId: string) {
  await runInDurableObject(stub(seminarId), (_, state) => {
    state.storage.sql.exec("UPDATE orders SET created_at = created_at - 3600000 WHERE handed_over_at IS NULL");
  });
  expect(await runDurableObjectAlarm(stub(seminarId))).toBe(true);
}

describe("one fact per order: seats and the CRM's order together, or neither", () => {
  const seminarWith = (min: number, skip: string[] = []) => catalogue.seminars.find((s) => s.tickets_quantity >= min && s.id !== "load-50" && !skip.includes(s.id) && Date.parse(s.targetDate) > Date.now())!;

  it("refuses an order under a lead's id (409) and takes no seat", async () => {
    const seminar = seminarWith(12);
    const lead = validLead();
    expect((await postJson("/api/leads", lead)).status).toBe(200);
    const before = await stub(seminar.id).ticketsLeft(seminar.tickets_quantity);
    const refused = await postJson("/api/tickets", order(seminar.id, 1, { id: lead.id }));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ ok: false, message: refusals.idConflict, code: "id_conflict" });
    expect(await stub(seminar.id).ticketsLeft(seminar.tickets_quantity)).toBe(before);
    expect(await outboxOf(lead.id).get(lead.id)).toMatchObject({ kind: "lead" });
  });

  it("refuses one order id for a second seminar (409) and gives its seats back", async () => {
    const first = seminarWith(12);
    const second = seminarWith(12, [first.id]);
    const sent = order(first.id, 2);
    expect((await postJson("/api/tickets", sent)).status).toBe(200);
    const before = await stub(second.id).ticketsLeft(second.tickets_quantity);
    const refused = await postJson("/api/tickets", { ...sent, seminar_id: second.id });
    expect(refused.status).toBe(409);
    expect(await stub(second.id).ticketsLeft(second.tickets_quantity)).toBe(before);
    expect(await outboxOf(sent.id).get(sent.id)).toMatchObject({ kind: "ticket", ticket: { seminar_id: first.id, tickets: 2 } });
  });

  it("refuses one order id sent again with other tickets (409); the same order again is one order", async () => {
    const seminar = seminarWith(12);
    const sent = order(seminar.id, 2);
    expect((await postJson("/api/tickets", sent)).status).toBe(200);
    expect((await postJson("/api/tickets", sent)).status).toBe(200);
    const other = await postJson("/api/tickets", { ...sent, tickets: 3 });
    expect(other.status).toBe(409);
    expect(((await other.json()) as { message: string }).message).toBe(refusals.idConflict);
    expect(await stub(seminar.id).orderOf(sent.id)).toMatchObject({ tickets: 2 });
  });

  it("keeps an order whose answer never left (the Worker died after the seats): the object hands its lead to the outbox", async () => {
    const seminar = seminarWith(12);
    const id = uniqueId("crash");
    const taken = await stub(seminar.id).order({ orderId: id, fingerprint: "f", tickets: 1, initial: seminar.tickets_quantity, phoneKey: "k", perPhone: 10, ...noLimits, lead: ticketLead(id, seminar.id) });
    expect(taken.ok).toBe(true);
    expect(await outboxOf(id).get(id)).toBeNull();
    expect(await stub(seminar.id).waitingOrders()).toBeGreaterThan(0);
    await afterTheGrace(seminar.id);
    expect(await outboxOf(id).get(id)).toMatchObject({ kind: "ticket", ticket: { seminar_id: seminar.id } });
    expect(await stub(seminar.id).waitingLead(id)).toBeNull();
    expect(await stub(seminar.id).orderOf(id)).toMatchObject({ tickets: 1 });
  });

  it("gives the seats back when the object's own hand-over finds the id used for another request", async () => {
    const seminar = seminarWith(12);
    const lead = validLead();
    expect((await postJson("/api/leads", lead)).status).toBe(200);
    const before = await stub(seminar.id).ticketsLeft(seminar.tickets_quantity);
    await stub(seminar.id).order({ orderId: lead.id, fingerprint: "f", tickets: 2, initial: seminar.tickets_quantity, phoneKey: "k2", perPhone: 10, ...noLimits, lead: ticketLead(lead.id, seminar.id) });
    expect(await stub(seminar.id).ticketsLeft(seminar.tickets_quantity)).toBe(before - 2);
    await afterTheGrace(seminar.id);
    expect(await stub(seminar.id).orderOf(lead.id)).toBeNull();
    expect(await stub(seminar.id).ticketsLeft(seminar.tickets_quantity)).toBe(before);
  });
});

describe("evidence of a visit before an order", () => {
  const roomy = () => catalogue.seminars.find((s) => s.tickets_quantity >= 12 && s.id !== "load-50" && Date.parse(s.targetDate) > Date.now())!;

  it("refuses an order with no page visit before it (400, the no-visit message), whatever fill time or start it claims, and takes no seat", async () => {
    const seminar = roomy();
    const before = await stub(seminar.id).ticketsLeft(seminar.tickets_quantity);
    for (const claim of [{}, { fillMs: 99_999 }, { startedAt: 0 }, { fillMs: 99_999, startedAt: Date.now() - 3600_000 }]) {
      const sent = order(seminar.id, 2, claim);
      const refused = await postJson("/api/tickets", sent, {}, { visited: false });
      expect(refused.status, JSON.stringify(claim)).toBe(400);
      expect(await refused.json()).toEqual({ ok: false, message: refusals.noVisit });
      expect(await stub(seminar.id).orderOf(sent.id)).toBeNull();
      expect(await outboxOf(sent.id).get(sent.id)).toBeNull();
    }
    const posted = await postForm("/api/tickets", { form: "popup", cta: "buyTicket", seminar_id: seminar.id, tickets: "2", name: "Вера", phone: newPhone(), email: "vera@example.ru", fillMs: "99999", startedAt: "0" }, {}, { visited: false });
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain(refusals.noVisit);
    expect(await stub(seminar.id).ticketsLeft(seminar.tickets_quantity)).toBe(before);
  });
});

describe("seats go to people", () => {
  const seminar = () => catalogue.seminars.find((s) => s.id === "load-50") ?? catalogue.seminars[0]!;
  const roomy = () => catalogue.seminars.find((s) => s.tickets_quantity >= 30 && s.id !== "load-50" && Date.parse(s.targetDate) > Date.now())!;

  it("refuses more tickets than one order may hold (TICKETS_PER_ORDER, 5 by default), before taking any", async () => {
    const target = roomy();
    const before = await stub(target.id).ticketsLeft(target.tickets_quantity);
    for (const tickets of [6, 50]) {
      const refused = await postJson("/api/tickets", order(target.id, tickets));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ message: perOrderLimit(5), errors: { tickets: perOrderLimit(5) } });
    }
    expect(perOrderLimit(5)).toBe("Не больше 5 билетов в одном заказе");
    expect(await stub(target.id).ticketsLeft(target.tickets_quantity)).toBe(before);
    expect(seminar()).toBeDefined();
  });

  it("lets one phone number hold at most TICKETS_PER_PHONE (10) seats of a seminar, however it is written", async () => {
    const target = roomy();
    const phone = newPhone();
    const written = [phone, phone.replace("+7", "8"), phone.replace(/\D/g, "")];
    const statuses: number[] = [];
    for (const [i, tickets] of [5, 5, 1].entries()) statuses.push((await postJson("/api/tickets", order(target.id, tickets, { phone: written[i] }))).status);
    expect(statuses).toEqual([200, 200, 409]);
    const refused = await postJson("/api/tickets", order(target.id, 1, { phone }));
    expect(((await refused.json()) as { message: string }).message).toBe(perPhoneLimit(10, 10));
  });

  it("lets one address group hold at most TICKETS_PER_GROUP (10) seats of a seminar: an IPv4 address, a /64, a 6to4 /48 alike; a /48 twice that", async () => {
    const take = (seminar: string, address: string, tickets = 5) => postJson("/api/tickets", order(seminar, tickets), { "CF-Connecting-IP": address });
    const statusesOf = async (seminar: string, addresses: string[]) => {
      const statuses: number[] = [];
      for (const address of addresses) statuses.push((await take(seminar, address)).status);
      return statuses;
    };
    const octet = 1 + Math.floor(Math.random() * 250);
    const hex = octet.toString(16).padStart(2, "0");
    // one IPv4 address, and the 6to4 addresses that carry it
    expect(await statusesOf("group-0", [`198.51.100.${octet}`, `2002:c633:64${hex}:1::1`, `2002:c633:64${hex}:2::1`])).toEqual([200, 200, 409]);
    const refused = await take("group-0", `198.51.100.${octet}`, 1);
    expect(((await refused.json()) as { message: string }).message).toBe(perGroupLimit(10));
    // one /64
    const block = `2001:db8:${(0x1000 + Math.floor(Math.random() * 0xe000)).toString(16)}`;
    expect(await statusesOf("group-1", [`${block}:1::1`, `${block}:1::2`, `${block}:1::3`])).toEqual([200, 200, 409]);
    // a new /64 of the same /48 each order: twenty seats for the /48
    expect(await statusesOf("group-2", [2, 3, 4, 5, 6].map((net) => `${block}:${net}::1`))).toEqual([200, 200, 200, 200, 409]);
    // another seminar is another count
    expect((await take("group-3", `${block}:1::1`)).status).toBe(200);
  });

  it("counts the seats one address orders in an hour (TICKET_RATE_LIMIT, 20), not only its requests", async () => {
    const address = `2001:db8:5eat:${Math.floor(Math.random() * 0xfff).toString(16)}::1`.replace("5eat", "5ea7");
    const statuses: number[] = [];
    // over five seminars: one seminar alone would stop at TICKETS_PER_GROUP first
    for (let i = 0; i < 5; i++) statuses.push((await postJson("/api/tickets", order(`rate-${i}`, 5), { "CF-Connecting-IP": address })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});

describe("buying without JavaScript", () => {
  const target = () => catalogue.seminars.find((s) => s.tickets_quantity >= 6 && s.id !== "load-50" && Date.parse(s.targetDate) > Date.now())!;

  it("the buy link leads to a ticket form that posts to /api/tickets, with counts and their sums", async () => {
    const seminar = target();
    const html = await (await SELF.fetch(`${origin}/apply?cta=buyTicket&seminar=${encodeURIComponent(seminar.id)}`)).text();
    expect(html).toContain('action="/api/tickets"');
    expect(html).toContain(`name="seminar_id" value="${seminar.id}"`);
    expect(html).toMatch(/<select[^>]*name="tickets"/);
    expect(optionsOf(html)).toEqual([1, 2, 3, 4, 5].map((n) => `${pluralize(n, ["билет", "билета", "билетов"])} — ${formatPrice(seminar.price * n)}`));
    expect(optionsOf(html)[1]).toBe(`2 билета — ${new Intl.NumberFormat("ru-RU").format(seminar.price * 2)} ₽`);
    expect(html).toContain("Не больше 5 билетов в одном заказе");
  });

  it("with TICKETS_PER_ORDER=3 the form offers 1 to 3 and says so, and the server refuses 4, taking no seat", async () => {
    const seminar = target();
    const settings = settingsWith({ TICKETS_PER_ORDER: "3" });
    const html = await (await fetchWith(settings, `/apply?cta=buyTicket&seminar=${encodeURIComponent(seminar.id)}`)).text();
    expect(optionsOf(html)).toEqual([1, 2, 3].map((n) => `${pluralize(n, ["билет", "билета", "билетов"])} — ${formatPrice(seminar.price * n)}`));
    expect(html).toContain("Не больше 3 билетов в одном заказе");
    expect(html).not.toContain("Не больше 5 билетов");
    const before = await stub(seminar.id).ticketsLeft(seminar.tickets_quantity);
    const post = async (body: BodyInit, type: string) =>
      fetchWith(settings, "/api/tickets", { method: "POST", headers: { "Content-Type": type, Origin: origin, "CF-Connecting-IP": uniqueId("ip"), Cookie: await visitEvidence() }, body });
    const refused = await post(JSON.stringify(order(seminar.id, 4)), "application/json");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ ok: false, message: perOrderLimit(3), errors: { tickets: perOrderLimit(3) } });
    const form = new URLSearchParams({ form: "popup", cta: "buyTicket", seminar_id: seminar.id, tickets: "4", name: "Вера", phone: newPhone(), email: "vera@example.ru" });
    const page = await post(form.toString(), "application/x-www-form-urlencoded");
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(perOrderLimit(3));
    expect(await stub(seminar.id).ticketsLeft(seminar.tickets_quantity)).toBe(before);
    const three = await post(JSON.stringify(order(seminar.id, 3)), "application/json");
    expect(three.status).toBe(200);
    expect(await stub(seminar.id).ticketsLeft(seminar.tickets_quantity)).toBe(before - 3);
  });

  it("a posted order takes the seats and ends on a confirmation naming the seminar, the date, the tickets and the sum", async () => {
    const seminar = target();
    const before = await stub(seminar.id).ticketsLeft(seminar.tickets_quantity);
    const posted = await postForm("/api/tickets", { form: "popup", cta: "buyTicket", seminar_id: seminar.id, tickets: "2", name: "Вера", phone: newPhone(), email: "vera@example.ru" });
    expect(posted.status).toBe(303);
    const location = new URL(posted.headers.get("location") ?? "", origin);
    expect(location.pathname).toBe("/gratefull");
    expect(location.searchParams.get("seminar")).toBe(seminar.id);
    expect(await stub(seminar.id).ticketsLeft(seminar.tickets_quantity)).toBe(before - 2);
    const page = await (await SELF.fetch(location.href)).text();
    expect(page).toContain(seminar.title);
    expect(page).toContain("2 билета");
    expect(page).toContain(new Intl.NumberFormat("ru-RU").format(seminar.price * 2));
    expect(page).toContain("Спасибо за заказ!");
    expect(page).toContain("Билеты и ссылка на оплату придут на электронную почту");
    expect(page).not.toContain("переданы в приёмную комиссию");
    // the address names the order; what the page says comes from the seminar's object
    const forged = await (await SELF.fetch(`${origin}/gratefull?order=${uniqueId("nope")}&seminar=${encodeURIComponent(seminar.id)}`)).text();
    expect(forged).not.toContain('data-testid="order-summary"');
  });

  it("the ticket form asks for the e-mail as required and says what it is for; the seminar's button says «Купить билет»", async () => {
    const seminar = target();
    const html = await (await SELF.fetch(`${origin}/apply?cta=buyTicket&seminar=${encodeURIComponent(seminar.id)}`)).text();
    expect(html).toMatch(/<label for="apply-email">Электронная почта \*<\/label><input[^>]*aria-required="true"/);
    expect(html).toContain("Сюда придут билеты и ссылка на оплату");
    expect(html).toContain('<span class="btn__label">Купить билет</span>');
    expect(html).toContain("Есть промокод?");
    // a free seminar's ticket is taken, not bought: the form says nothing of payment and asks for no promo code
    const free = catalogue.seminars.find((s) => s.price === 0 && Date.parse(s.targetDate) > Date.now());
    if (!free) throw new Error("the default content has no future free seminar");
    const freePage = await (await SELF.fetch(`${origin}/apply?cta=buyTicket&seminar=${encodeURIComponent(free.id)}`)).text();
    const email = freePage.indexOf('id="apply-email"');
    const freeForm = freePage.slice(freePage.lastIndexOf("<form", email), freePage.indexOf("</form>", email));
    expect(freeForm).toContain('id="apply-email"');
    expect(freeForm).toContain("Сюда придёт билет");
    expect(freeForm).not.toMatch(/оплат/);
    expect(freeForm).not.toContain("Есть промокод?");
    expect(freeForm).not.toContain('name="promocode"');
    // and one seat: the name, the phone and the e-mail are all it asks (decision 093)
    expect(freeForm).not.toContain("ticket-counter");
    expect(freeForm).toContain('<input type="hidden" name="tickets" value="1"/>');
    // the page's own words are a participant's registration, not a purchase
    const freeMain = freePage.slice(freePage.indexOf("<main"), freePage.indexOf("</main>"));
    expect(freeMain).toContain("Регистрация участника");
    expect(freeMain).not.toMatch(/оплат|Выбрать билеты/);
    const lead = await (await SELF.fetch(`${origin}/apply?cta=signUpForProfession`)).text();
    expect(lead).toContain('<label for="apply-email">Электронная почта</label>');
    expect(lead).not.toContain('aria-required="true"');
    const page = await (await SELF.fetch(`${origin}/seminars/${seminar.studyFieldSlug}/${seminar.slug}`)).text();
    expect(page).toContain(`<span class="btn__label">${seminar.price > 0 ? "Купить билет" : "Получить билет"}</span>`);
    expect(page).not.toContain("Выбрать билеты</span>");
  });

  it("an order posted without an e-mail comes back (400) with the message and the values, and takes no seat", async () => {
    const seminar = target();
    const before = await stub(seminar.id).ticketsLeft(seminar.tickets_quantity);
    const posted = await postForm("/api/tickets", { form: "popup", cta: "buyTicket", seminar_id: seminar.id, tickets: "2", name: "Вера", phone: "+7 (912) 555-44-33", email: "" });
    expect(posted.status).toBe(400);
    const html = await posted.text();
    expect(html).toContain(messages.emailRequired);
    expect(html).toContain('value="Вера"');
    expect(html).toContain('action="/api/tickets"');
    expect(await stub(seminar.id).ticketsLeft(seminar.tickets_quantity)).toBe(before);
  });

  it("too few seats left: the form comes back with the message (409) and the values", async () => {
    const seminar = catalogue.seminars.find((s) => s.id === "few-1")!;
    const left = await stub(seminar.id).ticketsLeft(seminar.tickets_quantity);
    expect(left).toBe(1);
    const posted = await postForm("/api/tickets", { form: "popup", cta: "buyTicket", seminar_id: seminar.id, tickets: String(left + 1), name: "Вера", phone: newPhone(), email: "vera@example.ru" });
    expect(posted.status).toBe(409);
    const html = await posted.text();
    expect(html).toContain(tooFewTickets(left));
    expect(html).toContain('value="Вера"');
    expect(posted.headers.get("cache-control")).toBe("no-store");
  });
});
