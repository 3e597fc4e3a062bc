/**
 * `npm run drill:abuse`: drill 6 (docs/reliability.md, issue 27). One actor holding an IPv6 /48
 * (a new /64 for every request), a 6to4 /48 (one IPv4 address in disguise, a new /64 every time)
 * and ten IPv4 addresses, against the local runtime with the production limits:
 *  1. tries to empty a 40-seat paid seminar, each source alone on a seminar of its own, with a new
 *     phone and e-mail for every order; then waits out the (short, for the drill) hold;
 *  2. farms the wheel: a new visit and a new phone for every spin, one phone from ten visits (one prize), spins without a visit or with an invented one,
 *     and one drawn gift claimed with five phones;
 *  3. sends junk: the values an earlier drill got into amoCRM and the webhook;
 *  4. forges, replays and pays late YooKassa's notifications (abuse-payments.ts);
 *  5. runs a second site with its limits blank or oddly written (abuse-settings.ts).
 * The site runs with its default human check (ALTCHA, decision 092): the actor, a script, sends no
 * proof, so each address group has UNVERIFIED_LEAD_RATE_LIMIT forms an hour (decision 045).
 * It prints what it got, and exits non-zero if a source got past its limit or junk reached a sink
 * as typed. Bounded, on 127.0.0.1 only. ABUSE_PORT (8801), ABUSE_HOLD_MINUTES (0.25).
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildAll } from "../../scripts/build";
import { type DevServer, root, startDevServer } from "../../scripts/lib/wrangler";
import { defaultCatalogue } from "../support/content";
import { fakeSinkEnv, type Receipt, startFakeThirdParties } from "../support/fake-third-parties";
import { FAKE_YOOKASSA_SHOP, startFakeYooKassa } from "../support/fake-yookassa";
import { type PaymentDrillReport, printPaymentDrill, runPaymentDrill } from "./abuse-payments";
import { type BlankSettingsReport, printBlankSettingsDrill, runBlankSettingsDrill } from "./abuse-settings";
import { OPS_TOKEN, ops, snapshotOfTheSite } from "./load";

interface Source {
  name: string;
  /** the address of the actor's n-th request from this source */
  address: (n: number) => string;
}

/** The actor: an IPv6 /48, a 6to4 /48 (192.0.2.1 inside), ten IPv4 addresses taken in turn. */
const SOURCES: Source[] = [
  { name: "IPv6 /48, a new /64 a request", address: (n) => `2001:db8:abcd:${(n + 1).toString(16)}::1` },
  { name: "6to4 /48 (one IPv4), a new /64 a request", address: (n) => `2002:c000:201:${(n + 1).toString(16)}::1` },
  { name: "ten IPv4 addresses in turn", address: (n) => `198.51.100.${(n % 10) + 1}` },
  { name: "a proxy pool: a new IPv4 address a request", address: (n) => `100.${64 + (n % 60)}.${Math.floor(n / 60) % 250}.9` },
];

/** What an earlier drill got into amoCRM and the webhook as typed (issue 27): each goes in one field. */
const JUNK: { field: string; value: string }[] = [
  { field: "name", value: "\u3164\u3164\u3164" },
  { field: "name", value: "\u0301\u0302\u0303\u0304" },
  { field: "name", value: "А\u0301\u0301" },
  { field: "name", value: "Ан\u00adна" },
  { field: "name", value: "Анна\u061c" },
  { field: "name", value: "Ан\u180eна" },
  { field: "name", value: "\u2800\u2800" },
  { field: "name", value: "Анна\u{E0041}\u{E0042}" },
  { field: "name", value: "Анна\u202eанна" },
  { field: "name", value: "Ан\u200bна" },
  { field: "email", value: "<anna>@example.ru" },
  { field: "email", value: "anna@example.ru>" },
  { field: "email", value: '"anna"@example.ru' },
  { field: "email", value: "anna\"@example.ru" },
  { field: "email", value: "=cmd@example.ru" },
  { field: "email", value: "an\u200bna@example.ru" },
  { field: "email", value: "anna@exa\u00admple.ru" },
  { field: "question", value: '=HYPERLINK("https://evil.example","Нажмите")' },
  { field: "question", value: "+7 (912) позвоните" },
  { field: "question", value: "-2+3" },
  { field: "question", value: "@SUM(A1:A9)" },
  { field: "question", value: "\tвопрос с табуляцией" },
  { field: "question", value: "Вопрос\u{E0001}\u{E0068}\u{E0069}" },
  { field: "question", value: "Вопрос\u061c\u200f" },
  { field: "question", value: "\u2800\u2800вопрос" },
  { field: "question", value: "Во\u00adпрос\u180e" },
  { field: "question", value: "Вопрос\u2066скрыто\u2069" },
  { field: "promocode", value: "-ZIMA" },
  { field: "promocode", value: "=1+1" },
  { field: "promocode", value: "ZIMA\u200b" },
  { field: "promocode", value: "@ZIMA" },
  { field: "utm", value: "=HYPERLINK(1)" },
  { field: "utm", value: "зима\u202e" },
  { field: "utm", value: "+vk" },
];

