import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WHEEL_STORAGE_KEY } from "../../services/wheel";
import { restoreWheelResult, wheelResult } from "./wheel";

const store = new Map<string, string>();

beforeEach(() => {
  store.clear();
  wheelResult.value = null;
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("the wheel's stored result", () => {
  it("comes back when it is a phone's draw, with the phone it is for", () => {
    const kept = { index: 1, text: "Доп скидка 10%", giftCode: "promo5", token: `p${"a".repeat(32)}.1.1764300000000.${"s".repeat(43)}`, phone: { phone: "+7 (903) 123-45-67", country: "ru" } };
    store.set(WHEEL_STORAGE_KEY, JSON.stringify(kept));
    restoreWheelResult();
    expect(wheelResult.value).toEqual(kept);
  });

  it("is forgotten when it is a visit's draw of before issue 40, whose gift no phone can claim: the wheel offers a spin again", () => {
    store.set(WHEEL_STORAGE_KEY, JSON.stringify({ index: 6, text: "Сертификат на 30 000 руб", giftCode: "promo1", token: `${"0".repeat(32)}.6.1764300000000.${"s".repeat(43)}` }));
    restoreWheelResult();
    expect(wheelResult.value).toBeNull();
    expect(store.has(WHEEL_STORAGE_KEY)).toBe(false);
  });
});
