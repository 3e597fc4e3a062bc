/**
 * Every Durable Object's storage moves from the schema of the previous version, with its data, to
 * the current one (src/worker/durable/migrations.ts), and a stored sink name always resolves.
 */
import { env, runInDurableObject, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { allShards } from "../../src/services/leads/outbox";
import { sinkByName } from "../../src/services/leads/sinks/index.server";
import { CRM_TOKEN_MIGRATIONS } from "../../src/worker/durable/CrmToken";
import { OUTBOX_MIGRATIONS } from "../../src/worker/durable/LeadOutbox";
import { migrate, schemaVersion } from "../../src/worker/durable/migrations";
import { PROMO_MIGRATIONS } from "../../src/worker/durable/PromoRegistry";
import { RATE_LIMITER_MIGRATIONS } from "../../src/worker/durable/RateLimiter";
import { TICKETS_MIGRATIONS } from "../../src/worker/durable/SeminarTickets";
import { defaultCatalogue } from "../support/content";
import { GIFT_NOT_CONFIRMED } from "../../src/server/intake/gift";
import { hex } from "../../src/services/digest";
import { hmacKey } from "../../src/services/signing";
import { VISIT_COOKIE, VISIT_MAX_AGE_S } from "../../src/services/visit-evidence";
import { prizes } from "../../src/services/wheel";
import { origin, postJson, seedCrmToken, settled, validLead, visitEvidence } from "./leads-helpers";
import { seedCatalogue } from "./seed";

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("migrations-v1"));
  await seedCrmToken();
});

/** Empties an object's storage and writes the tables and rows of the version before migrations. */
function previousVersion(sql: SqlStorage, statements: string): void {
  for (const { name } of sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'sqlite_%'").toArray()) {
    sql.exec(`DROP TABLE IF EXISTS "${name}"`);
  }
  sql.exec(statements);
}

/** The sinks' names as every version so far has stored them in the outbox's rows (decision 019: stable keys). */
const STORED_SINK_NAMES = ["genezis", "advcake", "partner", "roistat", "amocrm"];

/** The lead outbox as its first schema wrote it: one lead, delivered to each sink named. */
const outboxBeforeMigrations = (sinks: string[]) =>
  `CREATE TABLE leads (id TEXT PRIMARY KEY, kind TEXT NOT NULL, received_at INTEGER NOT NULL, payload TEXT NOT NULL, redacted_at INTEGER);
   CREATE TABLE deliveries (lead_id TEXT NOT NULL REFERENCES leads(id), sink TEXT NOT NULL, position INTEGER NOT NULL, status TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER, last_error TEXT, detail TEXT, finished_at INTEGER, PRIMARY KEY (lead_id, sink));
   INSERT INTO leads VALUES ('old-lead', 'lead', 1, '{"id":"old-lead","kind":"lead","receivedAt":1,"name":"Анна","phone":"+79123456789","utm":{},"roistatAB":"hidden","consent":{"personalData":null,"news":null,"variant":"hidden"}}', NULL);
   ${sinks.map((sink, position) => `INSERT INTO deliveries VALUES ('old-lead', '${sink}', ${position}, 'delivered', 1, NULL, NULL, '200', 1);`).join(" ")}`;

const stubByName = <T extends Rpc.DurableObjectBranded | undefined>(namespace: DurableObjectNamespace<T>, name: string) => namespace.get(namespace.idFromName(name));

