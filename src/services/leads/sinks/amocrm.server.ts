import { utmKeys } from "../../tracking";
import type { LeadRecord } from "../record";
import { expectOk, type Sink, SinkError, skipped } from "./types";

/** The admissions CRM: one lead with its contact (phone, e-mail) and UTM tags, in leads/complex. */
export function amoLead(lead: LeadRecord) {
  const contactFields = [
    ...(lead.phone ? [{ field_code: "PHONE", values: [{ value: lead.phone, enum_code: "WORK" }] }] : []),
    ...(lead.email ? [{ field_code: "EMAIL", values: [{ value: lead.email, enum_code: "WORK" }] }] : []),
  ];
  const tags = [lead.kind, ...utmKeys.map((key) => lead.utm[key]).filter((value): value is string => Boolean(value))];
  return {
    name: `${lead.blockForAmo ?? "Заявка с сайта"} (${lead.id})`,
    price: lead.price ?? 0,
    request_id: lead.id,
    _embedded: {
      contacts: [{ first_name: lead.name ?? "", custom_fields_values: contactFields }],
      tags: tags.map((name) => ({ name })),
    },
    custom_fields_values: utmKeys
      .filter((key) => lead.utm[key])
      .map((key) => ({ field_code: key.toUpperCase(), values: [{ value: lead.utm[key] }] })),
  };
}

export const amocrm: Sink = {
  name: "amocrm",
  applies: (lead) => lead.kind !== "subscription",
  async send(lead, { config, fetch, crmAccessToken }) {
    if (!config.AMOCRM_BASE_URL) return skipped("amocrm");
    const token = await crmAccessToken();
    const response = await fetch(`${config.AMOCRM_BASE_URL.replace(/\/$/, "")}/api/v4/leads/complex`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, "Idempotency-Key": lead.id },
      body: JSON.stringify([amoLead(lead)]),
    });
    const body = await expectOk(response, "amocrm");
    const created = JSON.parse(body) as { id?: number }[];
    if (!Array.isArray(created) || typeof created[0]?.id !== "number") throw new SinkError(`amocrm: unexpected answer ${body.slice(0, 200)}`);
    return { status: "delivered", detail: `amo lead ${created[0].id}` };
  },
};
