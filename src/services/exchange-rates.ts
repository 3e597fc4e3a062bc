import { isolateSlot } from "./isolate";
import type { VisitorArea } from "./visitor-area";

/**
 * The Central Bank of Russia's daily rates of the tenge and the sum (issue 42, decision 081): the
 * scheduled handler fetches the official XML (`XML_daily.asp`) now and then and keeps the two rates
 * in KV with the date the bank set them for; a page for a visitor from Kazakhstan or Uzbekistan
 * gives the rouble price and, beside it, about what it is in their money. A rate missing or stale:
 * roubles alone.
 */

/** The official daily rates (XML, windows-1251; only its ASCII parts are read). `CBR_RATES_URL` moves it. */
const DEFAULT_CBR_RATES_URL = "https://www.cbr.ru/scripts/XML_daily.asp";

/** Where the rates are kept, in the catalogue's KV namespace (not a content key: a push leaves it be). */
export const RATES_KEY = "exchange-rates:cbr";

/** The currencies a visitor's area pays in, besides the rouble. */
const areaCurrency = { KZ: "KZT", UZ: "UZS" } as const satisfies Partial<Record<VisitorArea, string>>;
type LocalCurrency = (typeof areaCurrency)[keyof typeof areaCurrency];

export interface StoredRates {
  /** the day the bank set the rates for, `YYYY-MM-DD` */
  date: string;
  /** when they were fetched (ms since the epoch) */
  fetchedAt: number;
  /** roubles for one unit of each currency */
  rubPerUnit: Record<LocalCurrency, number>;
}

/** A rate as a page uses it: the currency, the units a rouble buys and the bank's date. */
export interface LocalRate {
  currency: LocalCurrency;
  perRouble: number;
  date: string;
}

/** Rates fetched longer ago than this are not shown: the bank sets them every working day. */
export const STALE_AFTER_MS = 4 * 24 * 3600 * 1000;
/** How often the scheduled handler asks the bank again. */
export const REFRESH_AFTER_MS = 3 * 3600 * 1000;

/** The value of `<tag>` inside one `<Valute>` block, or undefined. */
const field = (block: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(block)?.[1]?.trim();
const number = (text: string | undefined) => (text ? Number(text.replace(/\s/g, "").replace(",", ".")) : Number.NaN);

/**
 * The tenge's and the sum's rates from the bank's XML (`<ValCurs Date="28.11.2026">` and a
 * `<Valute>` per currency, `Nominal` units costing `Value` roubles, decimal commas). Null when the
 * document lacks either currency, its date, or a sane number: a bad answer is never stored.
 */
export function parseCbrXml(xml: string): Pick<StoredRates, "date" | "rubPerUnit"> | null {
  const day = /<ValCurs[^>]*\bDate="(\d\d)\.(\d\d)\.(\d{4})"/.exec(xml);
  if (!day) return null;
  const rubPerUnit = {} as Record<LocalCurrency, number>;
  for (const currency of Object.values(areaCurrency)) {
    const block = [...xml.matchAll(/<Valute\b[^>]*>([\s\S]*?)<\/Valute>/g)].map((m) => m[1]!).find((b) => field(b, "CharCode") === currency);
    if (!block) return null;
    const rate = number(field(block, "Value")) / number(field(block, "Nominal"));
    if (!Number.isFinite(rate) || rate <= 0) return null;
    rubPerUnit[currency] = rate;
  }
  return { date: `${day[3]}-${day[2]}-${day[1]}`, rubPerUnit };
}

/** The rates' address: `CBR_RATES_URL` when it is an http(s) address, else the bank's own. */
export function ratesUrl(setting: unknown): string {
  if (typeof setting !== "string" || setting.trim() === "") return DEFAULT_CBR_RATES_URL;
  try {
    const url = new URL(setting.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : DEFAULT_CBR_RATES_URL;
  } catch {
    return DEFAULT_CBR_RATES_URL;
  }
}

type RatesStore = Pick<KVNamespace, "get" | "put">;

async function readStored(store: RatesStore): Promise<StoredRates | null> {
  try {
    const stored = await store.get<StoredRates>(RATES_KEY, "json");
    return stored && typeof stored.fetchedAt === "number" && stored.rubPerUnit ? stored : null;
  } catch {
    return null;
  }
}

/**
 * What the scheduled handler calls every minute: asks the bank when the kept rates are older than
 * `REFRESH_AFTER_MS` (or missing), and keeps a good answer. Never throws: a failed fetch keeps the
 * rates there were, which go stale in their time. Says what it did.
 */
export async function refreshExchangeRates(
  env: { CATALOGUE: RatesStore; CBR_RATES_URL?: string },
  now = Date.now(),
  fetcher: typeof fetch = fetch,
): Promise<"kept" | "stored" | "failed"> {
  const stored = await readStored(env.CATALOGUE);
  if (stored && now - stored.fetchedAt < REFRESH_AFTER_MS) return "kept";
  try {
    const response = await fetcher(ratesUrl(env.CBR_RATES_URL), { headers: { Accept: "application/xml" }, signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const parsed = parseCbrXml(await response.text());
    if (!parsed) throw new Error("no KZT or UZS rate in the answer");
    await env.CATALOGUE.put(RATES_KEY, JSON.stringify({ ...parsed, fetchedAt: now } satisfies StoredRates));
    return "stored";
  } catch (error) {
    console.warn(JSON.stringify({ event: "exchange-rates.failed", error: String(error instanceof Error ? error.message : error) }));
    return "failed";
  }
}

/** The isolate's copy of the kept rates, read again after a minute. */
const kept = isolateSlot("exchange-rates", (): { memo?: { at: number; rates: StoredRates | null } } => ({}));

/** Forgets the isolate's copy (tests). */
export function forgetExchangeRates(): void {
  kept().memo = undefined;
}

/**
 * The rate a page shows a visitor of `area`: the tenge for Kazakhstan, the sum for Uzbekistan;
 * undefined for anyone else, and when the rate is missing or stale (roubles alone then).
 * Reads KV at most once a minute per isolate.
 */
export async function localRateFor(area: VisitorArea, store: RatesStore, now = Date.now()): Promise<LocalRate | undefined> {
  const currency = area === "KZ" || area === "UZ" ? areaCurrency[area] : undefined;
  if (!currency) return undefined;
  const slot = kept();
  if (!slot.memo || now - slot.memo.at > 60_000) slot.memo = { at: now, rates: await readStored(store) };
  const rates = slot.memo.rates;
  const rubPerUnit = rates?.rubPerUnit[currency];
  if (!rates || !rubPerUnit || now - rates.fetchedAt > STALE_AFTER_MS) return undefined;
  return { currency, perRouble: 1 / rubPerUnit, date: rates.date };
}

const symbols: Record<LocalCurrency, string> = { KZT: "₸", UZS: "сум" };
/** Rounded as people say such sums: tenge to the hundred, sums to the thousand. */
const roundTo: Record<LocalCurrency, number> = { KZT: 100, UZS: 1000 };

/** «≈ 561 200 ₸»: a rouble sum in the visitor's money, marked approximate. */
export function approximateText(roubles: number, rate: LocalRate): string {
  const step = roundTo[rate.currency];
  const amount = Math.round((roubles * rate.perRouble) / step) * step;
  return `≈\u00a0${new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 }).format(amount)}\u00a0${symbols[rate.currency]}`;
}

/** «по курсу ЦБ РФ на 28.11.2026» */
export const rateDateText = (rate: LocalRate) => `по курсу ЦБ РФ на ${rate.date.split("-").reverse().join(".")}`;
