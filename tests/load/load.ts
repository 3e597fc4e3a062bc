/**
 * `npm run load`: failure drill 4 (docs/reliability.md). Many visitors at once against the local
 * runtime (`wrangler dev`, production build, default content): pages, search, leads with fresh ids
 * and ticket orders for one seminar with a limited count. It prints throughput and latency, then
 * checks what must hold under load, and exits non-zero on any violation:
 *  - no socket errors or timeouts, no 5xx, no answer other than the expected ones;
 *  - no lost lead: every lead (and ticket order) answered 200 is in the outbox (read through ops),
 *    and once delivered, the fake CRM webhook has each exactly once;
 *  - no oversold seminar: tickets sold never exceed the count, and the live count is what is left.
 * LOAD_SECONDS (60), LOAD_CONNECTIONS (100), LOAD_PORT (8797), LOAD_TICKETS (400) change the run.
 */
import { execFileSync } from "node:child_process";
import { cpSync, rmSync, symlinkSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { buildAll } from "../../scripts/build";
import { type DevServer, root, startDevServer } from "../../scripts/lib/wrangler";
import { type FakeThirdParties, startFakeThirdParties } from "../support/fake-third-parties";

export interface LoadOptions {
  /** how long the load runs, unless `rounds` is given */
  seconds: number;
  /**
   * a run by work instead of time: each connection goes round the sequence this many times, however
   * long that takes (`npm test`'s short drill: what it checks does not depend on the machine's speed)
   */
  rounds?: number;
  connections: number;
  port: number;
  /** the seminar's ticket count at the start */
  tickets: number;
}

type Kind = "page" | "search" | "lead" | "ticket";

export interface LoadReport {
  options: LoadOptions;
  requests: number;
  throughput: number;
  latency: { p50: number; p99: number; max: number };
  /** `unanswered`: sent, but the run ended (or the connection closed) before the answer came */
  byKind: Record<Kind, { requests: number; unanswered: number; statuses: Record<string, number>; p99: number }>;
  errors: number;
  timeouts: number;
  leadsAccepted: number;
  leadsInOutbox: number;
  leadsDelivered: number;
  drainSeconds: number;
  /** `sold`: tickets confirmed to buyers (200); `left`: the seminar's live count after the run */
  tickets: { seminar: string; count: number; sold: number; left: number; orders: number; soldOut: number };
  violations: string[];
}

export const OPS_TOKEN = "ops-token-for-load-0123456789";
const PAGES = ["/", "/programs", "/seminars", "/professions", "/teachers", "/reviews", "/journal", "/contacts", "/webinars", "/bachelor"];
const QUERIES = ["психолог", "консультант", "gcb[jkju", "семинар", "арт-терапия", "психосоматика", "коуч", "детская психология"];
/** answers each kind may give; anything else is a violation (a sold-out seminar answers 409) */
const EXPECTED: Record<Kind, number[]> = { page: [200], search: [200], lead: [200], ticket: [200, 409] };
/** how long the outbox may take to deliver everything after the run */
const DRAIN_TIMEOUT_MS = 180_000;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function ops<T>(base: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${OPS_TOKEN}`, "Content-Type": "application/json", Origin: base, ...init.headers },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The seminar the run sells: the first one still ahead, its count set by ops. */
async function prepareSeminar(base: string, count: number): Promise<string> {
  const seminars = await ops<{ id: string; targetDate: string }[]>(base, "/ops/seminars");
  const seminar = seminars.find((s) => Date.parse(s.targetDate) > Date.now() + 3600_000);
  if (!seminar) throw new Error("no future seminar in the content");
  await ops(base, `/ops/seminars/${seminar.id}/tickets`, { method: "PUT", body: JSON.stringify({ tickets_quantity: count }) });
  return seminar.id;
}

async function outboxIds(base: string, status?: string): Promise<string[]> {
  const query = `limit=100000${status ? `&status=${status}` : ""}`;
  const { leads } = await ops<{ leads: { id: string }[] }>(base, `/ops/leads?${query}`);
  return leads.map((lead) => lead.id);
}

/**
 * A copy of the site as it is now (code, static files, wrangler.toml): `wrangler dev` reloads the
 * Worker whenever a watched file changes, and a reload mid-run resets every Durable Object, which is
 * a deploy drill, not this one. Inside the project, so node_modules resolve; no .dev.vars is copied.
 */
export function snapshotOfTheSite(port: number): string {
  const dir = resolve(root, `.wrangler/load-site-${port}`);
  rmSync(dir, { recursive: true, force: true });
  for (const entry of ["src", "build", "public", "wrangler.toml", "tsconfig.json", "package.json"]) {
    cpSync(resolve(root, entry), resolve(dir, entry), { recursive: true, filter: (path) => !path.includes("/public/__bench") });
  }
  // the packages where the site has them: a path into them (the Worker's react-dom/server, decision 014) resolves in the copy too
  symlinkSync(resolve(root, "node_modules"), resolve(dir, "node_modules"), "dir");
  return resolve(dir, "wrangler.toml");
}

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const persistTo = resolve(root, `.wrangler/load-state-${options.port}`);
  rmSync(persistTo, { recursive: true, force: true });
  const config = snapshotOfTheSite(options.port);
  execFileSync(process.execPath, [resolve(root, "node_modules/tsx/dist/cli.mjs"), "scripts/content.ts", "push", "--persist-to", persistTo], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  let fakes: FakeThirdParties | undefined;
  let server: DevServer | undefined;
  try {
    // one sink (the CRM webhook) at a local fake, so the outbox delivers while the site is under load
    fakes = await startFakeThirdParties(0);
    // the guards a load from one address would trip are off; each buyer has a phone number of their own
    // the forms' proof of work off: the load posts as a script would, and measures the site, not the check (decision 092)
    const vars = { OPS_TOKEN, CAPTCHA_PROVIDER: "off", LEAD_RATE_LIMIT: "0", TICKET_RATE_LIMIT: "0", TICKETS_PER_GROUP: "0", LEAD_MIN_FILL_MS: "0", CRM_WEBHOOK_URL: `${fakes.url}/genezis`, SITE_URL: `http://127.0.0.1:${options.port}` };
    server = await startDevServer({ port: options.port, persistTo, vars, config, quiet: !process.env.LOAD_LOGS });
    return await drive(server.url, fakes.url, options);
  } finally {
    await server?.stop();
    await fakes?.close();
  }
}

