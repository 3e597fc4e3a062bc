/**
 * Failure drill 2 (docs/reliability.md): a Durable Object call fails while a visitor sends a lead.
 * The visitor is told to try again and keeps the form; the retry carries the same id and is one lead.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { refusals } from "../../src/services/leads/messages";
import { log } from "../../src/services/log";
import { defaultCatalogue } from "../support/content";
import { decode, h1 } from "./html";
import { outboxOf, postForm, postJson, received, seedCrmToken, settled, validLead } from "./leads-helpers";
import { seedCatalogue } from "./seed";

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("store-failure-v1"));
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
  for (const { sink } of view.deliveries) expect(await received(sink, id), sink).toHaveLength(1);
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
