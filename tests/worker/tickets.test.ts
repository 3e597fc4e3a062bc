import { env, SELF } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { BuiltCatalogue } from "../../src/services/catalogue/build";
import { tooFewTickets } from "../../src/services/tickets";
import { defaultCatalogue } from "../support/content";
import { opsToken, origin, outboxOf, postJson, seedCrmToken, uniqueId } from "./leads-helpers";
import { seedCatalogue } from "./seed";

// the same inputs on every run unless FC_SEED says otherwise (vitest.config.ts)
fc.configureGlobal({ seed: inject("fcSeed") });

let catalogue: BuiltCatalogue;

beforeAll(async () => {
  const base = defaultCatalogue("tickets-v1");
  // a seminar of 50 tickets and a few spares for the property test, all in the future
  const template = base.seminars[0]!;
  const extra = Array.from({ length: 40 }, (_, i) => ({ ...template, id: `prop-${i}`, slug: `prop-${i}`, tickets_quantity: 10 }));
  catalogue = { ...base, seminars: [{ ...template, id: "load-50", slug: "load-50", tickets_quantity: 50, price: 1500 }, ...base.seminars, ...extra] };
  await seedCatalogue(catalogue);
  await seedCrmToken();
});

const order = (seminarId: string, tickets: number, overrides: Record<string, unknown> = {}) => ({
  id: uniqueId("order"),
  name: "Ольга",
  phone: "+7 (912) 222-33-44",
  seminar_id: seminarId,
  tickets,
  fillMs: 5000,
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
    const first = await postJson("/api/tickets", order(seminar.id, 2));
    expect(await first.json()).toEqual({ ok: true, tickets_quantity: seminar.tickets_quantity - 2 });
    const refused = await postJson("/api/tickets", order(seminar.id, seminar.tickets_quantity));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ ok: false, message: tooFewTickets(seminar.tickets_quantity - 2), tickets_quantity: seminar.tickets_quantity - 2 });
  });

  it("takes the same order once, however often it is sent", async () => {
    const seminar = catalogue.seminars.find((s) => s.tickets_quantity > 10 && s.id !== "load-50")!;
    const same = order(seminar.id, 3);
    const answers = await Promise.all([postJson("/api/tickets", same), postJson("/api/tickets", same), postJson("/api/tickets", same)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await stub(seminar.id).sold()).toBe(3);
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
});

describe("the ticket count under any interleaving", () => {
  it("stays between zero and the start, and sold + left is always the start", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 12 }), async (wants) => {
        const seminar = `prop-${run++}`;
        const results = await Promise.all(wants.map((tickets, i) => stub(seminar).order(`o-${i}`, tickets, 10)));
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
    expect(live).toEqual({ ok: true, tickets_quantity: 77 });
    const bad = await SELF.fetch(`${origin}/ops/seminars/${target.id}/tickets`, {
      method: "PUT",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ tickets_quantity: -1 }),
    });
    expect(bad.status).toBe(400);
  });
});
