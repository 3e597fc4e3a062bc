import { env, runInDurableObject, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { allShards } from "../../src/services/leads/outbox";
import { crmToken } from "../../src/server/objects";
import { defaultCatalogue } from "../support/content";
import { failNext, fakes, kept, opsToken, origin, outboxOf, postJson, received, seedCrmToken, settled, uniqueId, validLead } from "./leads-helpers";
import { seedCatalogue } from "./seed";

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("outbox-v1"));
  await seedCrmToken();
});

async function accepted(overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const lead = validLead(overrides);
  const response = await postJson("/api/leads", lead, headers);
  expect(response.status).toBe(200);
  return lead.id as string;
}

describe("delivery to every sink", () => {
  it("sends each sink the lead with its id, in the order of spec 7, then the CRM", async () => {
    const id = await accepted({}, { Cookie: "roistat_visit=555; advcake_track_id=adv-7" });
    const view = await settled(id);
    expect(view.deliveries.map((d) => [d.sink, d.status])).toEqual([
      ["genezis", "delivered"],
      ["advcake", "delivered"],
      ["roistat", "delivered"],
      ["amocrm", "delivered"],
    ]);
    const [genezis] = await received("genezis", id);
    expect(genezis?.body).toMatchObject({ id, name: "Анна", phone: "+79123456789", blockForAmo: "Психолог-консультант" });
    expect(genezis?.headers["idempotency-key"]).toBe(id);
    const [advcake] = await received("advcake", id);
    expect(advcake?.body).toMatchObject({ id, advcake_track_id: "adv-7" });
    const [roistat] = await received("roistat", id);
    expect(roistat?.query).toMatchObject({ roistat: "555", key: "roistat-key", name: "Анна", phone: "+79123456789", "fields[lead_id]": id });
    const [amo] = await received("amocrm", id);
    const body = amo?.body as { request_id: string; _embedded: { contacts: { custom_fields_values: { field_code: string }[] }[] } }[];
    expect(body[0]?.request_id).toBe(id);
    expect(body[0]?._embedded.contacts[0]?.custom_fields_values.map((f) => f.field_code)).toEqual(["PHONE", "EMAIL"]);
  });

  it("sends roistat 'nocookie' without a visit cookie", async () => {
    const id = await accepted();
    await settled(id);
    expect((await received("roistat", id))[0]?.query.roistat).toBe("nocookie");
  });

  it.each([
    ["admitad", "admitad"],
    ["edpartners", "edpartners"],
    ["sravni", "sravni"],
    ["careerru", "hh"],
    ["leadmagnet", "leadmagnet"],
  ])("sends a lead from utm_source=%s to the partner %s", async (source, sink) => {
    const utm = encodeURIComponent(JSON.stringify({ utm_source: source }));
    const id = await accepted({}, { Cookie: `utm=${utm}; admitad_uid=uid-42` });
    const view = await settled(id);
    expect(view.deliveries.map((d) => d.sink)).toEqual(["genezis", "advcake", "partner", "roistat", "amocrm"]);
    const receipts = await received(sink, id);
    expect(receipts).toHaveLength(1);
    if (sink === "admitad") {
      expect(receipts[0]?.query).toMatchObject({ order_id: id, uid: "uid-42", postback: "1", payment_type: "lead", campaign_code: "campaign-1" });
    }
  });
});