async function drive(base: string, fakesUrl: string, options: LoadOptions): Promise<LoadReport> {
  const seminar = await prepareSeminar(base, options.tickets);
  const latencies: Record<Kind, number[]> = { page: [], search: [], lead: [], ticket: [] };
  const statuses: Record<Kind, Record<string, number>> = { page: {}, search: {}, lead: {}, ticket: {} };
  const sent: Record<Kind, number> = { page: 0, search: 0, lead: 0, ticket: 0 };
  const accepted = new Set<string>();
  const ticketOrders = { sold: 0, orders: 0, soldOut: 0 };
  let n = 0;
  const fresh = (label: string) => `${label}-${process.pid.toString(36)}-${(n++).toString(36)}`;
  /** a Russian mobile number of its own for every buyer (seats per phone are limited) */
  const phone = () => `+7 (916) ${String(1_000_000 + (n++ % 9_000_000)).slice(1, 4)}-${String(n % 100).padStart(2, "0")}-${String(Math.floor(n / 100) % 100).padStart(2, "0")}`;
  const json = { "content-type": "application/json", origin: base };

  type Context = { startedAt?: number; order?: { id: string; tickets: number } };
  const request = (kind: Kind, setup: (request: autocannon.Request, context: Context) => autocannon.Request): autocannon.Request => ({
    method: kind === "lead" || kind === "ticket" ? "POST" : "GET",
    setupRequest: (req: autocannon.Request, context: object) => {
      (context as Context).startedAt = performance.now();
      sent[kind]++;
      return setup(req, context as Context);
    },
    onResponse: (status: number, body: string, context: object) => {
      const ctx = context as Context;
      latencies[kind].push(performance.now() - (ctx.startedAt ?? performance.now()));
      statuses[kind][status] = (statuses[kind][status] ?? 0) + 1;
      if (kind === "lead" && status === 200) accepted.add((JSON.parse(body) as { id: string }).id);
      if (kind === "ticket" && ctx.order) {
        ticketOrders.orders++;
        if (status === 200) {
          ticketOrders.sold += ctx.order.tickets;
          accepted.add(ctx.order.id);
        }
        if (status === 409) ticketOrders.soldOut++;
      }
    },
  });

  // each connection goes round this sequence: mostly pages and search, a lead and a ticket order per round
  const page = () => request("page", (req) => ({ ...req, path: PAGES[n++ % PAGES.length] }));
  const search = () => request("search", (req) => ({ ...req, path: `/api/search?q=${encodeURIComponent(QUERIES[n++ % QUERIES.length]!)}` }));
  const lead = request("lead", (req) => ({
    ...req,
    path: "/api/leads",
    headers: json,
    body: JSON.stringify({ id: fresh("load"), name: "Нагрузка", phone: "+7 (900) 000-00-00", cta: "consultMe" }),
  }));
  const ticket = request("ticket", (req, context) => {
    context.order = { id: fresh("ticket"), tickets: 1 + (n % 3) };
    return {
      ...req,
      path: "/api/tickets",
      headers: json,
      body: JSON.stringify({ id: context.order.id, name: "Нагрузка", phone: phone(), email: "load@example.ru", seminar_id: seminar, tickets: context.order.tickets }),
    };
  });

  const sequence = [page(), search(), page(), lead, page(), search(), page(), ticket];
  const result = await autocannon({
    url: base,
    connections: options.connections,
    // by work: a request may take long on a busy machine (the limit bounds a hang, it is no speed check)
    ...(options.rounds ? { amount: options.rounds * options.connections * sequence.length, timeout: 60 } : { duration: options.seconds }),
    requests: sequence,
  });

  // what the site holds now: every accepted lead in the outbox, then delivered once
  await new Promise((r) => setTimeout(r, 2000)); // requests cut off by the end of the run finish on the server
  const inOutbox = new Set(await outboxIds(base));
  const drainStart = Date.now();
  while ((await outboxIds(base, "pending")).length > 0 && Date.now() - drainStart < DRAIN_TIMEOUT_MS) {
    await new Promise((r) => setTimeout(r, 1000));
  }
  const drainSeconds = (Date.now() - drainStart) / 1000;
  const receipts = (await (await fetch(`${fakesUrl}/__received?sink=genezis`)).json()) as { at: number; body: { id: string } }[];
  const deliveries = new Map<string, number>();
  for (const receipt of receipts) deliveries.set(receipt.body.id, (deliveries.get(receipt.body.id) ?? 0) + 1);
  const seminars = await ops<{ id: string; tickets_quantity: number }[]>(base, "/ops/seminars");
  const left = seminars.find((s) => s.id === seminar)?.tickets_quantity ?? -1;

  const violations: string[] = [];
  if (result.errors > 0 || result.timeouts > 0) violations.push(`${result.errors} socket errors, ${result.timeouts} timeouts`);
  for (const kind of Object.keys(statuses) as Kind[]) {
    for (const [status, count] of Object.entries(statuses[kind])) {
      if (Number(status) >= 500) violations.push(`${count} × ${status} on ${kind}`);
      else if (!EXPECTED[kind].includes(Number(status))) violations.push(`${count} × unexpected ${status} on ${kind}`);
    }
  }
  const lost = [...accepted].filter((id) => !inOutbox.has(id));
  if (lost.length > 0) violations.push(`${lost.length} accepted leads not in the outbox, e.g. ${lost.slice(0, 3).join(", ")}`);
  const undelivered = [...accepted].filter((id) => deliveries.get(id) !== 1);
  if (undelivered.length > 0) {
    const { leads } = await ops<{ leads: { id: string; deliveries: unknown[] }[] }>(base, "/ops/leads?limit=100000");
    const example = leads.find((l) => l.id === undelivered[0]);
    violations.push(
      `${undelivered.length} accepted leads not delivered exactly once, e.g. ${undelivered
        .slice(0, 3)
        .map((id) => `${id}×${deliveries.get(id) ?? 0}`)
        .join(", ")}; the outbox says ${JSON.stringify(example)}; the sink got it at ${receipts
        .filter((r) => r.body.id === undelivered[0])
        .map((r) => new Date(r.at).toISOString())
        .join(", ")}`,
    );
  }
  // the seminar's own count: what it sold, against what buyers were told (orders cut off by the end
  // of the run were taken without their answer being read: up to 3 tickets each)
  const taken = options.tickets - left;
  if (left < 0 || taken > options.tickets) violations.push(`oversold: ${taken} tickets taken of ${options.tickets}`);
  if (ticketOrders.sold > taken) violations.push(`buyers were sold ${ticketOrders.sold} tickets, the seminar took only ${taken}`);
  if (taken - ticketOrders.sold > 3 * (sent.ticket - ticketOrders.orders)) {
    violations.push(`${taken - ticketOrders.sold} tickets taken for orders nobody was told about (${sent.ticket - ticketOrders.orders} unanswered)`);
  }
  if (accepted.size === 0) violations.push("no lead was accepted at all");

  const byKind = Object.fromEntries(
    (Object.keys(latencies) as Kind[]).map((kind) => {
      const sorted = latencies[kind].sort((a, b) => a - b);
      return [kind, { requests: sorted.length, unanswered: sent[kind] - sorted.length, statuses: statuses[kind], p99: Math.round(percentile(sorted, 99)) }];
    }),
  ) as LoadReport["byKind"];
  return {
    options,
    requests: result.requests.total,
    throughput: Math.round(result.requests.average),
    latency: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    byKind,
    errors: result.errors,
    timeouts: result.timeouts,
    leadsAccepted: accepted.size,
    leadsInOutbox: [...accepted].filter((id) => inOutbox.has(id)).length,
    leadsDelivered: [...accepted].filter((id) => deliveries.get(id) === 1).length,
    drainSeconds: Math.round(drainSeconds),
    tickets: { seminar, count: options.tickets, sold: ticketOrders.sold, left, orders: ticketOrders.orders, soldOut: ticketOrders.soldOut },
    violations,
  };
}

