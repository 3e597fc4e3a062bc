import { utmKeys } from "../../tracking";
import type { VisitorArea } from "../../visitor-area";
import type { LeadRecord } from "../record";
import { type AreaPipelines, expectOk, type Sink, type SinkContext, SinkError, skipped } from "./types";

/** AMOCRM_AREA_PIPELINES, "KZ=7012345,UZ=7012346": the amoCRM pipeline of each area's leads (the form is checked by config.server.ts). */
export function parseAreaPipelines(value: string): AreaPipelines {
  return Object.fromEntries(
    value.split(",").map((pair) => {
      const [area, id] = pair.split("=").map((part) => part.trim());
      return [area as VisitorArea, Number(id)];
    }),
  );
}

/** The tag of a lead the captcha did not verify (decision 045): no token came, or the check was out of reach. */
export const UNVERIFIED_TAG = "captcha:unverified";

const unverified = (lead: LeadRecord) => lead.captcha?.verdict === "unverified" || lead.turnstile === "unverified";

/**
 * The admissions CRM: one lead with its contact (phone, e-mail), UTM tags and the visitor's area
 * (`area:KZ`), tagged `captcha:unverified` when the captcha did not verify it, in leads/complex; in the pipeline ops mapped the area to, if any (decision 020).
 */
export function amoLead(lead: LeadRecord, pipelines: AreaPipelines = {}) {
  const contactFields = [
    ...(lead.phone ? [{ field_code: "PHONE", values: [{ value: lead.phone, enum_code: "WORK" }] }] : []),
    ...(lead.email ? [{ field_code: "EMAIL", values: [{ value: lead.email, enum_code: "WORK" }] }] : []),
  ];
  const tags = [
    lead.kind,
    ...(lead.area ? [`area:${lead.area}`] : []),
    ...(unverified(lead) ? [UNVERIFIED_TAG] : []),
    ...utmKeys.map((key) => lead.utm[key]).filter((value): value is string => Boolean(value)),
  ];
  const pipeline = lead.area ? pipelines[lead.area] : undefined;
  return {
    name: `${lead.blockForAmo ?? "Заявка с сайта"} (${lead.id})`,
    price: lead.price ?? 0,
    request_id: lead.id,
    ...(pipeline ? { pipeline_id: pipeline } : {}),
    _embedded: {
      contacts: [{ first_name: lead.name ?? "", custom_fields_values: contactFields }],
      tags: tags.map((name) => ({ name })),
    },
    custom_fields_values: utmKeys
      .filter((key) => lead.utm[key])
      .map((key) => ({ field_code: key.toUpperCase(), values: [{ value: lead.utm[key] }] })),
  };
}

/** The amoCRM lead whose name carries this lead's id (`GET /api/v4/leads?query=`; 204 when none). */
async function findLead(base: string, token: string, id: string, fetch: SinkContext["fetch"]): Promise<number | null> {
  const response = await fetch(`${base}/api/v4/leads?query=${encodeURIComponent(id)}`, { headers: { Authorization: `Bearer ${token}` } });
  if (response.status === 204) return null;
  const body = await expectOk(response, "amocrm lookup");
  const leads = (JSON.parse(body) as { _embedded?: { leads?: { id: number; name?: string }[] } })._embedded?.leads ?? [];
  return leads.find((found) => found.name?.includes(`(${id})`))?.id ?? null;
}

export const amocrm: Sink = {
  name: "amocrm",
  applies: (lead) => lead.kind !== "subscription",
  // it keeps no idempotency key, but a request in doubt is looked up by the lead's id first (below)
  repeatable: () => true,
  async send(lead, { config, fetch, crmAccessToken, inDoubt }) {
    if (!config.AMOCRM_BASE_URL) return skipped("amocrm");
    const token = await crmAccessToken();
    const base = config.AMOCRM_BASE_URL.replace(/\/$/, "");
    // amoCRM keeps no idempotency key: a request in doubt is looked up by the id in the lead's name first
    if (inDoubt) {
      const found = await findLead(base, token, lead.id, fetch);
      if (found !== null) return { status: "delivered", detail: `amo lead ${found} (found after a crash)` };
    }
    const response = await fetch(`${base}/api/v4/leads/complex`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, "Idempotency-Key": lead.id },
      body: JSON.stringify([amoLead(lead, config.AMOCRM_AREA_PIPELINES)]),
    });
    const body = await expectOk(response, "amocrm");
    const created = JSON.parse(body) as { id?: number }[];
    if (!Array.isArray(created) || typeof created[0]?.id !== "number") throw new SinkError(`amocrm: unexpected answer ${body.slice(0, 200)}`);
    return { status: "delivered", detail: `amo lead ${created[0].id}` };
  },
};

/** amoCRM's own status «Успешно реализовано», the same in every pipeline. */
const AMO_WON_STATUS = 142;

/** The tag a free registration's deal gets when its holder confirms it by the letter's link (decision 093). */
const CONFIRMED_TAG = "регистрация подтверждена";

/** The tag an order's deal gets when it is paid on the site. */
const PAID_ON_SITE_TAG = "оплачено на сайте";

/** amoCRM's own status «Закрыто и не реализовано», the same in every pipeline. */
export const AMO_LOST_STATUS = 143;

/** The tag an order's deal gets when its hold ends unpaid. */
export const HOLD_EXPIRED_TAG = "бронь истекла";

/**
 * A sink that moves an order's own deal (found by the order's id in its name) to `status` (null:
 * leaves it where admissions put it) and tags it, so admissions see why. Never for a new lead: the outbox adds it when the order's state changes
 * (LeadOutbox.orderExpired, orderEvent); retried while the deal is not there yet (the order's own
 * delivery comes first). Setting a status twice is one status.
 */
function orderDealUpdate(name: Sink["name"], status: number | null, tag: string, what: string): Sink {
  return {
    name,
    applies: () => false,
    repeatable: () => true,
    async send(lead, { config, fetch, crmAccessToken }) {
      if (!config.AMOCRM_BASE_URL) return skipped("amocrm");
      const token = await crmAccessToken();
      const base = config.AMOCRM_BASE_URL.replace(/\/$/, "");
      const deal = await findLead(base, token, lead.id, fetch);
      if (deal === null) throw new SinkError(`amocrm: no deal of order ${lead.id} yet`);
      const response = await fetch(`${base}/api/v4/leads/${deal}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...(status === null ? {} : { status_id: status }), tags_to_add: [{ name: tag }] }),
      });
      await expectOk(response, "amocrm");
      return { status: "delivered", detail: `amo lead ${deal}: ${what}` };
    },
  };
}

/** An order's hold ended unpaid (decision 050): its deal is closed as not realised. */
export const amocrmExpiry = orderDealUpdate("amocrm_expiry", AMO_LOST_STATUS, HOLD_EXPIRED_TAG, "hold expired");

/** An order paid on the site (decision 085): its deal is set to «Успешно реализовано». */
export const amocrmPaid = orderDealUpdate("amocrm_paid", AMO_WON_STATUS, PAID_ON_SITE_TAG, "paid");

/** A free seminar's registration confirmed (decision 093): tagged, and the deal stays where it is (nothing was sold). */
export const amocrmConfirmed = orderDealUpdate("amocrm_confirmed", null, CONFIRMED_TAG, "registration confirmed");