describe("retries", () => {
  it.each([
    ["500", 3],
    ["hang", 2],
  ] as const)("a sink failing with %s %i times still gets the lead exactly once, under one Idempotency-Key", async (mode, times) => {
    const lead = validLead();
    await failNext("genezis", times, mode, lead.id);
    const id = await accepted(lead);
    const view = await settled(id);
    const genezis = view.deliveries.find((d) => d.sink === "genezis");
    expect(genezis?.status).toBe("delivered");
    // times + 1 on a quiet machine; on a busy one an answer that outlived SINK_TIMEOUT_MS is asked for
    // again, under the same key, which the sink drops (what the fake counts, it keeps)
    expect(genezis?.attempts).toBeGreaterThanOrEqual(times + 1);
    const receipts = await received("genezis", id);
    expect(receipts.length).toBeGreaterThanOrEqual(1);
    expect(new Set(receipts.map((r) => r.headers["idempotency-key"]))).toEqual(new Set([id]));
  });

  it("ends in the dead-letter state after too many failures, and ops can send it again", async () => {
    const lead = validLead();
    await failNext("advcake", 6, "500", lead.id);
    const id = await accepted(lead);
    const view = await settled(id);
    expect(view.deliveries.find((d) => d.sink === "advcake")).toMatchObject({ status: "dead", attempts: 6 });
    expect(view.deliveries.find((d) => d.sink === "genezis")?.status).toBe("delivered");

    const listed = await SELF.fetch(`${origin}/ops/leads?status=dead`, { headers: { Authorization: `Bearer ${opsToken}` } });
    const { leads } = (await listed.json()) as { leads: { id: string }[] };
    expect(leads.map((l) => l.id)).toContain(id);

    const retry = await SELF.fetch(`${origin}/ops/leads/${id}/retry`, { method: "POST", headers: { Authorization: `Bearer ${opsToken}` } });
    expect(retry.status).toBe(200);
    const after = await settled(id);
    expect(after.deliveries.find((d) => d.sink === "advcake")?.status).toBe("delivered");
    expect(await kept("advcake", id)).toHaveLength(1);
    expect(await kept("genezis", id)).toHaveLength(1);
  });

  it("loses nothing when the outbox restarts between accepting and delivering", async () => {
    const lead = validLead();
    await failNext("genezis", 1, "500", lead.id);
    const id = await accepted(lead);
    await runInDurableObject(outboxOf(id), (_instance, state) => {
      state.abort("restart drill");
    }).catch(() => undefined);
    const view = await settled(id);
    expect(view.deliveries.every((d) => d.status === "delivered")).toBe(true);
    expect(await kept("genezis", id)).toHaveLength(1);
  });

  it("after a crash with a request in flight, looks the lead up in amoCRM before sending it again; the others get it again with its Idempotency-Key", async () => {
    const id = await accepted();
    await settled(id);
    // the state a crash leaves: the requests left, their answers were never written
    await runInDurableObject(outboxOf(id), (_instance, state) => {
      state.storage.sql.exec(
        "UPDATE deliveries SET status = 'pending', finished_at = NULL, next_attempt_at = ?, in_flight_at = ? WHERE lead_id = ? AND sink IN ('amocrm', 'genezis')",
        Date.now(),
        Date.now() - 1000,
        id,
      );
    });
    await outboxOf(id).deliverDue();
    const view = await settled(id);
    const amo = view.deliveries.find((d) => d.sink === "amocrm");
    expect(amo).toMatchObject({ status: "delivered" });
    expect(amo?.detail).toContain("found after a crash");
    expect(await received("amocrm", id)).toHaveLength(1);
    const genezis = await received("genezis", id);
    expect(genezis).toHaveLength(2);
    expect(genezis.map((r) => r.headers["idempotency-key"])).toEqual([id, id]);
  });

  it("after a crash with a request in flight to a sink that drops no repeat (Roistat, the Admitad postback), does not send it again: the delivery waits for ops", async () => {
    const admitad = encodeURIComponent(JSON.stringify({ utm_source: "admitad" }));
    const id = await accepted({}, { Cookie: `utm=${admitad}; admitad_uid=uid-doubt` });
    await settled(id);
    // what each sink had before the crash: at least once, so a request that outlived SINK_TIMEOUT_MS
    // on a busy machine may have come twice already
    const had = async (sink: string) => (await received(sink, id)).length;
    const before = { roistat: await had("roistat"), admitad: await had("admitad"), genezis: await had("genezis") };
    const crashAt = Date.now() - 1000;
    await runInDurableObject(outboxOf(id), (_instance, state) => {
      state.storage.sql.exec(
        "UPDATE deliveries SET status = 'pending', finished_at = NULL, next_attempt_at = ?, in_flight_at = ? WHERE lead_id = ? AND sink IN ('roistat', 'partner', 'genezis')",
        Date.now(),
        crashAt,
        id,
      );
    });
    await outboxOf(id).deliverDue();
    const view = await settled(id);
    const held = view.deliveries.filter((d) => d.sink === "roistat" || d.sink === "partner");
    expect(held.map((d) => d.status)).toEqual(["dead", "dead"]);
    for (const delivery of held) expect(delivery.lastError).toMatch(new RegExp(`^in doubt: .*check it has lead ${id}, and if not, POST /ops/leads/${id}/retry$`));
    expect(held.find((d) => d.sink === "partner")?.lastError).toContain("the partner admitad drops no repeat");
    expect(await had("roistat")).toBe(before.roistat);
    expect(await had("admitad")).toBe(before.admitad);
    // a sink that drops a repeat by its Idempotency-Key gets it again
    expect(await had("genezis")).toBeGreaterThan(before.genezis);
    // ops, having found it missing there, send it again
    const retry = await SELF.fetch(`${origin}/ops/leads/${id}/retry`, { method: "POST", headers: { Authorization: `Bearer ${opsToken}` } });
    expect(retry.status).toBe(200);
    const after = await settled(id);
    expect(after.deliveries.every((d) => d.status === "delivered")).toBe(true);
    expect(await had("roistat")).toBeGreaterThan(before.roistat);
  });

  it("redacts the personal fields once every sink has the lead and the retention has passed", async () => {
    const id = await accepted();
    await settled(id);
    const outbox = outboxOf(id);
    expect((await outbox.get(id))?.name).toBe("Анна");
    await outbox.redactExpired(Date.now() + 31 * 24 * 3600_000);
    const lead = await outbox.get(id);
    expect(lead).toMatchObject({ id, name: null, phone: null, email: null, question: null, blockForAmo: "Психолог-консультант" });
  });

  it("keeps no value a person typed once a lead is redacted, wherever a field may have copied it", async () => {
    const typed = { name: "Ульяна-Всеслава", phone: "+7 (916) 123-98-76", email: "ulyana.vseslava@example.ru", cta: "askQuestion", question: "Сколько длится обучение Ульяны?" };
    const id = await accepted(typed);
    await settled(id);
    const outbox = outboxOf(id);
    await outbox.redactExpired(Date.now() + 366 * 24 * 3600_000);
    const stored = JSON.stringify(await outbox.get(id));
    for (const value of ["Ульяна", "Всеслава", "9161239876", "ulyana", "Сколько длится"]) expect(stored).not.toContain(value);
  });

  it("keeps no identifier of the visitor's browser nor the page they came from once a lead is redacted; the campaign, the area and the consents stay", async () => {
    const cookies = "roistat_visit=rv-818181; _ym_uid=1700000000818181; advcake_track_id=adv-818181; admitad_uid=adm818181; utm=" +
      encodeURIComponent(JSON.stringify({ utm_source: "yandex", utm_campaign: "winter" }));
    const id = await accepted({}, { Cookie: cookies, Referer: "https://yandex.ru/search/?text=%D0%B0%D0%BD%D0%BD%D0%B0+818181", "CF-IPCountry": "KZ" });
    await settled(id);
    const outbox = outboxOf(id);
    const before = await outbox.get(id);
    expect(before).toMatchObject({ roistat_visit: "rv-818181", advcake_track_id: "adv-818181", admitad_uid: "adm818181" });
    expect(before?.referer).toContain("818181");
    await outbox.redactExpired(Date.now() + 31 * 24 * 3600_000);
    const lead = await outbox.get(id);
    expect(JSON.stringify(lead)).not.toContain("818181");
    expect(lead).toMatchObject({ id, area: "KZ", utm: { utm_source: "yandex", utm_campaign: "winter" }, consent: { variant: expect.any(String) } });
  });
});

