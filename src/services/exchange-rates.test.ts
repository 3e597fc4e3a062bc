import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cbrXml, type FakeCbr, startFakeCbr } from "../../tests/support/fake-cbr";
import { approximateText, forgetExchangeRates, localRateFor, parseCbrXml, RATES_KEY, ratesUrl, refreshExchangeRates, STALE_AFTER_MS, REFRESH_AFTER_MS } from "./exchange-rates";

/** KV as the Worker sees it, in memory. */
function memoryKv() {
  const values = new Map<string, string>();
  return {
    values,
    get: (async (key: string, type?: string) => {
      const value = values.get(key);
      return value === undefined ? null : type === "json" ? JSON.parse(value) : value;
    }) as unknown as KVNamespace["get"],
    put: (async (key: string, value: string) => {
      values.set(key, value);
    }) as unknown as KVNamespace["put"],
  };
}

let cbr: FakeCbr;
beforeAll(async () => {
  cbr = await startFakeCbr();
});
afterAll(async () => {
  await cbr.close();
});
beforeEach(() => {
  cbr.answer = { date: "28.11.2026", kzt: "15,6812", uzs: "66,4217" };
  cbr.asked = 0;
  forgetExchangeRates();
});

const now = Date.parse("2026-11-28T09:00:00Z");

describe("the Central Bank's rates for visitors from Kazakhstan and Uzbekistan", () => {
  it("reads the tenge and the sum from the bank's XML, per unit, with the bank's date", () => {
    const rates = parseCbrXml(cbrXml({ date: "28.11.2026", kzt: "15,6812", uzs: "66,4217" }))!;
    expect(rates.date).toBe("2026-11-28");
    expect(rates.rubPerUnit.KZT).toBeCloseTo(0.156812, 6);
    expect(rates.rubPerUnit.UZS).toBeCloseTo(0.00664217, 8);
    expect(parseCbrXml(cbrXml({ date: "28.11.2026", kzt: "15,6812" }))).toBeNull();
    expect(parseCbrXml("<html>Service Unavailable</html>")).toBeNull();
  });

  it("is fetched by the schedule from the address of the setting, kept in KV with its date, and not asked again for hours", async () => {
    const kv = memoryKv();
    expect(await refreshExchangeRates({ CATALOGUE: kv, CBR_RATES_URL: cbr.url }, now)).toBe("stored");
    expect(cbr.asked).toBe(1);
    expect(JSON.parse(kv.values.get(RATES_KEY)!)).toMatchObject({ date: "2026-11-28", fetchedAt: now });
    expect(await refreshExchangeRates({ CATALOGUE: kv, CBR_RATES_URL: cbr.url }, now + 60_000)).toBe("kept");
    expect(cbr.asked).toBe(1);
    cbr.answer = { date: "29.11.2026", kzt: "15,9000", uzs: "66,0000" };
    expect(await refreshExchangeRates({ CATALOGUE: kv, CBR_RATES_URL: cbr.url }, now + REFRESH_AFTER_MS + 1)).toBe("stored");
    expect(JSON.parse(kv.values.get(RATES_KEY)!).date).toBe("2026-11-29");
  });

  it("keeps the rates it had when the bank fails or answers nonsense", async () => {
    const kv = memoryKv();
    await refreshExchangeRates({ CATALOGUE: kv, CBR_RATES_URL: cbr.url }, now);
    const kept = kv.values.get(RATES_KEY);
    cbr.answer = { date: "29.11.2026", status: 503 };
    expect(await refreshExchangeRates({ CATALOGUE: kv, CBR_RATES_URL: cbr.url }, now + REFRESH_AFTER_MS + 1)).toBe("failed");
    cbr.answer = { date: "29.11.2026" };
    expect(await refreshExchangeRates({ CATALOGUE: kv, CBR_RATES_URL: cbr.url }, now + REFRESH_AFTER_MS + 2)).toBe("failed");
    expect(kv.values.get(RATES_KEY)).toBe(kept);
  });

  it("gives a visitor from Kazakhstan tenge and one from Uzbekistan sums, marked approximate; nobody else, and nobody once the rate is stale", async () => {
    const kv = memoryKv();
    await refreshExchangeRates({ CATALOGUE: kv, CBR_RATES_URL: cbr.url }, now);
    const kz = (await localRateFor("KZ", kv, now))!;
    expect(approximateText(90_300, kz).replace(/\s/g, " ")).toBe("≈ 575 800 ₸");
    forgetExchangeRates();
    const uz = (await localRateFor("UZ", kv, now))!;
    expect(approximateText(90_300, uz).replace(/\s/g, " ")).toBe("≈ 13 595 000 сум");
    expect(await localRateFor("RU", kv, now)).toBeUndefined();
    expect(await localRateFor("other", kv, now)).toBeUndefined();
    forgetExchangeRates();
    expect(await localRateFor("KZ", kv, now + STALE_AFTER_MS + 1)).toBeUndefined();
    forgetExchangeRates();
    expect(await localRateFor("KZ", memoryKv(), now)).toBeUndefined();
  });

  it("asks the bank itself unless the setting names another http(s) address", () => {
    expect(ratesUrl(undefined)).toBe("https://www.cbr.ru/scripts/XML_daily.asp");
    expect(ratesUrl("ftp://x")).toBe("https://www.cbr.ru/scripts/XML_daily.asp");
    expect(ratesUrl("not a url")).toBe("https://www.cbr.ru/scripts/XML_daily.asp");
    expect(ratesUrl(cbr.url)).toBe(cbr.url);
  });
});