/** What must never reach a sink: characters that show nothing, and a value that starts a formula (a phone in E.164 aside). */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2800]/u;
const asTyped = (text: string) => INVISIBLE.test(text) || (/^[=+\-@\t\r]/.test(text) && !/^\+\d{8,15}$/.test(text));

/** Every string in what a sink received. */
const strings = (value: unknown): string[] =>
  typeof value === "string" ? [value] : Array.isArray(value) ? value.flatMap(strings) : value && typeof value === "object" ? Object.values(value).flatMap(strings) : [];

export interface AbuseReport {
  seats: { source: string; orders: number; taken: number; seats: number; refusals: Record<string, number>; backAfterHold: number }[];
  crmExpiries: number;
  /** a free seminar emptied by the proxy pool with made-up e-mails: held until each e-mail confirms (decision 093) */
  free: { orders: number; taken: number; seats: number; letters: number; confirmed: number; backAfterHold: number };
  /** `certificates`: draws of the 20,000 or 30,000-rouble certificate */
  wheel: { source: string; spins: number; drawn: number; refused: Record<string, number>; certificates: number }[];
  withoutVisit: { spins: number; drawn: number };
  giftClaims: { phones: number; honoured: number };
  junk: { sent: number; refused: number; cleaned: number; asTyped: number; examples: string[] };
  payments: PaymentDrillReport;
  blank: BlankSettingsReport;
  violations: string[];
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runAbuseDrill(options = { port: 8801, holdMinutes: 0.25 }): Promise<AbuseReport> {
  const persistTo = resolve(root, `.wrangler/abuse-state-${options.port}`);
  rmSync(persistTo, { recursive: true, force: true });
  const config = snapshotOfTheSite(options.port);
  execFileSync(process.execPath, [resolve(root, "node_modules/tsx/dist/cli.mjs"), "scripts/content.ts", "push", "--persist-to", persistTo], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  const fakes = await startFakeThirdParties(0);
  const yookassa = await startFakeYooKassa(0);
  const base = `http://127.0.0.1:${options.port}`;
  // the production limits (config.server.ts defaults); only the holds are short, so the drill sees them end; paid with YooKassa at the fake
  const vars = {
    ...fakeSinkEnv(fakes.url),
    OPS_TOKEN,
    SITE_URL: base,
    TICKET_HOLD_MINUTES: String(options.holdMinutes),
    PAYMENT_HOLD_MINUTES: String(options.holdMinutes),
    YOOKASSA_SHOP_ID: FAKE_YOOKASSA_SHOP.shopId,
    YOOKASSA_SECRET_KEY: FAKE_YOOKASSA_SHOP.secretKey,
    YOOKASSA_API_URL: yookassa.apiUrl,
    OUTBOX_RETRY_BASE_MS: "500",
  };
  let server: DevServer | undefined;
  const violations: string[] = [];
  try {
    server = await startDevServer({ port: options.port, persistTo, vars, config, quiet: !process.env.DRILL_LOGS });
    await ops(base, "/ops/crm/token", { method: "PUT", body: JSON.stringify({ access: "access-0", refresh: "refresh-0", expired_in: Math.floor(Date.now() / 1000) + 86_400 }) });

    /** Visits begun now, one per page fetched from `address`: the evidence a browser would get, ready after the minimum fill time. */
    const visits = async (count: number, address: (i: number) => string): Promise<string[]> => {
      const cookies: string[] = [];
      for (let i = 0; i < count; i++) {
        const page = await fetch(`${base}/contacts`, { headers: { "CF-Connecting-IP": address(i) } });
        await page.arrayBuffer();
        cookies.push(page.headers.getSetCookie().find((line) => line.startsWith("first_visit="))!.split(";")[0]!);
      }
      await wait(3_100);
      return cookies;
    };
    const post = (path: string, body: unknown, address: string, cookie: string) =>
      fetch(`${base}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: base, "CF-Connecting-IP": address, Cookie: cookie }, body: JSON.stringify(body) });
    let phones = 0;
    const phone = () => {
      phones++;
      return `+7 (915) ${String(phones % 1000).padStart(3, "0")}-${String(Math.floor(phones / 1000) % 100).padStart(2, "0")}-77`;
    };
    const reason = (status: number, message: string) =>
      status === 429
        ? "429 rate"
        : /одного адреса/.test(message)
          ? "409 per address"
          : /закончились|Осталось только/.test(message)
            ? "409 sold out"
            : `${status} ${message.slice(0, 40)}`;

    // 1. the seats: each source alone on a 40-seat seminar of its own
    // paid seminars, so their orders are held (a free seminar's registration holds its seat until it starts)
    const paid = new Set(defaultCatalogue().seminars.filter((s) => s.price > 0).map((s) => s.id));
    const seminars = (await ops<{ id: string; targetDate: string }[]>(base, "/ops/seminars")).filter((s) => paid.has(s.id) && Date.parse(s.targetDate) > Date.now() + 86_400_000);
    const seats: AbuseReport["seats"] = [];
    const ordered: string[] = [];
    for (const [i, source] of SOURCES.entries()) {
      const seminar = seminars[i]!.id;
      await ops(base, `/ops/seminars/${seminar}/tickets`, { method: "PUT", body: JSON.stringify({ tickets_quantity: 40 }) });
      const attempts = 16;
      const cookies = await visits(attempts, source.address);
      const figures = { source: source.name, orders: 0, taken: 0, seats: 40, refusals: {} as Record<string, number>, backAfterHold: 0 };
      for (let n = 0; n < attempts; n++) {
        const id = `abuse-${process.pid.toString(36)}-${i}-${n}`;
        const response = await post("/api/tickets", { id, name: "Перекупщик", phone: phone(), email: `buyer${phones}@example.ru`, seminar_id: seminar, tickets: 5, cta: "buyTicket" }, source.address(n), cookies[n]!);
        const answer = (await response.json()) as { message?: string };
        figures.orders++;
        if (response.status === 200) {
          figures.taken += 5;
          ordered.push(id);
        } else {
          const key = reason(response.status, answer.message ?? "");
          figures.refusals[key] = (figures.refusals[key] ?? 0) + 1;
        }
      }
      seats.push(figures);
    }
    // 1b. a free seminar, the proxy pool with a new phone and a made-up e-mail each: each registration waits for its
    // e-mail's confirmation (decision 093), which the pool never gives
    const freeIds = new Set(defaultCatalogue().seminars.filter((s) => s.price === 0).map((s) => s.id));
    const freeSeminar = (await ops<{ id: string; targetDate: string }[]>(base, "/ops/seminars")).find((s) => freeIds.has(s.id) && Date.parse(s.targetDate) > Date.now() + 86_400_000)!.id;
    await ops(base, `/ops/seminars/${freeSeminar}/tickets`, { method: "PUT", body: JSON.stringify({ tickets_quantity: 40 }) });
    const proxies = SOURCES[3]!;
    const freeCookies = await visits(16, (n) => proxies.address(500 + n));
    const free = { orders: 0, taken: 0, seats: 40, letters: 0, confirmed: 0, backAfterHold: 0 };
    const registered: string[] = [];
    for (let n = 0; n < 16; n++) {
      const id = `abuse-free-${process.pid.toString(36)}-${n}`;
      const response = await post("/api/tickets", { id, name: "Перекупщик", phone: phone(), email: `nobody${phones}@example.ru`, seminar_id: freeSeminar, tickets: 5, cta: "buyTicket" }, proxies.address(500 + n), freeCookies[n]!);
      await response.arrayBuffer();
      free.orders++;
      if (response.status === 200) {
        free.taken += 5;
        registered.push(id);
      }
    }
    // a proxy pool is bounded by time alone: its holds end unpaid within PAYMENT_HOLD_MINUTES (checked below)
    const limits: Record<string, number> = { [SOURCES[0]!.name]: 20, [SOURCES[1]!.name]: 10, [SOURCES[2]!.name]: 40, [SOURCES[3]!.name]: 40 };
    for (const figures of seats) if (figures.taken > limits[figures.source]!) violations.push(`${figures.source}: ${figures.taken} seats, more than ${limits[figures.source]}`);
    // the holds end unpaid: every seat comes back, and the CRM hears of each order as an update of its deal
    await wait(options.holdMinutes * 60_000 + 5_000);
    const live = await ops<{ id: string; tickets_quantity: number }[]>(base, "/ops/seminars");
    for (const [i, figures] of seats.entries()) figures.backAfterHold = live.find((s) => s.id === seminars[i]!.id)!.tickets_quantity;
    for (const figures of seats) if (figures.backAfterHold !== 40) violations.push(`${figures.source}: ${40 - figures.backAfterHold} seats still held after the hold`);
    let crmExpiries = 0;
    for (let round = 0; round < 30; round++) {
      const receipts = (await (await fetch(`${fakes.url}/__received?sink=genezis`)).json()) as Receipt[];
      crmExpiries = receipts.filter((r) => (r.body as { event?: string }).event === "order.expired").length;
      if (crmExpiries >= ordered.length) break;
      await wait(1000);
    }
    if (crmExpiries < ordered.length) violations.push(`${ordered.length - crmExpiries} ended holds the CRM was not told of`);
    free.backAfterHold = live.find((s) => s.id === freeSeminar)!.tickets_quantity;
    if (free.backAfterHold !== 40) violations.push(`a free seminar: ${40 - free.backAfterHold} seats still held after the hold, none confirmed`);
    const letters = (await (await fetch(`${fakes.url}/__received?sink=mail`)).json()) as Receipt[];
    const keys = new Set(letters.map((r) => (r.body as { message?: { idempotence_key?: string } }).message?.idempotence_key));
    free.letters = registered.filter((id) => keys.has(`confirm-${id}`)).length;
    free.confirmed = registered.filter((id) => keys.has(`ticket-${id}`)).length;
    if (free.letters < registered.length) violations.push(`a free seminar: ${registered.length - free.letters} registrations got no confirmation letter`);
    if (free.confirmed > 0) violations.push(`a free seminar: ${free.confirmed} e-tickets sent with no confirmation`);

    // 2. the wheel: a new visit and a new phone for every spin (a farmer with a proxy pool and a list of numbers)
    const wheel: AbuseReport["wheel"] = [];
    const tokens: { giftCode: string; token: string; phone: string }[] = [];
    for (const [i, source] of SOURCES.entries()) {
      const attempts = 60;
      const offset = 100 + i * 100;
      const cookies = await visits(attempts, (n) => source.address(offset + n));
      const figures = { source: source.name, spins: attempts, drawn: 0, refused: {} as Record<string, number>, certificates: 0 };
      for (let n = 0; n < attempts; n++) {
        const number = phone();
        const response = await fetch(`${base}/api/wheel/spin`, {
          method: "POST",
          headers: { Origin: base, "Content-Type": "application/json", "CF-Connecting-IP": source.address(offset + n), Cookie: cookies[n]! },
          body: JSON.stringify({ phone: number }),
        });
        const answer = (await response.json()) as { giftCode?: string; token?: string };
        if (response.status === 200) {
          figures.drawn++;
          if (answer.giftCode === "promo1" || answer.giftCode === "promo8") figures.certificates++;
          tokens.push({ giftCode: answer.giftCode!, token: answer.token!, phone: number });
        } else figures.refused[String(response.status)] = (figures.refused[String(response.status)] ?? 0) + 1;
      }
      wheel.push(figures);
    }
    const spinLimits: Record<string, number> = { [SOURCES[0]!.name]: 40, [SOURCES[1]!.name]: 10, [SOURCES[2]!.name]: 100 };
    for (const figures of wheel) if (figures.drawn > spinLimits[figures.source]!) violations.push(`${figures.source}: ${figures.drawn} draws, more than ${spinLimits[figures.source]} an hour`);
    const withoutVisit = { spins: 30, drawn: 0 };
    for (let n = 0; n < withoutVisit.spins; n++) {
      const invented: Record<string, string> = n % 3 === 0 ? {} : { Cookie: n % 3 === 1 ? `wheel_visitor=${crypto.randomUUID()}` : `first_visit=${Date.now()}.${"0".repeat(32)}.${"A".repeat(43)}=` };
      const response = await fetch(`${base}/api/wheel/spin`, {
        method: "POST",
        headers: { Origin: base, "Content-Type": "application/json", "CF-Connecting-IP": `203.0.113.${n + 1}`, ...invented },
        body: JSON.stringify({ phone: phone() }),
      });
      await response.arrayBuffer();
      if (response.status === 200) withoutVisit.drawn++;
    }
    if (withoutVisit.drawn > 0) violations.push(`${withoutVisit.drawn} spins drawn without a visit`);
    // one phone, ten new visits from ten addresses: one prize (the draw is the phone's), whatever the farmer keeps trying
    const oneNumber = tokens[0]!.phone;
    const sameCookies = await visits(10, (n) => `192.0.2.${100 + n}`);
    const prizesOfOne = new Set<string>();
    for (let n = 0; n < 10; n++) {
      const response = await fetch(`${base}/api/wheel/spin`, {
        method: "POST",
        headers: { Origin: base, "Content-Type": "application/json", "CF-Connecting-IP": `192.0.2.${100 + n}`, Cookie: sameCookies[n]! },
        body: JSON.stringify({ phone: oneNumber }),
      });
      const answer = (await response.json()) as { giftCode?: string };
      if (response.status === 200) prizesOfOne.add(answer.giftCode!);
    }
    if (prizesOfOne.size > 1) violations.push(`one phone drew ${prizesOfOne.size} different prizes over ten visits`);
    // one drawn gift, five phones (its own first): one lead keeps it
    const gift = tokens[0]!;
    const claimCookies = await visits(5, (n) => `198.51.100.${200 + n}`);
    let honoured = 0;
    for (let n = 0; n < 5; n++) {
      const id = `gift-${process.pid.toString(36)}-${n}`;
      const response = await post("/api/leads", { id, name: "Охотник", phone: n === 0 ? gift.phone : phone(), cta: "takeGift", gift: gift.giftCode, giftToken: gift.token }, `198.51.100.${200 + n}`, claimCookies[n]!);
      await response.arrayBuffer();
      const stored = (await ops<{ leads: { id: string }[] }>(base, "/ops/leads?limit=100000")).leads.some((lead) => lead.id === id);
      if (!stored) continue;
      const receipts = (await (await fetch(`${fakes.url}/__received?sink=genezis&id=${id}`)).json()) as Receipt[];
      for (let round = 0; round < 20 && receipts.length === 0; round++) {
        await wait(250);
        receipts.push(...((await (await fetch(`${fakes.url}/__received?sink=genezis&id=${id}`)).json()) as Receipt[]));
      }
      if ((receipts[0]?.body as { gift?: string } | undefined)?.gift === gift.giftCode) honoured++;
    }
    if (honoured !== 1) violations.push(`one drawn gift honoured ${honoured} times for five phones`);

    // 3. junk: each value in its field, from the IPv6 /48 and the IPv4 addresses in turn, a minute after
    // their orders (LEAD_RATE_LIMIT is a minute's budget: a 429 would hide what the junk came to)
    await wait(61_000);
    const junkCookies = await visits(JUNK.length, (n) => (n % 2 === 0 ? SOURCES[0]!.address(500 + n) : `198.51.100.${(n % 10) + 1}`));
    const junk = { sent: JUNK.length, refused: 0, cleaned: 0, asTyped: 0, examples: [] as string[] };
    const accepted: { id: string; value: string }[] = [];
    for (const [n, { field, value }] of JUNK.entries()) {
      const id = `junk-${process.pid.toString(36)}-${n}`;
      const lead: Record<string, unknown> = { id, name: "Анна", phone: phone(), email: "anna@example.ru", cta: "askQuestion" };
      if (field === "utm") lead.utms = { utm_campaign: value };
      else lead[field] = value;
      const address = n % 2 === 0 ? SOURCES[0]!.address(500 + n) : `198.51.100.${(n % 10) + 1}`;
      const response = await post("/api/leads", lead, address, junkCookies[n]!);
      await response.arrayBuffer();
      if (response.status === 200) accepted.push({ id, value });
      else if (response.status === 400) junk.refused++;
      else violations.push(`junk ${JSON.stringify(value)}: answered ${response.status}`);
    }
    await wait(3_000);
    for (const { id, value } of accepted) {
      const receiptsOf = async (sink: string) => (await (await fetch(`${fakes.url}/__received?sink=${sink}&id=${id}`)).json()) as Receipt[];
      const receipts = [...(await receiptsOf("genezis")), ...(await receiptsOf("amocrm"))];
      if (receipts.length === 0) violations.push(`junk lead ${id} reached no sink`);
      if (receipts.flatMap((r) => strings(r.body)).some(asTyped)) {
        junk.asTyped++;
        junk.examples.push(JSON.stringify(value));
      } else junk.cleaned++;
    }
    if (junk.asTyped > 0) violations.push(`${junk.asTyped} junk values reached a sink as typed: ${junk.examples.join(", ")}`);

    // 4. payments: forged, strangers', repeated and late notifications, on a seminar of its own
    let pool: { cookie: string; address: string }[] = [];
    let orderAddresses = 0;
    const payments = await runPaymentDrill({
      base,
      yookassa,
      seminar: seminars[SOURCES.length]!.id,
      holdMs: options.holdMinutes * 60_000,
      violations,
      setSeats: async (seminar, seats) => {
        await ops(base, `/ops/seminars/${seminar}/tickets`, { method: "PUT", body: JSON.stringify({ tickets_quantity: seats }) });
      },
      order: async (seminar, tickets) => {
        if (pool.length === 0) {
          const addresses = Array.from({ length: 20 }, () => `100.200.${Math.floor(orderAddresses / 250)}.${(orderAddresses++ % 250) + 1}`);
          const cookies = await visits(addresses.length, (n) => addresses[n]!);
          pool = addresses.map((address, n) => ({ address, cookie: cookies[n]! }));
        }
        const { address, cookie } = pool.shift()!;
        const id = `abuse-pay-${process.pid.toString(36)}-${orderAddresses}-${pool.length}`;
        const response = await post("/api/tickets", { id, name: "Плательщик", phone: phone(), email: `payer${phones}@example.ru`, seminar_id: seminar, tickets, cta: "buyTicket" }, address, cookie);
        if (response.status !== 200) return null;
        const answer = (await response.json()) as { order?: { payment_url?: string } };
        return { id, paymentId: answer.order?.payment_url?.split("/checkout/")[1] ?? "" };
      },
    });

    // 5. blank settings, on a second site beside this one
    const blank = await runBlankSettingsDrill({ port: options.port + 1, config, vars: fakeSinkEnv(fakes.url), violations });

    return { seats, crmExpiries, free, wheel, withoutVisit, giftClaims: { phones: 5, honoured }, junk, payments, blank, violations };
  } finally {
    await server?.stop();
    await fakes.close();
    await yookassa.close();
  }
}

export function printAbuseReport(report: AbuseReport): void {
  console.log("\nAbuse drill: one actor with an IPv6 /48, a 6to4 /48, ten IPv4 addresses and a proxy pool, the production limits\n");
  console.log("1. Emptying a 40-seat seminar (orders of 5, a new phone and e-mail each; each source alone on its seminar)");
  for (const s of report.seats) {
    console.log(`   ${s.source.padEnd(42)} ${String(s.orders).padStart(3)} orders  ${String(s.taken).padStart(3)} of ${s.seats} seats held  refused: ${JSON.stringify(s.refusals)}  left after the hold: ${s.backAfterHold}`);
  }
  console.log(`   the CRM told of ${report.crmExpiries} ended holds (an update of each order's deal)`);
  const f = report.free;
  console.log(
    `   a free seminar, the proxy pool with made-up e-mails: ${f.orders} registrations  ${f.taken} of ${f.seats} seats held  confirmation letters ${f.letters}  e-tickets ${f.confirmed}  left after the hold: ${f.backAfterHold}`,
  );
  console.log("2. Farming the wheel (a new visit for every spin, 60 spins a source)");
  for (const w of report.wheel) console.log(`   ${w.source.padEnd(42)} ${String(w.drawn).padStart(3)} drawn of ${w.spins}  refused: ${JSON.stringify(w.refused)}  certificates of 20 or 30 thousand: ${w.certificates}`);
  console.log(`   without a visit or with an invented one: ${report.withoutVisit.drawn} drawn of ${report.withoutVisit.spins}`);
  console.log(`   one drawn gift claimed with ${report.giftClaims.phones} phones: honoured ${report.giftClaims.honoured} time(s)`);
  console.log(`3. Junk: ${report.junk.sent} values; refused ${report.junk.refused}, taken cleaned ${report.junk.cleaned}, reached a sink as typed ${report.junk.asTyped}`);
  printPaymentDrill(report.payments);
  printBlankSettingsDrill(report.blank);
  console.log(report.violations.length === 0 ? "\nno violations" : `\nVIOLATIONS:\n - ${report.violations.join("\n - ")}`);
}

async function main() {
  await buildAll();
  const report = await runAbuseDrill({ port: Number(process.env.ABUSE_PORT ?? 8801), holdMinutes: Number(process.env.ABUSE_HOLD_MINUTES ?? 0.25) });
  printAbuseReport(report);
  process.exitCode = report.violations.length > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
