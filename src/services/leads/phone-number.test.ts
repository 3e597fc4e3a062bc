import { describe, expect, it } from "vitest";
import { cleanMessages } from "./messages";
import { toE164 } from "./phone-number";

describe("phone numbers as the CRM gets them", () => {
  it.each([
    ["+7 (912) 345-67-89", "ru", "+79123456789"],
    ["8 (916) 123-45-67", "ru", "+79161234567"],
    ["9161234567", "ru", "+79161234567"],
    ["+7 701 123 4567", "kz", "+77011234567"],
    ["8 701 123 4567", "kz", "+77011234567"],
    ["+998 90 123 45 67", "uz", "+998901234567"],
    ["90 123 45 67", "uz", "+998901234567"],
    ["+998 90 123 45 67", "ru", "+998901234567"],
  ])("%s in %s is %s", async (input, country, e164) => {
    expect(await toE164(input, country)).toEqual({ e164 });
  });

  it.each([
    ["+7 (123) 456-78-90", "ru"],
    ["+7 (912) 345-67", "ru"],
    ["12345678", "uz"],
  ])("refuses %s in %s: no such number", async (input, country) => {
    expect(await toE164(input, country)).toEqual({ error: cleanMessages.phoneInvalid });
  });
});
