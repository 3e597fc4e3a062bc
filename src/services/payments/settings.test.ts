import { afterEach, describe, expect, it, vi } from "vitest";
import { freshIsolate } from "../isolate";
import { paymentSettings, readPaymentSettings, YOOKASSA_DEFAULT_API_URL } from "./settings";

const shop = { YOOKASSA_SHOP_ID: "100500", YOOKASSA_SECRET_KEY: "test_secret_key_0123456789" };

describe("the payment settings", () => {
  afterEach(() => vi.restoreAllMocks());

  it("switch paying on the site on with a shop id and a key, at YooKassa's own address by default, holding 15 minutes", () => {
    const { settings, problems } = readPaymentSettings(shop);
    expect(problems).toEqual([]);
    expect(settings).toEqual({ yookassa: { shopId: "100500", secretKey: shop.YOOKASSA_SECRET_KEY, apiUrl: YOOKASSA_DEFAULT_API_URL, vatCode: 1 }, holdMinutes: 15 });
    expect(readPaymentSettings({}).settings).toEqual({ yookassa: null, holdMinutes: 15 });
  });

  it("take a fraction of a minute for the hold, and nothing but a plain decimal", () => {
    expect(readPaymentSettings({ PAYMENT_HOLD_MINUTES: "0.5" }).settings.holdMinutes).toBe(0.5);
    for (const bad of [" ", "", "0x14", "1e3", "0b10", "-1", "0", "abc"]) {
      const { settings, problems } = readPaymentSettings({ PAYMENT_HOLD_MINUTES: bad });
      expect(settings.holdMinutes, bad).toBe(15);
      expect(problems.map((p) => p.setting)).toEqual(["PAYMENT_HOLD_MINUTES"]);
    }
  });

  it("refuse a blank or invalid value: the feature is off, and the secret's value is never named", () => {
    for (const env of [
      { ...shop, YOOKASSA_SHOP_ID: " " },
      { ...shop, YOOKASSA_SECRET_KEY: "" },
      { ...shop, YOOKASSA_SECRET_KEY: "bad key with spaces" },
      { ...shop, YOOKASSA_API_URL: "ftp://x" },
      { ...shop, YOOKASSA_VAT_CODE: "7" },
      { YOOKASSA_SHOP_ID: "100500" },
    ]) {
      const { settings, problems } = readPaymentSettings(env);
      expect(settings.yookassa, JSON.stringify(env)).toBeNull();
      expect(problems.length).toBeGreaterThan(0);
      expect(JSON.stringify(problems)).not.toContain("bad key with spaces");
    }
  });

  it("log a refused value once as config.invalid", () => {
    freshIsolate();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    paymentSettings({ ...shop, YOOKASSA_SHOP_ID: " " } as unknown as Env);
    paymentSettings({ ...shop, YOOKASSA_SHOP_ID: " " } as unknown as Env);
    const lines = error.mock.calls.map(([line]) => String(line)).filter((line) => line.includes("config.invalid"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("YOOKASSA_SHOP_ID");
  });
});
