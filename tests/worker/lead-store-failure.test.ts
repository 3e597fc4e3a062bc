/**
 * Failure drill 2 (docs/reliability.md): a Durable Object call fails while a visitor sends a lead
 * or an order. The visitor is told to try again (a lead) or that the order is kept (its seats are
 * taken) and keeps the form; the retry carries the same id and is one lead, one order.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { HANDOVER_GRACE_MS } from "../../src/worker/durable/SeminarTickets";
import { refusals } from "../../src/services/leads/messages";
import { log } from "../../src/services/log";
import { defaultCatalogue } from "../support/content";
import { decode, h1 } from "./html";
import { kept, newPhone, outboxOf, postForm, postJson, seedCrmToken, settled, uniqueId, validLead } from "./leads-helpers";
import { seedCatalogue } from "./seed";

const catalogue = defaultCatalogue("store-failure-v1");

beforeAll(async () => {
  await seedCatalogue(catalogue);
  await seedCrmToken();
});

afterEach(() => vi.restoreAllMocks());

type Outbox = ReturnType<typeof outboxOf>;

/** The next outbox call fails: before the lead is written, or after (the answer lost on the way back). */
function outboxFailsOnce(when: "before storing" | "after storing") {
  const real = env.LEAD_OUTBOX.get.bind(env.LEAD_OUTBOX);
  return vi.spyOn(env.LEAD_OUTBOX, "get").mockImplementationOnce((id) => {
    const stub = real(id);
    return {
      accept: async (lead: Parameters<Outbox["accept"]>[0], fingerprint: string) => {
        if (when === "after storing") await stub.accept(lead, fingerprint);
        throw new Error("Network connection lost.");
      },
    } as unknown as Outbox;
  });
}

/** Every copy of the lead in its outbox shard, and what each sink received. */
async function expectOneLeadDeliveredOnce(id: string) {
  const copies = (await outboxOf(id).list(undefined, 10_000)).filter((lead) => lead.id === id);
  expect(copies).toHaveLength(1);
  const view = await settled(id);
  expect(view.deliveries.length).toBeGreaterThan(0);
  expect(view.deliveries.every((d) => d.status === "delivered"), JSON.stringify(view.deliveries)).toBe(true);
  for (const { sink } of view.deliveries) expect(await kept(sink, id), sink).toHaveLength(1);
}

describe("the outbox failing during POST /api/leads", () => {
  it.each(["before storing", "after storing"] as const)(
    "answers 503 with a message to try again when it fails %s; the retry with the same id is one lead, delivered once per sink",
    async (when) => {
      const lead = validLead();
      const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
      outboxFailsOnce(when);

      const failed = await postJson("/api/leads", lead);
      expect(failed.status).toBe(503);
      expect(await failed.json()).toEqual({ ok: false, message: refusals.storeFailed });
      expect(logged).toHaveBeenCalledWith("lead.store", expect.objectContaining({ id: lead.id }));

      const retried = await postJson("/api/leads", lead);
      expect(retried.status).toBe(200);
      expect(await retried.json()).toEqual({ ok: true, id: lead.id });
      await expectOneLeadDeliveredOnce(lead.id);
    },
  );

  it("gives a form posted without JavaScript back with its values, the message and the lead's id; sending it again is one lead", async () => {
    vi.spyOn(log, "error").mockImplementation(() => undefined);
    outboxFailsOnce("after storing");
    const fields = {
      form: "popup",
      cta: "signUpForProfession",
      name: "Вера",
      phone: "+7 (912) 000-11-22",
      email: "vera@example.ru",
    };
    const failed = await postForm("/api/leads", fields);
    expect(failed.status).toBe(503);
    const html = decode(await failed.text());
    expect(html).toContain(refusals.storeFailed);
    expect(html).toMatch(/name="name"[^>]*value="Вера"|value="Вера"[^>]*name="name"/);
    expect(html).toContain('value="vera@example.ru"');
    const id = /<input type="hidden" name="id" value="([A-Za-z0-9_-]+)"/.exec(html)?.[1];
    expect(id).toBeDefined();
    // no fill time rides on the form: the minimum is measured from the visit (the visitor's cookie)
    expect(html).not.toContain('name="startedAt"');

    const again = await postForm("/api/leads", { ...fields, id: id! });
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe(`/gratefull?lead=${id}`);
    await expectOneLeadDeliveredOnce(id!);
  });
});

