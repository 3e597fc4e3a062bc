/**
 * What the site costs to run (issue 29 point 6), for `npm run bench -- costs`: per page view, per
 * lead and per ticket order, the Worker invocations, KV reads, writes and lists, Durable Object
 * requests (and the rows their SQLite storage reads and writes) and the CPU milliseconds, from the
 * local runtime; and the scheduled warm-up of the pages tier, per run and per day. Counts come from
 * the site run under a counting entry (cost-worker.ts), CPU from V8's profiler over wrangler's
 * inspector (cpu-profile.ts). docs/operations.md turns them into a plan and a monthly bill.
 *
 * Page views, per template (home, a program, a seminar, a list, an article):
 *  - cold (tier): a fresh isolate with an empty edge cache, the page in the pages tier (the usual
 *    first page of an isolate after the warm-up); cold (render): the same, the page not in the tier
 *    (the low-vision version, never kept: what a fresh isolate renders);
 *  - warm miss / warm hit: the same isolate again, the page rendered (low-vision; its second
 *    render, the first compiles the template's code) and from cache, each after the catalogue's
 *    version check has run out (5 s), as at a quiet edge;
 *  - in a browser: Chromium at 390×844 (a first visit: a new profile) loads the page from a warm
 *    isolate and sits 3 s: the document, the links it prefetches, the API calls of its islands.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type DevServer, root, startDevServer } from "../../scripts/lib/wrangler";
import { devFakesVars } from "../../scripts/dev-fakes";
import { chromium as playwrightChromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH, MOBILE } from "../support/browser";
import { type FakeThirdParties, startFakeThirdParties } from "../support/fake-third-parties";
import type { Tally } from "./cost-worker";
import { CpuProfiler } from "./cpu-profile";

const OPS_TOKEN = "ops-token-for-the-cost-bench-0123";
const configDir = join(root, ".wrangler/bench-costs");

/** The bench's wrangler.toml: the project's, its entry the counting one, its paths from the new folder, the inspector on a known port. */
function costsConfig(inspectorPort: number): string {
  const toml = readFileSync(join(root, "wrangler.toml"), "utf8");
  const top = toml.split(/^\[env\./m)[0]!;
  const namespaces: Record<string, string> = {};
  for (const block of top.split("[[durable_objects.bindings]]").slice(1)) {
    const name = /^name\s*=\s*"([^"]+)"/m.exec(block)?.[1];
    const className = /^class_name\s*=\s*"([^"]+)"/m.exec(block)?.[1];
    if (name && className) namespaces[name] = className;
  }
  const classes = [...new Set(Object.values(namespaces))];
  mkdirSync(configDir, { recursive: true });
  writeFileSync(
    join(configDir, "entry.ts"),
    [
      "// written by tests/load/costs.ts: the site's Worker with its bindings counted",
      'import * as site from "../../src/worker/index";',
      'import { countedClass, countingWorker } from "../../tests/load/cost-worker";',
      `export default countingWorker(site.default, ${JSON.stringify(namespaces)});`,
      ...classes.map((name) => `export const ${name} = countedClass(site.${name}, ${JSON.stringify(name)});`),
      "",
    ].join("\n"),
  );
  const config = `${toml
    .replace(/^main\s*=.*$/m, 'main = "entry.ts"')
    .replace(/"\.\//g, '"../../')}\n[dev]\ninspector_port = ${inspectorPort}\n`;
  const path = join(configDir, "wrangler.toml");
  writeFileSync(path, config);
  return path;
}

type Counts = Omit<Tally, "inFlight">;

