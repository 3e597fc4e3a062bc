/**
 * The abuse drill's blank settings (issue 40, points 9 and 11): a second site whose limits are set
 * blank or written as no plain decimal integer is (`" "`, `0x14`, `1e3`). Each must keep its default,
 * never read as 0 (which means off): one address still gets at most LEAD_RATE_LIMIT's 5 leads a
 * minute and TICKETS_PER_GROUP's 10 seats of a seminar.
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { type DevServer, root, startDevServer } from "../../scripts/lib/wrangler";
import { OPS_TOKEN, ops } from "./load";

/** The settings as a careless deploy might leave them. */
export const BLANK_SETTINGS = { LEAD_MIN_FILL_MS: " ", LEAD_RATE_LIMIT: " ", TICKETS_PER_GROUP: "0x14", TICKET_RATE_LIMIT: "1e3" } as const;

export interface BlankSettingsReport {
  leads: { sent: number; taken: number };
  seats: { ordered: number; taken: number; refused: Record<string, number> };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runBlankSettingsDrill(options: { port: number; config: string; vars: Record<string, string>; violations: string[] }): Promise<BlankSettingsReport> {
  const persistTo = resolve(root, `.wrangler/abuse-blank-state-${options.port}`);
  rmSync(persistTo, { recursive: true, force: true });
  execFileSync(process.execPath, [resolve(root, "node_modules/tsx/dist/cli.mjs"), "scripts/content.ts", "push", "--persist-to", persistTo], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  const base = `http://127.0.0.1:${options.port}`;
  let server: DevServer | undefined;
  try {
    server = await startDevServer({ port: options.port, persistTo, vars: { ...options.vars, OPS_TOKEN, SITE_URL: base, ...BLANK_SETTINGS }, config: options.config, quiet: !process.env.DRILL_LOGS });
    // the leads and the orders from two addresses, so each meets its own limit (an order counts as a lead too)
    let address = "198.51.100.200";
    const visits = async (count: number) => {
      const cookies: string[] = [];
      for (let i = 0; i < count; i++) {
        const page = await fetch(`${base}/contacts`, { headers: { "CF-Connecting-IP": address } });
        await page.arrayBuffer();
        cookies.push(page.headers.getSetCookie().find((line) => line.startsWith("first_visit="))!.split(";")[0]!);
      }
      // the default minimum fill time (3 s): a blank one must not have switched it off, so the drill waits it out
      await wait(3_100);
      return cookies;
    };
    const post = (path: string, body: unknown, cookie: string) =>
      fetch(`${base}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: base, "CF-Connecting-IP": address, Cookie: cookie }, body: JSON.stringify(body) });

    const leads = { sent: 12, taken: 0 };
    const leadCookies = await visits(leads.sent);
    for (let n = 0; n < leads.sent; n++) {
      const response = await post("/api/leads", { name: "Пустая настройка", phone: `+7 (916) 200-${String(n).padStart(2, "0")}-11`, cta: "consultMe" }, leadCookies[n]!);
      await response.arrayBuffer();
      if (response.status === 200) leads.taken++;
    }
    if (leads.taken > 5) options.violations.push(`blank LEAD_RATE_LIMIT: ${leads.taken} leads from one address, more than the default 5`);

    const seminar = (await ops<{ id: string; targetDate: string }[]>(base, "/ops/seminars")).find((s) => Date.parse(s.targetDate) > Date.now() + 86_400_000)!.id;
    await ops(base, `/ops/seminars/${seminar}/tickets`, { method: "PUT", body: JSON.stringify({ tickets_quantity: 40 }) });
    const seats = { ordered: 0, taken: 0, refused: {} as Record<string, number> };
    address = "198.51.100.201";
    const orderCookies = await visits(8);
    for (let n = 0; n < 8; n++) {
      const body = { name: "Пустая настройка", phone: `+7 (916) 300-${String(n).padStart(2, "0")}-22`, email: `blank${n}@example.ru`, seminar_id: seminar, tickets: 5, cta: "buyTicket" };
      const response = await post("/api/tickets", body, orderCookies[n]!);
      seats.ordered += 5;
      if (response.status === 200) seats.taken += 5;
      else seats.refused[String(response.status)] = (seats.refused[String(response.status)] ?? 0) + 1;
      await response.arrayBuffer();
    }
    if (seats.taken > 10) options.violations.push(`TICKETS_PER_GROUP=0x14: ${seats.taken} seats from one address, more than the default 10`);
    return { leads, seats };
  } finally {
    await server?.stop();
  }
}

export function printBlankSettingsDrill(report: BlankSettingsReport): void {
  console.log(`5. Blank and odd settings (${Object.entries(BLANK_SETTINGS).map(([name, value]) => `${name}=${JSON.stringify(value)}`).join(", ")}): each keeps its default`);
  console.log(`   leads from one address: ${report.leads.taken} taken of ${report.leads.sent} (the default limit: 5 a minute)`);
  console.log(`   seats of one seminar from one address: ${report.seats.taken} held of ${report.seats.ordered} ordered in orders of 5 (the default limit: 10), refused: ${JSON.stringify(report.seats.refused)}`);
}