describe("storage migrations", () => {
  it("bring the lead outbox from the first schema to the current one, keeping its leads and deliveries", async () => {
    await runInDurableObject(stubByName(env.LEAD_OUTBOX, "migration-drill"), (_, state) => {
      const sql = state.storage.sql;
      previousVersion(sql, outboxBeforeMigrations(["genezis"]));
      expect(schemaVersion(sql)).toBe(0);
      expect(migrate(state.storage, OUTBOX_MIGRATIONS)).toBe(OUTBOX_MIGRATIONS.length);
      expect(schemaVersion(sql)).toBe(OUTBOX_MIGRATIONS.length);
      const row = sql.exec<{ fingerprint: string | null; payload: string }>("SELECT fingerprint, payload FROM leads WHERE id = 'old-lead'").one();
      expect(row.fingerprint).toBeNull();
      expect(JSON.parse(row.payload).name).toBe("Анна");
      expect(sql.exec("SELECT in_flight_at FROM deliveries").one().in_flight_at).toBeNull();
      // running them again changes nothing
      expect(migrate(state.storage, OUTBOX_MIGRATIONS)).toBe(OUTBOX_MIGRATIONS.length);
    });
    // a lead of the previous version is still the same lead: matched by its kind
    const outbox = stubByName(env.LEAD_OUTBOX, "migration-drill");
    expect(await outbox.get("old-lead")).toMatchObject({ name: "Анна", kind: "lead" });
    // stored before the visitor's area was kept (decision 020): read without one
    expect((await outbox.get("old-lead"))?.area).toBeUndefined();
  });

  it("redact again, as redaction is now, the leads redacted before it also took the browser's identifiers", async () => {
    await runInDurableObject(stubByName(env.LEAD_OUTBOX, "redaction-drill"), (_, state) => {
      const sql = state.storage.sql;
      previousVersion(sql, outboxBeforeMigrations(["genezis"]));
      const before = {
        id: "redacted-lead", kind: "lead", receivedAt: 1, name: null, phone: null, email: null, question: null, utm: { utm_source: "vk" }, roistatAB: "hidden",
        roistat_visit: "rv-4242", ymUid: "17000004242", admitad_uid: "adm4242", referer: "https://yandex.ru/search/?text=4242", leadPage: "/programs?yclid=4242",
        consent: { personalData: null, news: null, variant: "hidden" },
      };
      sql.exec("INSERT INTO leads VALUES ('redacted-lead', 'lead', 1, ?, 2)", JSON.stringify(before));
      // a lead not yet redacted keeps everything until its own time comes
      sql.exec("UPDATE leads SET payload = ? WHERE id = 'old-lead'", JSON.stringify({ ...before, id: "old-lead", name: "Анна" }));
      migrate(state.storage, OUTBOX_MIGRATIONS);
      const redactedRow = JSON.parse(sql.exec<{ payload: string }>("SELECT payload FROM leads WHERE id = 'redacted-lead'").one().payload);
      expect(JSON.stringify(redactedRow)).not.toContain("4242");
      expect(redactedRow).toMatchObject({ id: "redacted-lead", utm: { utm_source: "vk" }, leadPage: "/programs" });
      const waiting = JSON.parse(sql.exec<{ payload: string }>("SELECT payload FROM leads WHERE id = 'old-lead'").one().payload);
      expect(waiting).toMatchObject({ name: "Анна", roistat_visit: "rv-4242" });
    });
  });

  it("bring a seminar's tickets from the first schema, its orders counted as handed over", async () => {
    await runInDurableObject(stubByName(env.SEMINAR_TICKETS, "migration-drill"), (_, state) => {
      const sql = state.storage.sql;
      previousVersion(
        sql,
        `CREATE TABLE stock (id INTEGER PRIMARY KEY CHECK (id = 1), tickets_left INTEGER NOT NULL CHECK (tickets_left >= 0));
         CREATE TABLE orders (order_id TEXT PRIMARY KEY, tickets INTEGER NOT NULL CHECK (tickets > 0), created_at INTEGER NOT NULL);
         INSERT INTO stock VALUES (1, 7);
         INSERT INTO orders VALUES ('old-order', 3, 1);`,
      );
      migrate(state.storage, TICKETS_MIGRATIONS);
      const order = sql.exec<{ handed_over_at: number | null; lead: string | null }>("SELECT handed_over_at, lead FROM orders WHERE order_id = 'old-order'").one();
      expect(order).toEqual({ handed_over_at: 1, lead: null });
    });
    const tickets = stubByName(env.SEMINAR_TICKETS, "migration-drill");
    expect(await tickets.ticketsLeft(50)).toBe(7);
    expect(await tickets.waitingOrders()).toBe(0);
    // taken before holds existed (decision 050), it was promised its seats: confirmed, never ended by a hold
    expect(await tickets.orderOf("old-order")).toMatchObject({ tickets: 3, status: "confirmed", holdUntil: null });
    expect(await tickets.counts(50)).toEqual({ left: 7, held: 0 });
  });

  it("keep the promos and the CRM token of an object made before migrations", async () => {
    await runInDurableObject(stubByName(env.PROMO_REGISTRY, "migration-drill"), (_, state) => {
      previousVersion(
        state.storage.sql,
        `CREATE TABLE promos (utm_campaign TEXT PRIMARY KEY, promo_code TEXT NOT NULL, redirect_url TEXT, is_active INTEGER NOT NULL, show_sticky_bottom INTEGER NOT NULL, updated_at INTEGER NOT NULL);
         CREATE TABLE wheel_spins (visitor TEXT PRIMARY KEY, prize INTEGER NOT NULL, spun_at INTEGER NOT NULL);
         CREATE TABLE secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);
         INSERT INTO promos VALUES ('winter', 'ZIMA', NULL, 1, 0, 1);`,
      );
      migrate(state.storage, PROMO_MIGRATIONS);
    });
    expect(await stubByName(env.PROMO_REGISTRY, "migration-drill").find("winter")).toMatchObject({ promo_code: "ZIMA", is_active: true });
    await runInDurableObject(stubByName(env.CRM_TOKEN, "migration-drill"), (_, state) => {
      previousVersion(
        state.storage.sql,
        `CREATE TABLE tokens (title TEXT PRIMARY KEY, access TEXT NOT NULL, refresh TEXT NOT NULL, expired_in INTEGER NOT NULL);
         INSERT INTO tokens VALUES ('amo', 'a', 'r', 99);`,
      );
      migrate(state.storage, CRM_TOKEN_MIGRATIONS);
    });
    expect(await stubByName(env.CRM_TOKEN, "migration-drill").record()).toMatchObject({ access: "a", refresh: "r", expired_in: 99 });
  });

  it("drop the wheel's own key; a token it signed is no longer taken, even for a draw the registry keeps (issue 39)", async () => {
    const secret = "c".repeat(64);
    const legacyToken = async (visitor: string, prize: number) => {
      const key = await hmacKey(new TextEncoder().encode(secret));
      return `${visitor}.${prize}.${hex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${visitor}.${prize}`)))}`;
    };
    const visitor = crypto.randomUUID();
    await runInDurableObject(stubByName(env.PROMO_REGISTRY, "site"), (_, state) => {
      const sql = state.storage.sql;
      previousVersion(
        sql,
        `CREATE TABLE promos (utm_campaign TEXT PRIMARY KEY, promo_code TEXT NOT NULL, redirect_url TEXT, is_active INTEGER NOT NULL, show_sticky_bottom INTEGER NOT NULL, updated_at INTEGER NOT NULL);
         CREATE TABLE wheel_spins (visitor TEXT PRIMARY KEY, prize INTEGER NOT NULL, spun_at INTEGER NOT NULL);
         CREATE TABLE secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);
         INSERT INTO secrets VALUES ('wheel', '${secret}');
         INSERT INTO wheel_spins VALUES ('${visitor}', 1, ${Date.now() - 86_400_000});`,
      );
      migrate(state.storage, PROMO_MIGRATIONS);
      expect(sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'secrets'").toArray()).toEqual([]);
    });
    // no deployment ever issued a token of this form: the gift it names is refused, the lead's form says why
    const refused = await postJson("/api/leads", validLead({ gift: prizes[1]!.giftCode, giftToken: await legacyToken(visitor, 1) }));
    expect(((await refused.json()) as { errors?: Record<string, string> }).errors?.gift).toBe(GIFT_NOT_CONFIRMED);
    // the old cookie names no draw any more (issue 40: a draw is a phone's): a spin draws for the phone given, signed by SIGNING_SECRET
    const spin = await SELF.fetch(`${origin}/api/wheel/spin`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/json", Cookie: `wheel_visitor=${visitor}; ${await visitEvidence()}` },
      body: JSON.stringify({ phone: "+7 (912) 400-00-01" }),
    });
    expect(await spin.json()).toMatchObject({ ok: true, repeated: false, token: expect.stringMatching(/^p[0-9a-f]{32}\.\d\.\d{13}\./) });
  });

  it("take a visit cookie of the form before decision 054 for no visit: the lead is refused, the next page hands out a signed one", async () => {
    const visitKey = "d".repeat(64);
    const at = Date.now() - 120_000;
    const key = await hmacKey(new TextEncoder().encode(visitKey));
    const legacy = `${VISIT_COOKIE}=${at}.${hex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`visit:${at}`)))}`;
    expect((await postJson("/api/leads", validLead(), { Cookie: legacy }, { visited: false })).status).toBe(400);
    const page = await SELF.fetch(`${origin}/contacts`, { headers: { Cookie: legacy } });
    await page.text();
    const renewed = page.headers.getSetCookie().find((line) => line.startsWith(`${VISIT_COOKIE}=`));
    // a new visit, begun now: not the old cookie's time
    expect(decodeURIComponent(renewed?.split(";")[0] ?? "")).toMatch(new RegExp(`^${VISIT_COOKIE}=\\d{13}\\.[0-9a-f]{32}\\.`));
    expect(decodeURIComponent(renewed ?? "")).not.toContain(`${VISIT_COOKIE}=${at}.`);
    expect(Number(/Max-Age=(\d+)/.exec(renewed ?? "")?.[1])).toBe(VISIT_MAX_AGE_S);
  });

  it("give the rate limiter, whose budgets were kept in memory, its table of spending", async () => {
    const stub = stubByName(env.RATE_LIMITER, "migration-drill");
    await runInDurableObject(stub, (_, state) => {
      previousVersion(state.storage.sql, "SELECT 1");
      expect(schemaVersion(state.storage.sql)).toBe(0);
      expect(migrate(state.storage, RATE_LIMITER_MIGRATIONS)).toBe(RATE_LIMITER_MIGRATIONS.length);
      expect(migrate(state.storage, RATE_LIMITER_MIGRATIONS)).toBe(RATE_LIMITER_MIGRATIONS.length);
    });
    const budget = { name: "seats", limit: 2, windowMs: 3600_000, cost: 2 };
    expect(await stub.take([budget])).toMatchObject({ ok: true });
    expect(await stub.take([budget])).toEqual({ ok: false, budget: "seats" });
  });

  it("refuse storage newer than the code, rather than guess", async () => {
    await runInDurableObject(stubByName(env.CRM_TOKEN, "newer-drill"), (_, state) => {
      state.storage.sql.exec("UPDATE schema_version SET version = 99");
      expect(() => migrate(state.storage, CRM_TOKEN_MIGRATIONS)).toThrow(/newer than this code/);
      state.storage.sql.exec("UPDATE schema_version SET version = ?", CRM_TOKEN_MIGRATIONS.length);
    });
  });
});

describe("the sinks' stored names", () => {
  it("resolve, every one the outbox holds: rows the first schema wrote, migrated, and a lead taken now", async () => {
    await runInDurableObject(stubByName(env.LEAD_OUTBOX, "sink-names-drill"), (_, state) => {
      previousVersion(state.storage.sql, outboxBeforeMigrations(STORED_SINK_NAMES));
      migrate(state.storage, OUTBOX_MIGRATIONS);
    });
    const lead = validLead();
    expect((await postJson("/api/leads", lead, { Cookie: `utm=${encodeURIComponent(JSON.stringify({ utm_source: "sravni" }))}` })).status).toBe(200);
    const view = await settled(lead.id);
    const names = new Set<string>();
    // every name the shards hold resolves: other files' leads and orders share them (isolate: false), with sinks of their own
    for (const shard of [...allShards(), "sink-names-drill"]) {
      await runInDurableObject(stubByName(env.LEAD_OUTBOX, shard), (_, state) => {
        for (const { sink } of state.storage.sql.exec<{ sink: string }>("SELECT DISTINCT sink FROM deliveries").toArray()) names.add(sink);
      });
    }
    for (const name of names) expect(sinkByName.get(name)?.name, name).toBe(name);
    // and this lead's rows, stored now, are named as every version before stored them: a new name is a new entry in the list
    const stored = view.deliveries.map((delivery) => delivery.sink);
    expect(stored.length).toBeGreaterThan(0);
    expect(STORED_SINK_NAMES).toEqual(expect.arrayContaining(stored));
    expect(await stubByName(env.LEAD_OUTBOX, "sink-names-drill").get("old-lead")).toMatchObject({ kind: "lead" });
  });
});
