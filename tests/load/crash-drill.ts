/**
 * `npm run drill:crash`: failure drill 5 (docs/reliability.md). Leads and ticket orders arrive
 * while the sinks answer slowly; in the middle, the runtime is killed with SIGKILL (wrangler and
 * workerd at once, as a crash of the machine would) and started again on the same state. Visitors
 * whose answer was lost send again with the same id, as the forms do after «попробуйте ещё раз».
 * Then the drill waits for the outbox to drain and reports, per sink: acknowledged (answered 200),
 * stored (in the outbox), delivered (the fake has it), duplicated (the fake got it more than once),
 * held (in doubt after the crash at a sink that drops no repeat: not sent again, waiting for ops),
 * lost (acknowledged, neither delivered nor held). Bounded, on 127.0.0.1 only. Exits non-zero if
 * a lead is lost, a sink that drops no repeat got one, or an order is not where its seats are.
 * DRILL_LEADS (300), DRILL_CONCURRENCY (24), DRILL_LATENCY_MS (60), DRILL_PORT (8799), DRILL_RUNS (1).
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildAll } from "../../scripts/build";
import { type DevServer, root, startDevServer } from "../../scripts/lib/wrangler";
import { fakeSinkEnv, type Receipt, startFakeThirdParties } from "../support/fake-third-parties";
import { OPS_TOKEN, ops, snapshotOfTheSite } from "./load";

type Sink = "genezis" | "advcake" | "admitad" | "roistat" | "amocrm";
const SINKS: Sink[] = ["genezis", "advcake", "admitad", "roistat", "amocrm"];
/** Whether the sink itself drops a repeated request (by the Idempotency-Key the outbox sends), and what the outbox does instead. */
const DEDUPLICATES: Record<Sink, string> = {
  genezis: "yes, by Idempotency-Key (the webhook's contract)",
  advcake: "yes, by Idempotency-Key",
  admitad: "no (a GET postback): a lead in doubt waits for ops",
  roistat: "no (a GET with the lead in its query): a lead in doubt waits for ops",
  amocrm: "no; the outbox looks a lead in doubt up by its id first",
};
/** Sinks that drop no repeat: the outbox never sends them a lead in doubt again. */
const NO_REPEAT: Sink[] = ["admitad", "roistat"];
/** The outbox's name of each sink's deliveries (the partner sink sends Admitad's postback). */
const DELIVERY: Record<Sink, string> = { genezis: "genezis", advcake: "advcake", admitad: "partner", roistat: "roistat", amocrm: "amocrm" };

/** The lead id a sink's request carries. */
function idOf(receipt: Receipt): string | undefined {
  if (receipt.sink === "admitad") return receipt.query.order_id;
  if (receipt.sink === "roistat") return receipt.query["fields[lead_id]"];
  if (receipt.sink === "amocrm") return (receipt.body as { request_id?: string }[] | undefined)?.[0]?.request_id;
  return (receipt.body as { id?: string } | undefined)?.id;
}

interface Sent {
  id: string;
  kind: "lead" | "ticket";
  partner: boolean;
  acknowledged: boolean;
  attempts: number;
}

export interface SinkFigures {
  sink: Sink;
  acknowledged: number;
  stored: number;
  delivered: number;
  duplicated: number;
  held: number;
  lost: number;
  deduplicates: string;
}

export interface CrashReport {
  leads: number;
  killedAfter: number;
  retried: number;
  drainSeconds: number;
  sinks: SinkFigures[];
  tickets: { sold: number; taken: number; waiting: number };
  violations: string[];
}

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
};