describe("under load", () => {
  it("stores 100 concurrent leads and delivers each under its own Idempotency-Key", async () => {
    const leads = Array.from({ length: 100 }, () => validLead());
    const answers = await Promise.all(leads.map((lead) => postJson("/api/leads", lead)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const stored = (await Promise.all(allShards().map((shard) => env.LEAD_OUTBOX.get(env.LEAD_OUTBOX.idFromName(shard)).list(undefined, 10_000))))
      .flat()
      .filter((lead) => leads.some((l) => l.id === lead.id));
    expect(stored).toHaveLength(100);
    for (const lead of leads) await settled(lead.id as string, 60_000);
    const all = (await (await fetch(`${fakes}/__received?sink=genezis`)).json()) as { body: { id: string }; headers: Record<string, string> }[];
    // at least once: a delivery that outlives SINK_TIMEOUT_MS on a loaded machine is sent again, and the
    // receiver records it once by its key; the key is the lead's own, never another's
    const keys = new Set<string>();
    for (const lead of leads) {
      const received = all.filter((r) => r.body.id === lead.id);
      expect(received.length).toBeGreaterThanOrEqual(1);
      const leadKeys = new Set(received.map((r) => r.headers["idempotency-key"]));
      expect(leadKeys.size).toBe(1);
      const [key] = leadKeys;
      expect(key).toBeTruthy();
      expect(keys.has(key!)).toBe(false);
      keys.add(key!);
    }
  }, 90_000);
});

describe("the CRM token", () => {
  it("is refreshed exactly once when 50 deliveries find it near expiry", async () => {
    const token = crmToken(env);
    const before = ((await (await fetch(`${fakes}/__received?sink=oauth`)).json()) as unknown[]).length;
    const current = (await token.record())!;
    // the fake's current pair; below 1800 s left
    await token.seed(current.access, current.refresh, Math.floor(Date.now() / 1000) + 600);
    const answers = await Promise.all(Array.from({ length: 50 }, () => token.accessToken()));
    const after = ((await (await fetch(`${fakes}/__received?sink=oauth`)).json()) as unknown[]).length;
    expect(after - before).toBe(1);
    expect(new Set(answers.map((a) => ("token" in a ? a.token : a.error))).size).toBe(1);
    const record = (await token.record())!;
    expect(record.expired_in).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 84_400 - 5);
    expect(record.expired_in).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 84_400);
  });

  it("is refreshed on demand by ops, and never without the ops token", async () => {
    expect((await SELF.fetch(`${origin}/api/amoCRMexchangeToken`, { method: "POST" })).status).toBe(401);
    const token = crmToken(env);
    const before = (await token.record())!;
    const response = await SELF.fetch(`${origin}/api/amoCRMexchangeToken`, { method: "POST", headers: { Authorization: `Bearer ${opsToken}` } });
    expect(response.status).toBe(200);
    const after = (await token.record())!;
    expect(after.refresh).not.toBe(before.refresh);
    expect(after.access).not.toBe(before.access);
  });

  it("uses the refreshed token for the CRM delivery", async () => {
    const id = await accepted();
    const view = await settled(id);
    expect(view.deliveries.find((d) => d.sink === "amocrm")?.status).toBe("delivered");
  });
});

describe("ops", () => {
  it("need the bearer token", async () => {
    expect((await SELF.fetch(`${origin}/ops/leads`)).status).toBe(401);
    expect((await SELF.fetch(`${origin}/ops/leads`, { headers: { Authorization: "Bearer wrong-token-0123456789" } })).status).toBe(401);
  });

  it("list leads by delivery status and refuse an unknown status", async () => {
    const id = await accepted();
    await settled(id);
    const response = await SELF.fetch(`${origin}/ops/leads?status=delivered`, { headers: { Authorization: `Bearer ${opsToken}` } });
    const { leads } = (await response.json()) as { leads: { id: string; deliveries: { status: string }[] }[] };
    expect(leads.find((l) => l.id === id)?.deliveries.every((d) => d.status === "delivered")).toBe(true);
    expect((await SELF.fetch(`${origin}/ops/leads?status=lost`, { headers: { Authorization: `Bearer ${opsToken}` } })).status).toBe(400);
    expect(uniqueId("x")).toBeTruthy();
  });
});
