import { DurableObject } from "cloudflare:workers";
import type { AcceptOutcome, DeliveryStatus, LeadView } from "../../services/leads/outbox";
import { type LeadRecord, readLeadRecord, redacted } from "../../services/leads/record";
import { confirmedSinks, expirySinks, paidSinks, refundSinks, sinkByName, sinksFor } from "../../services/leads/sinks/index.server";
import { type SinkContext, SinkError } from "../../services/leads/sinks/types";
import { retryDelay } from "../../services/leads/retry";
import { log } from "../../services/log";
import { type Config, config } from "../../server/config.server";
import { hasColumn, type Migration, migrate } from "./migrations";
import { crmToken } from "../../server/objects";
import { confirmKey, ticketCode } from "../../server/keys.server";

/** What an order-lead says of its tickets: paid, expired, refunded. */
type OrderTicket = NonNullable<LeadRecord["ticket"]>;

/** The outbox's schema, version by version (migrations.ts). */
export const OUTBOX_MIGRATIONS: readonly Migration[] = [
  (sql) =>
    sql.exec(`
      CREATE TABLE IF NOT EXISTS leads (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        payload TEXT NOT NULL,
        redacted_at INTEGER
      );
      CREATE TABLE IF NOT EXISTS deliveries (
        lead_id TEXT NOT NULL REFERENCES leads(id),
        sink TEXT NOT NULL,
        position INTEGER NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER,
        last_error TEXT,
        detail TEXT,
        finished_at INTEGER,
        PRIMARY KEY (lead_id, sink)
      );
      CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries (status, next_attempt_at);
    `),
  // 2: what the request was, so an id used again for another request is refused (null: stored before, matched by kind)
  (sql) => {
    if (!hasColumn(sql, "leads", "fingerprint")) sql.exec("ALTER TABLE leads ADD COLUMN fingerprint TEXT");
  },
  // 3: when a request to the sink left and its answer has not been written yet: after a crash, the delivery is in doubt
  (sql) => {
    if (!hasColumn(sql, "deliveries", "in_flight_at")) sql.exec("ALTER TABLE deliveries ADD COLUMN in_flight_at INTEGER");
  },
  // 4: leads redacted before redaction also took the browser's identifiers and the referer: redacted again as it is now
  (sql) => {
    for (const { id, payload } of sql.exec<{ id: string; payload: string }>("SELECT id, payload FROM leads WHERE redacted_at IS NOT NULL").toArray()) {
      let lead: LeadRecord;
      try {
        lead = readLeadRecord(payload);
      } catch {
        // a row the schema cannot read is left as it is; its own readers report it
        continue;
      }
      sql.exec("UPDATE leads SET payload = ? WHERE id = ?", JSON.stringify(redacted(lead)), id);
    }
  },
];


/** The time and the settings an outbox runs by. */
export interface OutboxRuntime {
  now(): number;
  settings(): Config;
}

/**
 * One shard of the lead outbox (DESIGN.md). A lead and one delivery row per sink are stored in
 * one SQLite transaction before the visitor hears "accepted"; the alarm delivers, backs off,
 * re-arms itself and never throws, so a failing sink cannot stop the others.
 */
