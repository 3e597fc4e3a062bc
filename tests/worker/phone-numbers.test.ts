/**
 * Every real-shaped number of the phone table (tests/support/phone-numbers.ts) reaches the CRM as
 * its E.164 (issue 42): as the island sends it (pasted and formatted, or typed key by key before the
 * number library arrived) and as a form posted without JavaScript sends what was typed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { formatPhoneFallback, loadPhoneFormatter } from "../../src/services/leads/phone";
import { cleanMessages } from "../../src/services/leads/messages";
import { defaultCatalogue } from "../support/content";
import { phoneTable } from "../support/phone-numbers";
import { outboxOf, postForm, postJson, received, seedCrmToken, settled, validLead } from "./leads-helpers";
import { seedCatalogue } from "./seed";

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("phones-v1"));
  await seedCrmToken();
});

/** The field's text after `typed` was typed one key at a time, each key formatted as it came. */
const typeKeys = (format: (country: string, input: string) => string, country: string, typed: string) =>
  [...typed].reduce((field, key) => format(country, field + key), "");

/** What amoCRM and the CRM webhook received for the lead: the phone of each. */
async function phonesAtTheCrm(id: string): Promise<string[]> {
  await settled(id);
  const [amo] = await received("amocrm", id);
  const [webhook] = await received("genezis", id);
  const amoPhone = JSON.stringify(amo?.body).match(/"field_code":"PHONE","values":\[\{"value":"([^"]+)"/)?.[1];
  return [amoPhone ?? "none", (webhook?.body as { phone?: string } | undefined)?.phone ?? "none"];
}

describe("a phone number, however it was typed, reaches the CRM as E.164", () => {
  it.each(phoneTable)("%s %j (the field shows %j): pasted, typed before the library, and without JavaScript, it is %s", async (country, typed, _shown, e164) => {
    const format = await loadPhoneFormatter();
    const sent = [
      { via: "json", phone: format(country, typed) },
      { via: "json", phone: typeKeys(formatPhoneFallback, country, typed) },
      { via: "json", phone: typed },
      { via: "form", phone: typed },
    ];
    const ids = await Promise.all(
      sent.map(async ({ via, phone }) => {
        const lead = validLead({ phone, country });
        const response =
          via === "json"
            ? await postJson("/api/leads", lead)
            : await postForm("/api/leads", { form: "popup", id: lead.id, name: lead.name, phone, country, cta: lead.cta });
        expect(response.status, `${via} ${phone}`).toBe(via === "json" ? 200 : 303);
        return lead.id;
      }),
    );
    for (const id of ids) {
      expect((await outboxOf(id).get(id))?.phone).toBe(e164);
      expect(await phonesAtTheCrm(id)).toEqual([e164, e164]);
    }
  });

  it.each([
    ["kz", "+7 012345678"],
    ["uz", "12345678"],
    ["ru", "+7 (123) 456-78-90"],
  ])("%s: refuses %j, a number the country does not have, on its phone field with every other message at once", async (country, phone) => {
    const response = await postJson("/api/leads", validLead({ phone, country, name: "" }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors).toEqual({ name: "*Имя обязательно", phone: cleanMessages.phoneInvalid });
  });
});
