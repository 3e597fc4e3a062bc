/**
 * When the phone library's metadata cannot be read (on the Worker, a static file: decision 095), a
 * lead is still taken: its number is read as the field reads it before the library, by its
 * country's mask, and the log says why.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { phoneTable } from "../../../tests/support/phone-numbers";
import { countryByCode } from "./phone";

let toE164: typeof import("./phone-number").toE164;
const logged: string[] = [];

beforeAll(async () => {
  // modules of their own, whose library has not loaded: the other files' keep theirs
  vi.resetModules();
  const source = await import("./phone-metadata-source");
  source.readPhoneMetadataWith(() => Promise.reject(new Error("the static file did not come")));
  ({ toE164 } = await import("./phone-number"));
  vi.spyOn(console, "error").mockImplementation((line: string) => void logged.push(line));
});

afterAll(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe("a phone number when the library's metadata cannot be read", () => {
  // the table's numbers of the three countries the institute serves, and another country's typed with its own "+"
  const foreign = (country: string, typed: string) => typed.startsWith("+") && !typed.replace(/\D/g, "").startsWith(countryByCode(country)!.dial);
  const served = phoneTable.filter(([country, typed]) => ["ru", "kz", "uz"].includes(country) || foreign(country, typed));

  it("covers numbers of each kind", () => {
    expect(served.length).toBeGreaterThan(15);
    expect(served.filter(([country, typed]) => foreign(country, typed))).toHaveLength(2);
  });

  it.each(served)("%s %j still reaches the CRM as %s", async (country, typed, _shown, e164) => {
    expect(await toE164(typed, country)).toEqual({ e164 });
  });

  it("is refused where it was typed when it is not a whole number of its country, or has a digit too many", async () => {
    expect(await toE164("+7 (912) 345-67", "ru")).toHaveProperty("error");
    expect(await toE164("90 123", "uz")).toHaveProperty("error");
    // nothing checks the number after this reading: a digit too many is never cut off into another number
    expect(await toE164("+7 912 345 67 890", "ru")).toHaveProperty("error");
    expect(await toE164("+7 701 234 56 789", "kz")).toHaveProperty("error");
    expect(await toE164("8 912 345 67 890", "ru")).toHaveProperty("error");
  });

  it("says in the log that the library was not at hand, and tries again on the next number", async () => {
    const before = logged.length;
    await toE164("+7 912 345 67 89", "ru");
    await toE164("+7 912 345 67 89", "ru");
    const lines = logged.slice(before).map((line) => JSON.parse(line) as { event: string; error: string });
    expect(lines).toEqual([
      { level: "error", event: "phone.library_unavailable", error: "the static file did not come" },
      { level: "error", event: "phone.library_unavailable", error: "the static file did not come" },
    ]);
  });
});