export async function runCrashDrill(options = { leads: 300, concurrency: 24, latencyMs: 60, port: 8799 }): Promise<CrashReport> {
  const persistTo = resolve(root, `.wrangler/crash-state-${options.port}`);
  rmSync(persistTo, { recursive: true, force: true });
  const config = snapshotOfTheSite(options.port);
  execFileSync(process.execPath, [resolve(root, "node_modules/tsx/dist/cli.mjs"), "scripts/content.ts", "push", "--persist-to", persistTo], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const fakes = await startFakeThirdParties(0);
  const base = `http://127.0.0.1:${options.port}`;
  const vars = {
    ...fakeSinkEnv(fakes.url),
    OPS_TOKEN,
    SITE_URL: base,
    // the forms' proof of work off: the drill posts as a script would, and counts what a crash loses (decision 092)
    CAPTCHA_PROVIDER: "off",
    LEAD_RATE_LIMIT: "0",
    TICKET_RATE_LIMIT: "0", TICKETS_PER_GROUP: "0",
    LEAD_MIN_FILL_MS: "0",
    OUTBOX_RETRY_BASE_MS: "500",
    SINK_TIMEOUT_MS: "5000",
  };
  const start = () => startDevServer({ port: options.port, persistTo, vars, config, quiet: !process.env.DRILL_LOGS });
  let server: DevServer | undefined;
  const errors: string[] = [];
  try {
    await fetch(`${fakes.url}/__latency`, { method: "POST", body: JSON.stringify({ ms: options.latencyMs }) });
    server = await start();
    await ops(base, "/ops/crm/token", { method: "PUT", body: JSON.stringify({ access: "access-0", refresh: "refresh-0", expired_in: Math.floor(Date.now() / 1000) + 86_400 }) });
    const seminars = await ops<{ id: string; targetDate: string }[]>(base, "/ops/seminars");
    const seminar = seminars.find((s) => Date.parse(s.targetDate) > Date.now() + 3600_000)!.id;
    await ops(base, `/ops/seminars/${seminar}/tickets`, { method: "PUT", body: JSON.stringify({ tickets_quantity: 100_000 }) });

    const run = process.pid.toString(36);
    const sent: Sent[] = Array.from({ length: options.leads }, (_, i) => ({
      id: `crash-${run}-${i}`,
      kind: i % 5 === 4 ? "ticket" : "lead",
      partner: i % 3 === 0,
      acknowledged: false,
      attempts: 0,
    }));
    const phone = (i: number) => `+7 (916) ${String(i % 1000).padStart(3, "0")}-${String(Math.floor(i / 1000) % 100).padStart(2, "0")}-45`;
    const send = async (lead: Sent, i: number) => {
      lead.attempts++;
      const cookie: Record<string, string> = lead.partner ? { Cookie: `utm=${encodeURIComponent(JSON.stringify({ utm_source: "admitad" }))}; admitad_uid=uid-${i}` } : {};
      const body =
        lead.kind === "ticket"
          ? { id: lead.id, name: "Сбой", phone: phone(i), email: "drill@example.ru", seminar_id: seminar, tickets: 1 }
          : { id: lead.id, name: "Сбой", phone: phone(i), cta: "consultMe" };
      try {
        const response = await fetch(`${base}/api/${lead.kind === "ticket" ? "tickets" : "leads"}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: base, ...cookie },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(20_000),
        });
        await response.text();
        if (response.status === 200) lead.acknowledged = true;
      } catch {
        // the connection died with the runtime: the visitor sends again
      }
    };

    // half the visitors, then the crash while the other half are on their way
    let next = 0;
    let crashed = false;
    const killAfter = Math.floor(options.leads / 2);
    const worker = async () => {
      for (;;) {
        const i = next++;
        if (i >= options.leads) return;
        if (i === killAfter && !crashed) {
          crashed = true;
          // the outbox is busy with the first half: requests to the sinks are in flight
          await server!.crash();
        }
        await send(sent[i]!, i);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    if (!crashed) await server.crash();
    server = await start();
    // every visitor without an answer sends again with the same id, until the site answers
    let retried = 0;
    for (let round = 0; round < 10; round++) {
      const unanswered = sent.map((lead, i) => ({ lead, i })).filter(({ lead }) => !lead.acknowledged);
      if (unanswered.length === 0) break;
      retried += unanswered.length;
      for (let k = 0; k < unanswered.length; k += options.concurrency) {
        await Promise.all(unanswered.slice(k, k + options.concurrency).map(({ lead, i }) => send(lead, i)));
      }
    }

    // drained: nothing pending in the outbox and every order's lead handed over
    const drainStart = Date.now();
    let pending = -1;
    while (Date.now() - drainStart < 180_000) {
      const { leads } = await ops<{ leads: { id: string }[] }>(base, "/ops/leads?status=pending&limit=100000");
      pending = leads.length;
      if (pending === 0) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    if (pending !== 0) errors.push(`${pending} leads still pending 180 s after the restart`);
    const drainSeconds = Math.round((Date.now() - drainStart) / 1000);

    const { leads: stored } = await ops<{ leads: { id: string; deliveries: { sink: string; status: string; lastError: string | null }[] }[] }>(base, "/ops/leads?limit=100000");
    const storedIds = new Set(stored.map((lead) => lead.id));
    const inDoubt = new Set(
      stored.flatMap((lead) => lead.deliveries.filter((d) => d.status === "dead" && d.lastError?.startsWith("in doubt:")).map((d) => `${d.sink}:${lead.id}`)),
    );
    const receipts = (await (await fetch(`${fakes.url}/__received`)).json()) as Receipt[];
    const counts = new Map<string, number>();
    for (const receipt of receipts) {
      const id = idOf(receipt);
      if (id) counts.set(`${receipt.sink}:${id}`, (counts.get(`${receipt.sink}:${id}`) ?? 0) + 1);
    }
    const applies = (sink: Sink, lead: Sent) => sink !== "admitad" || lead.partner;
    const sinks = SINKS.map((sink): SinkFigures => {
      const acknowledged = sent.filter((lead) => lead.acknowledged && applies(sink, lead));
      const received = (lead: Sent) => counts.get(`${sink}:${lead.id}`) ?? 0;
      const held = (lead: Sent) => inDoubt.has(`${DELIVERY[sink]}:${lead.id}`);
      return {
        sink,
        acknowledged: acknowledged.length,
        stored: acknowledged.filter((lead) => storedIds.has(lead.id)).length,
        delivered: acknowledged.filter((lead) => received(lead) >= 1).length,
        duplicated: acknowledged.filter((lead) => received(lead) > 1).length,
        held: acknowledged.filter(held).length,
        lost: acknowledged.filter((lead) => received(lead) === 0 && !held(lead)).length,
        deduplicates: DEDUPLICATES[sink],
      };
    });
    for (const figures of sinks) {
      if (figures.lost > 0) errors.push(`${figures.sink}: ${figures.lost} acknowledged leads never delivered`);
      if (NO_REPEAT.includes(figures.sink) && figures.duplicated > 0) errors.push(`${figures.sink}: ${figures.duplicated} leads sent twice to a sink that drops no repeat`);
    }
    const unacknowledged = sent.filter((lead) => !lead.acknowledged).length;
    if (unacknowledged > 0) errors.push(`${unacknowledged} visitors never got an answer`);

    const tickets = sent.filter((lead) => lead.kind === "ticket");
    const left = (await ops<{ id: string; tickets_quantity: number }[]>(base, "/ops/seminars")).find((s) => s.id === seminar)!.tickets_quantity;
    const taken = 100_000 - left;
    const sold = tickets.filter((lead) => lead.acknowledged).length;
    const waiting = tickets.filter((lead) => lead.acknowledged && !storedIds.has(lead.id)).length;
    if (taken !== sold) errors.push(`${taken} seats taken for ${sold} orders answered 200`);
    if (waiting > 0) errors.push(`${waiting} orders answered 200 are not in the outbox`);

    return {
      leads: options.leads,
      killedAfter: killAfter,
      retried,
      drainSeconds,
      sinks,
      tickets: { sold, taken, waiting },
      violations: errors,
    };
  } finally {
    await server?.stop();
    await fakes.close();
  }
}

export function printCrashReport(report: CrashReport): void {
  console.log(`\nCrash drill: ${report.leads} leads and orders, kill -9 after ${report.killedAfter}, ${report.retried} sent again after the restart; drained ${report.drainSeconds} s after it`);
  console.log("sink       acknowledged  stored  delivered  duplicated  held  lost   deduplicates");
  for (const s of report.sinks) {
    console.log(
      `${s.sink.padEnd(10)} ${String(s.acknowledged).padStart(12)} ${String(s.stored).padStart(7)} ${String(s.delivered).padStart(10)} ${String(s.duplicated).padStart(11)} ${String(s.held).padStart(5)} ${String(s.lost).padStart(5)}   ${s.deduplicates}`,
    );
  }
  console.log(`orders: ${report.tickets.sold} answered 200, ${report.tickets.taken} seats taken, ${report.tickets.waiting} not in the outbox`);
  console.log(report.violations.length === 0 ? "no violations" : `VIOLATIONS:\n - ${report.violations.join("\n - ")}`);
}

async function main() {
  await buildAll();
  const options = {
    leads: number("DRILL_LEADS", 300),
    concurrency: number("DRILL_CONCURRENCY", 24),
    latencyMs: number("DRILL_LATENCY_MS", 60),
    port: number("DRILL_PORT", 8799),
  };
  let failed = false;
  for (let run = 0; run < number("DRILL_RUNS", 1); run++) {
    const report = await runCrashDrill(options);
    printCrashReport(report);
    failed ||= report.violations.length > 0;
  }
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