export class LeadOutbox extends DurableObject<Env> {
  private delivering: Promise<void> | null = null;
  /** The real clock and this environment's settings; the outage drill (tests/worker/outbox-outage.test.ts) swaps them to live through a day in seconds. */
  runtime: OutboxRuntime = { now: () => Date.now(), settings: () => config(this.env) };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, OUTBOX_MIGRATIONS);
  }

  /**
   * Stores the lead and its deliveries at once. The same id again with the same fingerprint is
   * the same lead (a retry, a double click); with another fingerprint or another kind it is a
   * conflict and nothing is stored: lead ids and order ids never silently merge.
   */
  async accept(lead: LeadRecord, fingerprint: string): Promise<{ outcome: AcceptOutcome }> {
    const sql = this.ctx.storage.sql;
    const now = this.runtime.now();
    const outcome = this.ctx.storage.transactionSync((): AcceptOutcome => {
      const existing = sql.exec<{ kind: string; fingerprint: string | null }>("SELECT kind, fingerprint FROM leads WHERE id = ?", lead.id).toArray()[0];
      if (existing) return existing.kind === lead.kind && (existing.fingerprint ?? fingerprint) === fingerprint ? "duplicate" : "conflict";
      sql.exec(
        "INSERT INTO leads (id, kind, received_at, payload, fingerprint) VALUES (?, ?, ?, ?, ?)",
        lead.id,
        lead.kind,
        lead.receivedAt,
        JSON.stringify(lead),
        fingerprint,
      );
      sinksFor(lead).forEach((sink, position) => {
        sql.exec(
          "INSERT INTO deliveries (lead_id, sink, position, status, next_attempt_at) VALUES (?, ?, ?, 'pending', ?)",
          lead.id,
          sink.name,
          position,
          now,
        );
      });
      return "accepted";
    });
    if (outcome === "accepted") await this.armAt(now);
    return { outcome };
  }

  /**
   * An order's hold ended unpaid (SeminarTickets, decision 050): the lead records when, and the CRM
   * gets it as an update of the order's own deal (one delivery per update sink, retried as any
   * other). The same expiry told twice is one. False when this shard has no such order.
   */
  orderExpired(id: string, expiredAt: number): Promise<boolean> {
    return this.updateOrder(id, expirySinks, (ticket) => (ticket.expiredAt === undefined ? { expiredAt } : undefined));
  }

  /**
   * An order was paid, or some of its tickets refunded, on the site (decision 085), or a free
   * registration confirmed by its letter's link (decision 093): the lead records it, the CRM gets it
   * as an update of the order's own deal, and a paid or confirmed order's holder their e-ticket.
   * Paid or confirmed told twice is one; a refund of
   * more tickets than told before is a new delivery (its key names the count). False: no such order here.
   */
  orderEvent(id: string, event: { paidAt: number } | { confirmedAt: number } | { refundedTickets: number }): Promise<boolean> {
    if ("paidAt" in event) return this.updateOrder(id, paidSinks, (ticket) => (ticket.paidAt === undefined ? event : undefined));
    if ("confirmedAt" in event) return this.updateOrder(id, confirmedSinks, (ticket) => (ticket.confirmedAt === undefined ? event : undefined));
    return this.updateOrder(id, refundSinks, (ticket) => ((ticket.refundedTickets ?? 0) < event.refundedTickets ? event : undefined));
  }

  /**
   * What the order-lead `id` says of its tickets changes by what `change` returns (undefined: nothing
   * new, told before), and `sinks` get the lead again: each delivery pending anew, as the outbox reads
   * the lead's payload just before it sends (an answer for an older payload leaves the newer pending).
   * False when this shard has no such order.
   */
  private async updateOrder(id: string, sinks: readonly { name: string }[], change: (ticket: OrderTicket) => Partial<OrderTicket> | undefined): Promise<boolean> {
    const sql = this.ctx.storage.sql;
    const now = this.runtime.now();
    const found = this.ctx.storage.transactionSync(() => {
      const row = sql.exec<{ payload: string }>("SELECT payload FROM leads WHERE id = ? AND kind = 'ticket'", id).toArray()[0];
      if (!row) return false;
      const lead = readLeadRecord(row.payload);
      const changed = lead.ticket && change(lead.ticket);
      if (!lead.ticket || !changed) return true;
      sql.exec("UPDATE leads SET payload = ? WHERE id = ?", JSON.stringify({ ...lead, ticket: { ...lead.ticket, ...changed } }), id);
      const position = sql.exec<{ n: number | null }>("SELECT max(position) AS n FROM deliveries WHERE lead_id = ?", id).one().n ?? -1;
      sinks.forEach((sink, i) => {
        sql.exec(
          `INSERT INTO deliveries (lead_id, sink, position, status, next_attempt_at) VALUES (?, ?, ?, 'pending', ?)
           ON CONFLICT (lead_id, sink) DO UPDATE SET status = 'pending', attempts = 0, next_attempt_at = excluded.next_attempt_at, finished_at = NULL, last_error = NULL, in_flight_at = NULL`,
          id,
          sink.name,
          position + 1 + i,
          now,
        );
      });
      return true;
    });
    if (found) await this.armAt(now);
    return found;
  }

  override async alarm(): Promise<void> {
    try {
      await this.deliverDue();
      this.redactExpired();
    } catch (error) {
      log.error("outbox.alarm", { error: String(error) });
    } finally {
      await this.rearm();
    }
  }

  /** Delivers whatever is due now; concurrent callers share one run. */
  deliverDue(): Promise<void> {
    this.delivering ??= this.runDeliveries().finally(() => {
      this.delivering = null;
    });
    return this.delivering;
  }

  private async runDeliveries(): Promise<void> {
    const settings = this.runtime.settings();
    const context: SinkContext = {
      config: settings,
      fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(settings.SINK_TIMEOUT_MS) }),
      crmAccessToken: async () => {
        const answer = await crmToken(this.env).accessToken();
        if ("error" in answer) throw new SinkError(`amocrm token: ${answer.error}`);
        return answer.token;
      },
      ticketCode: (orderId) => ticketCode(this.env, orderId),
      confirmKey: (orderId) => confirmKey(this.env, orderId),
    };
    const sql = this.ctx.storage.sql;
    const due = sql
      .exec<{ lead_id: string; sink: string; attempts: number; in_flight_at: number | null }>(
        `SELECT d.lead_id, d.sink, d.attempts, d.in_flight_at FROM deliveries d JOIN leads l ON l.id = d.lead_id
         WHERE d.status = 'pending' AND (d.next_attempt_at <= ? OR d.in_flight_at IS NOT NULL) ORDER BY l.received_at, d.lead_id, d.position`,
        this.runtime.now(),
      )
      .toArray();
    // one warning per sink and run, not per lead, and only when a lead's failures reach 1, 2, 4, 8…:
    // a day-long outage would otherwise write a line per attempt (docs/reliability.md, drill 3);
    // `attempts` is the most any of those leads has had
    const retrying = new Map<string, { leads: number; attempts: number; error: string; worthSaying: boolean }>();
    for (const row of due) {
      const sink = sinkByName.get(row.sink);
      const attempts = row.attempts + 1;
      // runs of one object never overlap: a request still marked in flight left before a crash (or an eviction)
      const inDoubt = row.in_flight_at !== null;
      if (inDoubt) log.warn("outbox.in_doubt", { lead: row.lead_id, sink: row.sink, since: row.in_flight_at });
      try {
        if (!sink) throw new Error(`unknown sink ${row.sink}`);
        // read again now, not as the run began: a send earlier in this run let an order's event change
        // the lead (a refund of more tickets) or another caller finish this delivery meanwhile
        const current = sql
          .exec<{ payload: string; status: string }>(
            "SELECT l.payload, d.status FROM deliveries d JOIN leads l ON l.id = d.lead_id WHERE d.lead_id = ? AND d.sink = ?",
            row.lead_id,
            row.sink,
          )
          .toArray()[0];
        if (current?.status !== "pending") continue;
        const lead = readLeadRecord(current.payload);
        if (inDoubt && !sink.repeatable(lead)) {
          // the mark was durable before the request left (the output gate), so the request left: a sink that
          // drops no repeat would most likely get the lead twice; it waits for ops, who can see whether it arrived
          const target = row.sink === "partner" ? `the partner ${lead.utm.utm_source?.toLowerCase() ?? ""}`.trim() : row.sink;
          const reason = `in doubt: a request left at ${new Date(row.in_flight_at!).toISOString()} and its answer was lost (a crash or a deploy); ${target} drops no repeat, so it is not sent again: check it has lead ${row.lead_id}, and if not, POST /ops/leads/${row.lead_id}/retry`;
          sql.exec(
            "UPDATE deliveries SET status = 'dead', attempts = ?, last_error = ?, next_attempt_at = NULL, in_flight_at = NULL WHERE lead_id = ? AND sink = ?",
            attempts,
            reason,
            row.lead_id,
            row.sink,
          );
          log.warn("outbox.dead", { lead: row.lead_id, sink: row.sink, attempts, error: reason.slice(0, 200) });
          continue;
        }
        // written before the request leaves (the runtime holds it until this write is durable)
        const flightAt = this.runtime.now();
        sql.exec("UPDATE deliveries SET in_flight_at = ? WHERE lead_id = ? AND sink = ?", flightAt, row.lead_id, row.sink);
        const result = await sink.send(lead, { ...context, inDoubt });
        // an order's event may have queued the delivery again while this request was out (orderEvent
        // clears in_flight_at): then that newer payload is still to be sent, and this answer changes nothing
        sql.exec(
          "UPDATE deliveries SET status = ?, attempts = ?, detail = ?, last_error = NULL, finished_at = ?, next_attempt_at = NULL, in_flight_at = NULL WHERE lead_id = ? AND sink = ? AND in_flight_at = ?",
          result.status,
          attempts,
          result.detail ?? null,
          this.runtime.now(),
          row.lead_id,
          row.sink,
          flightAt,
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const dead = attempts >= settings.OUTBOX_MAX_ATTEMPTS;
        sql.exec(
          "UPDATE deliveries SET status = ?, attempts = ?, last_error = ?, next_attempt_at = ?, in_flight_at = NULL WHERE lead_id = ? AND sink = ?",
          dead ? "dead" : "pending",
          attempts,
          message.slice(0, 500),
          dead ? null : this.runtime.now() + retryDelay(attempts, settings.OUTBOX_RETRY_BASE_MS),
          row.lead_id,
          row.sink,
        );
        if (dead) {
          // the operator must act on this lead (docs/operations.md): named one by one
          log.warn("outbox.dead", { lead: row.lead_id, sink: row.sink, attempts, error: message.slice(0, 200) });
        } else {
          const worthSaying = (attempts & (attempts - 1)) === 0;
          const seen = retrying.get(row.sink);
          if (seen) {
            seen.leads++;
            seen.attempts = Math.max(seen.attempts, attempts);
            seen.worthSaying ||= worthSaying;
          } else retrying.set(row.sink, { leads: 1, attempts, error: message.slice(0, 200), worthSaying });
        }
      }
    }
    for (const [sink, { leads, attempts, error, worthSaying }] of retrying) {
      if (worthSaying) log.warn("outbox.retry", { sink, leads, attempts, error });
    }
  }

  /** Removes the personal fields of leads every sink has had for longer than the retention. */
  redactExpired(now = this.runtime.now()): number {
    const settings = this.runtime.settings();
    const cutoff = now - settings.LEAD_RETENTION_HOURS * 3600_000;
    const sql = this.ctx.storage.sql;
    const done = sql
      .exec<{ id: string; payload: string }>(
        `SELECT id, payload FROM leads l WHERE redacted_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.lead_id = l.id AND (d.status IN ('pending', 'dead') OR d.finished_at > ?))`,
        cutoff,
      )
      .toArray();
    for (const row of done) {
      sql.exec("UPDATE leads SET payload = ?, redacted_at = ? WHERE id = ?", JSON.stringify(redacted(readLeadRecord(row.payload))), now, row.id);
    }
    return done.length;
  }

  private async rearm(): Promise<void> {
    const next = this.ctx.storage.sql
      .exec<{ at: number | null }>("SELECT min(next_attempt_at) AS at FROM deliveries WHERE status = 'pending'")
      .one().at;
    const unredacted = this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM leads WHERE redacted_at IS NULL").one().n;
    const now = this.runtime.now();
    const retentionCheck = unredacted > 0 ? now + 3600_000 : null;
    const at = [next, retentionCheck].filter((t): t is number => t !== null);
    if (at.length > 0) await this.ctx.storage.setAlarm(Math.max(now, Math.min(...at)));
  }

  private async armAt(at: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  /** Leads of this shard for ops, newest first; `status` keeps those with a delivery in it. */
  list(status?: DeliveryStatus, limit = 100): LeadView[] {
    const sql = this.ctx.storage.sql;
    const leads = status
      ? sql
          .exec<{ id: string; kind: string; received_at: number; redacted_at: number | null }>(
            `SELECT id, kind, received_at, redacted_at FROM leads WHERE id IN (SELECT lead_id FROM deliveries WHERE status = ?) ORDER BY received_at DESC LIMIT ?`,
            status,
            limit,
          )
          .toArray()
      : sql
          .exec<{ id: string; kind: string; received_at: number; redacted_at: number | null }>(
            "SELECT id, kind, received_at, redacted_at FROM leads ORDER BY received_at DESC LIMIT ?",
            limit,
          )
          .toArray();
    return leads.map((lead) => ({
      id: lead.id,
      kind: lead.kind,
      receivedAt: lead.received_at,
      redacted: lead.redacted_at !== null,
      deliveries: sql
        .exec<{ sink: string; status: DeliveryStatus; attempts: number; next_attempt_at: number | null; last_error: string | null; detail: string | null }>(
          "SELECT sink, status, attempts, next_attempt_at, last_error, detail FROM deliveries WHERE lead_id = ? ORDER BY position",
          lead.id,
        )
        .toArray()
        .map((d) => ({ sink: d.sink, status: d.status, attempts: d.attempts, nextAttemptAt: d.next_attempt_at, lastError: d.last_error, detail: d.detail })),
    }));
  }

  /** Whether this shard holds the lead (the shard lookup across shard counts). */
  has(id: string): boolean {
    return this.ctx.storage.sql.exec("SELECT 1 FROM leads WHERE id = ?", id).toArray().length > 0;
  }

  /** The stored lead, for ops and tests (personal fields are null once redacted). */
  get(id: string): LeadRecord | null {
    const row = this.ctx.storage.sql.exec<{ payload: string }>("SELECT payload FROM leads WHERE id = ?", id).toArray()[0];
    return row ? readLeadRecord(row.payload) : null;
  }

  /** Sends the lead's dead or waiting deliveries again, now. */
  async retry(id: string): Promise<boolean> {
    const sql = this.ctx.storage.sql;
    const changed = sql.exec(
      "UPDATE deliveries SET status = 'pending', attempts = 0, next_attempt_at = ? WHERE lead_id = ? AND status IN ('dead', 'pending')",
      this.runtime.now(),
      id,
    ).rowsWritten;
    if (changed > 0) await this.armAt(this.runtime.now());
    return changed > 0;
  }
}