export function printReport(report: LoadReport): void {
  const { options: o } = report;
  const length = o.rounds ? `${o.rounds} rounds of the sequence each` : `for ${o.seconds} s`;
  console.log(`\nLoad drill: ${o.connections} connections ${length}, ${process.platform} ${process.arch}, Node ${process.version}`);
  console.log(`requests ${report.requests}, ${report.throughput} req/s, latency p50 ${report.latency.p50} ms, p99 ${report.latency.p99} ms, max ${report.latency.max} ms`);
  console.log("kind      requests   p99 ms   unanswered   answers");
  for (const [kind, figures] of Object.entries(report.byKind)) {
    console.log(
      `${kind.padEnd(8)} ${String(figures.requests).padStart(9)} ${String(figures.p99).padStart(8)} ${String(figures.unanswered).padStart(12)}   ${JSON.stringify(figures.statuses)}`,
    );
  }
  console.log(`errors ${report.errors}, timeouts ${report.timeouts}`);
  console.log(`leads accepted ${report.leadsAccepted}, in the outbox ${report.leadsInOutbox}, delivered once ${report.leadsDelivered} (drained ${report.drainSeconds} s after the run)`);
  const t = report.tickets;
  console.log(`tickets of ${t.seminar}: ${t.count} at the start, ${t.sold} sold in ${t.orders} orders (${t.soldOut} refused as sold out), ${t.left} left`);
  console.log(report.violations.length === 0 ? "no violations" : `VIOLATIONS:\n - ${report.violations.join("\n - ")}`);
}

export function optionsFromEnv(defaults: Partial<LoadOptions> = {}): LoadOptions {
  const number = (name: string, fallback: number) => {
    const value = Number(process.env[name] ?? fallback);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
    return value;
  };
  return {
    seconds: number("LOAD_SECONDS", defaults.seconds ?? 60),
    connections: number("LOAD_CONNECTIONS", defaults.connections ?? 100),
    port: number("LOAD_PORT", defaults.port ?? 8797),
    tickets: number("LOAD_TICKETS", defaults.tickets ?? 400),
  };
}

async function main() {
  await buildAll();
  const report = await runLoad(optionsFromEnv());
  printReport(report);
  process.exitCode = report.violations.length === 0 ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