describe("the outbox failing for the short forms posted without JavaScript", () => {
  const content = defaultCatalogue();
  it.each([
    ["notFound", "Не нашли, что искали?", content.site.cta.submitApplication.title],
    ["freeAccess", "Получить доступ", content.pages.freeAccess.title],
  ] as const)("gives the %s form back as itself, with its values and the lead's id; sending it again is one lead of its kind", async (form, heading, title) => {
    vi.spyOn(log, "error").mockImplementation(() => undefined);
    outboxFailsOnce("after storing");
    const fields = { form, name: "Лев", phone: "+7 (912) 000-33-44", email: "lev@example.ru" };
    const cookie = { Cookie: "roistat_ab=hidden" };
    const failed = await postForm("/api/leads", fields, cookie);
    expect(failed.status).toBe(503);
    const html = decode(await failed.text());
    expect(html).toContain(refusals.storeFailed);
    expect(html).toContain(`<input type="hidden" name="form" value="${form}"/>`);
    expect(html).toContain(heading);
    // the text above the form is the page's own: /free-access promises a call, never a login and password
    if (form === "freeAccess") {
      expect(html).toContain(content.pages.freeAccess.form!.text);
      expect(html).not.toMatch(/логин и пароль/);
    }
    expect(decode(h1(html) ?? "")).toBe(title);
    expect(html).toContain('value="lev@example.ru"');
    const id = /<input type="hidden" name="id" value="([A-Za-z0-9_-]+)"/.exec(html)?.[1];
    expect(id).toBeDefined();

    const again = await postForm("/api/leads", { ...fields, id: id! }, cookie);
    expect(again.status).toBe(303);
    expect((await outboxOf(id!).get(id!))?.kind).toBe(form);
    await expectOneLeadDeliveredOnce(id!);
  });
});

describe("the rate limiter failing", () => {
  it("lets the lead through and logs it, since the limiter only guards against floods", async () => {
    const warned = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    vi.spyOn(env.RATE_LIMITER, "get").mockImplementationOnce(
      () => ({ take: () => Promise.reject(new Error("Durable Object is overloaded.")) }) as unknown as ReturnType<typeof env.RATE_LIMITER.get>,
    );
    const lead = validLead();
    const answer = await postJson("/api/leads", lead);
    expect(answer.status).toBe(200);
    expect(warned).toHaveBeenCalledWith("ratelimit.unavailable", expect.objectContaining({ error: expect.stringContaining("overloaded") }));
    await expectOneLeadDeliveredOnce(lead.id);
  });
});