/** The counts since the last reset, once the work the requests started is over. */
async function settledCounts(base: string, quietMs = 600): Promise<Counts> {
  let last = "";
  let stableSince = Date.now();
  const deadline = Date.now() + 60_000;
  for (;;) {
    const tally = (await (await fetch(`${base}/__costs`)).json()) as Tally;
    const { inFlight, ...counts } = tally;
    const text = JSON.stringify(counts);
    if (text !== last || inFlight > 0) {
      last = text;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= quietMs) return counts;
    if (Date.now() > deadline) return counts;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const reset = async (base: string) => {
  await fetch(`${base}/__costs/reset`, { method: "POST" });
};

interface CostRow {
  label: string;
  counts: Counts;
  cpuMs: number;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const kvOf = (counts: Counts, key: "reads" | "writes" | "deletes" | "lists") => sum(Object.values(counts.kv).map((kv) => kv[key]));
const objectRequests = (counts: Counts) => sum(Object.values(counts.objects).map((o) => o.requests));
const objectWallMs = (counts: Counts) => sum(Object.values(counts.objects).map((o) => o.wallMs));

function describeObjects(counts: Counts): string {
  return Object.entries(counts.objects)
    .map(([name, o]) => `${name} ${Object.entries(o.methods).map(([method, n]) => `${method}×${n}`).join(" ")}${o.alarms ? ` alarm×${o.alarms}` : ""}`)
    .join(", ");
}

function printRow(row: CostRow): void {
  const c = row.counts;
  const invocations = Object.entries(c.invocations)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(", ");
  console.log(
    `${row.label.padEnd(44)} ${String(sum(Object.values(c.invocations))).padStart(5)} ${String(kvOf(c, "reads")).padStart(6)} ${String(kvOf(c, "writes")).padStart(6)} ${String(kvOf(c, "lists")).padStart(5)} ${String(objectRequests(c)).padStart(5)} ${String(c.rows.read).padStart(6)} ${String(c.rows.written).padStart(6)} ${row.cpuMs.toFixed(1).padStart(8)}   ${invocations}${Object.keys(c.objects).length ? `; ${describeObjects(c)} (${objectWallMs(c)} ms)` : ""}`,
  );
}

const HEADER =
  "what                                         invoc  KV rd  KV wr  lists DO rq rows rd rows wr   CPU ms   (invocations by kind; Durable Object calls, their wall ms)";

/** The pages of each template, from the home page's links and the lists'. */
async function costPages(base: string): Promise<[string, string][]> {
  const links = async (path: string) => [...(await (await fetch(base + path)).text()).matchAll(/href="(\/[^"?#]*)"/g)].map((match) => match[1]!);
  const home = await links("/");
  const program = home.find((href) => /^\/(professions|courses|shortTerm)\/[^/]+\/[^/]+$/.test(href));
  const seminar = home.find((href) => /^\/seminars\/[^/]+\/[^/]+$/.test(href));
  const article = (await links("/journal")).find((href) => /^\/journal\/[^/]+$/.test(href));
  if (!program || !seminar || !article) throw new Error("costs bench: no program, seminar or article linked");
  return [
    ["home", "/"],
    ["program", program],
    ["seminar", seminar],
    ["list", "/programs"],
    ["article", article],
  ];
}

interface Settings {
  port: number;
  inspectorPort: number;
  fakesPort: number;
  persistTo: string;
}

async function fresh(settings: Settings, config: string, vars: Record<string, string>): Promise<DevServer> {
  // a fresh isolate and an empty edge cache (the local Cache API's store)
  rmSync(join(settings.persistTo, "v3/cache"), { recursive: true, force: true });
  return startDevServer({ port: settings.port, persistTo: settings.persistTo, config, vars, quiet: true, inspectorPort: settings.inspectorPort });
}

const page = (base: string, path: string, headers: Record<string, string> = {}) =>
  fetch(base + path, { headers: { Accept: "text/html", "CF-IPCountry": "RU", ...headers } }).then(async (response) => {
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  });

/**
 * The counts and the CPU ms of `work` and of what it leaves running (waitUntil, alarms): the
 * profile ends `afterMs` after the work, before the counts are asked for, so the bench's own
 * requests for them are not in it; the counts are read once nothing changes any more.
 */
async function measured(base: string, profiler: CpuProfiler, label: string, work: () => Promise<unknown>, afterMs = 1500): Promise<CostRow> {
  await reset(base);
  const { cpuMs } = await profiler.measure(async () => {
    await work();
    await new Promise((resolve) => setTimeout(resolve, afterMs));
  });
  return { label, counts: await settledCounts(base), cpuMs };
}

interface CostFigures {
  pages: CostRow[];
  browser: CostRow[];
  lead: CostRow;
  ticket: CostRow;
  warmUp: { first: CostRow; runsToFill: number; keptTotal: number; steady: CostRow; day: Record<string, number> };
}

async function costFigures(settings: Settings): Promise<CostFigures> {
  const config = costsConfig(settings.inspectorPort);
  rmSync(settings.persistTo, { recursive: true, force: true });
  execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/content.ts", "push", "--persist-to", settings.persistTo], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  let fakes: FakeThirdParties | undefined;
  let server: DevServer | undefined;
  let profiler: CpuProfiler | undefined;
  const restart = async (vars: Record<string, string>) => {
    profiler?.close();
    await server?.stop();
    server = await fresh(settings, config, vars);
    profiler = await CpuProfiler.attach(settings.inspectorPort);
    return { base: server.url, profiler };
  };
  try {
    fakes = await startFakeThirdParties(settings.fakesPort);
    const vars = {
      ...devFakesVars(fakes.url),
      OPS_TOKEN,
      SITE_URL: `http://127.0.0.1:${settings.port}`,
      // the forms' proof of work off: the bench posts leads as a script would (decision 092)
      CAPTCHA_PROVIDER: "off",
      LEAD_MIN_FILL_MS: "0",
      LEAD_RATE_LIMIT: "0",
      TICKET_RATE_LIMIT: "0",
    };
    const ops = (path: string, init: RequestInit = {}) =>
      fetch(`http://127.0.0.1:${settings.port}${path}`, { ...init, headers: { Authorization: `Bearer ${OPS_TOKEN}`, "Content-Type": "application/json", ...init.headers } });

    // the warm-up from an empty tier, run by run until it has nothing left to render, then once more
    let { base, profiler: p } = await restart(vars);
    const seeded = await ops("/ops/crm/token", {
      method: "PUT",
      body: JSON.stringify({ access: "access-0", refresh: "refresh-0", expired_in: Math.floor(Date.now() / 1000) + 86_400 }),
    });
    if (!seeded.ok) throw new Error(`seeding the CRM token: ${seeded.status}`);
    const warm = () => fetch(`${base}/__costs/scheduled`, { method: "POST" }).then((response) => response.arrayBuffer());
    const first = await measured(base, p, "warm-up run, empty tier", warm, 500);
    let keptTotal = kvOf(first.counts, "writes");
    let runsToFill = 1;
    let steady = first;
    for (let run = 2; run <= 12; run++) {
      steady = await measured(base, p, `warm-up run ${run}`, warm, 500);
      if (kvOf(steady.counts, "writes") === 0) break;
      keptTotal += kvOf(steady.counts, "writes");
      runsToFill = run;
    }
    steady = { ...steady, label: "warm-up run, tier full" };
    const day = (await (await fetch(`${base}/__costs/tier-days`)).json()) as Record<string, number>;

    const templates = await costPages(base);
    const pages: CostRow[] = [];
    for (const [template, path] of templates) {
      ({ base, profiler: p } = await restart(vars));
      pages.push(await measured(base, p, `${template} cold (tier)`, () => page(base, path)));
      // the isolate's first render of the template compiles its code: the warm miss is the second
      await page(base, path, { Cookie: "low_vision=1" });
      await new Promise((resolve) => setTimeout(resolve, 5500));
      pages.push(await measured(base, p, `${template} warm miss`, () => page(base, path, { Cookie: "low_vision=1" })));
      await new Promise((resolve) => setTimeout(resolve, 5500));
      pages.push(await measured(base, p, `${template} warm hit`, () => page(base, path)));
      ({ base, profiler: p } = await restart(vars));
      pages.push(await measured(base, p, `${template} cold (render)`, () => page(base, path, { Cookie: "low_vision=1" })));
    }

    // a first visit in a browser, on a warm isolate: what the page itself asks of the Worker
    const browser: CostRow[] = [];
    const chromium = await playwrightChromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      for (const [template, path] of templates) {
        await page(base, path);
        await new Promise((resolve) => setTimeout(resolve, 5500));
        const context = await chromium.newContext({ viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: "ru-RU" });
        try {
          const tab = await context.newPage();
          browser.push(
            await measured(base, p, `${template} in a browser, 390 px`, async () => {
              await tab.goto(base + path, { waitUntil: "networkidle" });
              await new Promise((resolve) => setTimeout(resolve, 3000));
            }),
          );
        } finally {
          await context.close();
        }
      }
    } finally {
      await chromium.close();
    }

    // a lead as the form's script sends it, delivered to every sink; a ticket order for a seminar
    let n = 0;
    const stamp = () => `cost-${process.pid.toString(36)}-${Date.now().toString(36)}-${(n++).toString(36)}`;
    const post = (path: string, body: Record<string, unknown>) =>
      fetch(base + path, { method: "POST", headers: { "Content-Type": "application/json", Origin: base, "CF-IPCountry": "RU" }, body: JSON.stringify(body) }).then(async (response) => {
        const text = await response.text();
        if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text.slice(0, 200)}`);
      });
    // the first of each on this isolate compiles its code: measured after one of each
    await post("/api/leads", { id: stamp(), name: "Проба Расходов", phone: "+7 (900) 000-00-01", cta: "consultMe" });
    await settledCounts(base);
    const lead = await measured(base, p, "a lead, delivered to every sink", () =>
      post("/api/leads", { id: stamp(), name: "Проба Расходов", phone: "+7 (900) 000-00-02", cta: "consultMe" }), 4000,
    );
    const seminars = (await (await ops("/ops/seminars")).json()) as { id: string; targetDate: string; tickets_quantity: number }[];
    const seminar = seminars.find((s) => Date.parse(s.targetDate) > Date.now() + 86_400_000 && s.tickets_quantity > 3);
    if (!seminar) throw new Error("costs bench: no seminar with tickets ahead");
    const order = (phone: string) => post("/api/tickets", { id: stamp(), name: "Проба Расходов", phone, email: "cost@example.ru", seminar_id: seminar.id, tickets: 1 });
    await order("+7 (900) 000-00-03");
    await settledCounts(base);
    const ticket = await measured(base, p, "a ticket order, delivered", () => order("+7 (900) 000-00-04"), 4000);
    return { pages, browser, lead, ticket, warmUp: { first, runsToFill, keptTotal, steady, day } };
  } finally {
    profiler?.close();
    await server?.stop();
    await fakes?.close();
  }
}

export async function printCosts(settings: Settings): Promise<CostFigures> {
  const figures = await costFigures(settings);
  console.log("\nWhat it costs to run (issue 29 point 6): counted under a counting entry, CPU from V8's profiler (an upper bound: the Durable Objects' own work is in the same isolate locally)");
  console.log("(cold: a fresh isolate's first request; warm: the same isolate later, 5 s after the last; a browser: a first visit on a warm isolate, 3 s idle after load)");
  console.log("(KV rd/wr/lists: all namespaces; DO rq: Durable Object requests, stub calls and alarms; rows: SQLite rows the objects read and wrote)");
  console.log(HEADER);
  for (const row of figures.pages) printRow(row);
  console.log("");
  for (const row of figures.browser) printRow(row);
  console.log("");
  printRow(figures.lead);
  printRow(figures.ticket);
  console.log("");
  const { first, runsToFill, keptTotal, steady, day } = figures.warmUp;
  printRow(first);
  printRow(steady);
  const fullRenders = (day.variants! - day.shortLived!) * day.boundariesPerDay!;
  // a seminar's page lives five minutes and the next minute's run renders it again: every six minutes
  const seminarRenders = day.shortLived! * (1440 / 6);
  console.log(
    `warm-up: ${day.pages} pages × 4 areas = ${day.variants} variants (${day.shortLived} of them seminars', five minutes each); the empty tier filled in ${runsToFill} runs (${keptTotal} writes);`,
  );
  console.log(
    `  every page stops being true ${day.boundariesPerDay} times in the next 24 h (midnight and the catalogue's instants): ${fullRenders} writes a day, plus ${seminarRenders} for the seminars' pages (each every 6 min) = ${fullRenders + seminarRenders} KV writes a day;`,
  );
  console.log(
    `  and 1,440 runs a day, each with ${kvOf(steady.counts, "lists")} lists and ${kvOf(steady.counts, "reads")} reads when there is nothing to render: ${1440 * kvOf(steady.counts, "lists")} lists and ${1440 * kvOf(steady.counts, "reads")} reads a day`,
  );
  return figures;
}