describe("the outbox failing during POST /api/tickets", () => {
  const seminars = catalogue.seminars.filter((s) => s.tickets_quantity >= 8 && Date.parse(s.targetDate) > Date.now());
  const seminarOf = (n: number) => seminars[n % seminars.length]!;
  const seats = (id: string) => env.SEMINAR_TICKETS.get(env.SEMINAR_TICKETS.idFromName(id));
  const order = (seminarId: string, tickets: number) => ({
    id: uniqueId("order"),
    name: "Ольга",
    phone: newPhone(),
    email: "olga@example.ru",
    cta: "buyTicket",
    seminar_id: seminarId,
    tickets,
  });
  const copiesOf = async (id: string) => (await outboxOf(id).list(undefined, 10_000)).filter((lead) => lead.id === id).length;

  it.each(["before storing", "after storing"] as const)(
    "answers 503 saying the order is kept when the outbox fails %s; the seats stay taken; the same order again is 200 and one order in the outbox, another count 409",
    async (when) => {
      vi.spyOn(log, "error").mockImplementation(() => undefined);
      const seminar = seminarOf(when === "before storing" ? 0 : 1);
      const before = await seats(seminar.id).ticketsLeft(seminar.tickets_quantity);
      const sent = order(seminar.id, 2);
      outboxFailsOnce(when);

      const failed = await postJson("/api/tickets", sent);
      expect(failed.status).toBe(503);
      expect(await failed.json()).toEqual({ ok: false, message: refusals.orderKept });
      expect(refusals.orderKept).not.toBe(refusals.storeFailed);
      expect(await seats(seminar.id).orderOf(sent.id)).toMatchObject({ tickets: 2 });
      expect(await seats(seminar.id).ticketsLeft(seminar.tickets_quantity)).toBe(before - 2);
      expect(await seats(seminar.id).waitingLead(sent.id)).not.toBeNull();

      const again = await postJson("/api/tickets", sent);
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ ok: true, tickets_quantity: before - 2, order: { id: sent.id, tickets: 2 } });
      expect(await copiesOf(sent.id)).toBe(1);
      expect(await outboxOf(sent.id).get(sent.id)).toMatchObject({ kind: "ticket", ticket: { seminar_id: seminar.id, tickets: 2 } });
      expect(await seats(seminar.id).waitingLead(sent.id)).toBeNull();
      expect(await seats(seminar.id).ticketsLeft(seminar.tickets_quantity)).toBe(before - 2);

      const otherCount = await postJson("/api/tickets", { ...sent, tickets: 3 });
      expect(otherCount.status).toBe(409);
      expect(await seats(seminar.id).ticketsLeft(seminar.tickets_quantity)).toBe(before - 2);
    },
  );

  it("gives the ticket form posted without JavaScript back with the message, its id and its count; sending it again ends on the order's confirmation", async () => {
    vi.spyOn(log, "error").mockImplementation(() => undefined);
    const seminar = seminarOf(2);
    outboxFailsOnce("before storing");
    const fields = { form: "popup", cta: "buyTicket", seminar_id: seminar.id, tickets: "3", name: "Вера", phone: newPhone(), email: "vera@example.ru" };
    const failed = await postForm("/api/tickets", fields);
    expect(failed.status).toBe(503);
    const html = decode(await failed.text());
    expect(html).toContain(refusals.orderKept);
    expect(html).toContain('action="/api/tickets"');
    expect(html).toMatch(/<option value="3" selected=""/);
    const id = /<input type="hidden" name="id" value="([A-Za-z0-9_-]+)"/.exec(html)?.[1];
    expect(id).toBeDefined();
    expect(await seats(seminar.id).orderOf(id!)).toMatchObject({ tickets: 3 });

    const again = await postForm("/api/tickets", { ...fields, id: id! });
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe(`/gratefull?order=${id}&seminar=${encodeURIComponent(seminar.id)}`);
    expect(await copiesOf(id!)).toBe(1);
  });

  it("the seminar's alarm hands a kept order over once the outbox is back, retrying with a growing wait while it is down", async () => {
    vi.spyOn(log, "error").mockImplementation(() => undefined);
    const seminar = seminarOf(3);
    const stub = seats(seminar.id);
    outboxFailsOnce("before storing");
    const sent = order(seminar.id, 1);
    expect((await postJson("/api/tickets", sent)).status).toBe(503);
    // the outbox stays down for the object too
    const down = { ...env, LEAD_OUTBOX: { idFromName: env.LEAD_OUTBOX.idFromName.bind(env.LEAD_OUTBOX), get: () => ({ accept: () => Promise.reject(new Error("Network connection lost.")), has: () => Promise.reject(new Error("Network connection lost.")) }) } };
    const realEnv = await runInDurableObject(stub, (instance, state) => {
      state.storage.sql.exec("UPDATE orders SET created_at = created_at - ? WHERE order_id = ?", HANDOVER_GRACE_MS + 1000, sent.id);
      const own = (instance as unknown as { env: Env }).env;
      (instance as unknown as { env: unknown }).env = down;
      return own;
    });
    const waits: number[] = [];
    try {
      for (let run = 1; run <= 3; run++) {
        const started = Date.now();
        expect(await runDurableObjectAlarm(stub)).toBe(true);
        const { attempts, alarm } = await runInDurableObject(stub, async (_, state) => ({
          attempts: state.storage.sql.exec<{ n: number }>("SELECT handover_attempts AS n FROM orders WHERE order_id = ?", sent.id).one().n,
          alarm: await state.storage.getAlarm(),
        }));
        expect(attempts).toBe(run);
        expect(alarm).not.toBeNull();
        waits.push(alarm! - started);
        expect(await stub.waitingLead(sent.id)).not.toBeNull();
      }
      expect(waits[1]!).toBeGreaterThan(waits[0]!);
      expect(waits[2]!).toBeGreaterThan(waits[1]!);
      expect(await outboxOf(sent.id).get(sent.id)).toBeNull();
    } finally {
      // the seminar's object is shared with the later files of this runtime (isolate: false): its env goes back however this ends
      await runInDurableObject(stub, (instance) => {
        (instance as unknown as { env: Env }).env = realEnv;
      });
    }
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stub.waitingLead(sent.id)).toBeNull();
    expect(await copiesOf(sent.id)).toBe(1);
    expect(await outboxOf(sent.id).get(sent.id)).toMatchObject({ kind: "ticket", ticket: { seminar_id: seminar.id, tickets: 1 } });
    // the visitor who was told to wait, sending the same order once more, is told it is placed
    expect((await postJson("/api/tickets", sent)).status).toBe(200);
    expect(await copiesOf(sent.id)).toBe(1);
  });
});
