import type { LeadRecord } from "../record";
import { expectOk, type Sink, skipped } from "./types";

const postJson = (body: unknown, id: string): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json", "Idempotency-Key": id },
  body: JSON.stringify(body),
});

/** The CRM webhook, the spec's genezis: the whole lead as JSON with its id; every lead goes there. */
export const genezis: Sink = {
  name: "genezis",
  applies: () => true,
  // its contract: a repeated Idempotency-Key is dropped
  repeatable: () => true,
  async send(lead, { config, fetch }) {
    if (!config.CRM_WEBHOOK_URL) return skipped("genezis");
    const response = await fetch(config.CRM_WEBHOOK_URL, postJson(lead, lead.id));
    await expectOk(response, "genezis");
    return { status: "delivered", detail: String(response.status) };
  },
};

/**
 * A sink that tells the CRM webhook of a change in an order (never for a new lead: the outbox adds
 * it when the order's state changes, LeadOutbox.orderExpired, orderEvent): the same lead id again,
 * with the event and the order's seats and times, and no person's data (it has them from the lead),
 * under an Idempotency-Key of its own (`key`), so a repeat is dropped.
 */
function orderEventHook(name: Sink["name"], event: string, key: (lead: LeadRecord) => string): Sink {
  return {
    name,
    applies: () => false,
    repeatable: () => true,
    async send(lead, { config, fetch }) {
      if (!config.CRM_WEBHOOK_URL) return skipped("genezis");
      const response = await fetch(config.CRM_WEBHOOK_URL, postJson({ id: lead.id, kind: lead.kind, event, ticket: lead.ticket }, key(lead)));
      await expectOk(response, "genezis");
      return { status: "delivered", detail: String(response.status) };
    },
  };
}

/** An order's hold ended unpaid (decision 050), or a free registration's unconfirmed (decision 093). */
export const genezisExpiry = orderEventHook("genezis_expiry", "order.expired", (lead) => `${lead.id}:expired`);

/** An order paid on the site (decision 085). */
export const genezisPaid = orderEventHook("genezis_paid", "order.paid", (lead) => `${lead.id}:paid`);

/** A free seminar's registration confirmed through the link in its letter (decision 093): not a payment. */
export const genezisConfirmed = orderEventHook("genezis_confirmed", "order.confirmed", (lead) => `${lead.id}:confirmed`);

/** Tickets of an order refunded (decision 085): the event with the count refunded so far; each new refund is a new key. */
export const genezisRefunded = orderEventHook("genezis_refunded", "order.refunded", (lead) => `${lead.id}:refunded:${lead.ticket?.refundedTickets ?? 0}`);

/** AdvCake: the lead with its AdvCake tracking ids (spec 7: POST advCakeNew with the lead). */
export const advcake: Sink = {
  name: "advcake",
  applies: (lead) => lead.kind !== "subscription",
  repeatable: () => true,
  async send(lead, { config, fetch }) {
    if (!config.ADVCAKE_URL) return skipped("advcake");
    const response = await fetch(
      config.ADVCAKE_URL,
      postJson({ id: lead.id, price: lead.price ?? 0, advcake_track_id: lead.advcake_track_id, advcake_track_url: lead.advcake_track_url, leadPage: lead.leadPage }, lead.id),
    );
    await expectOk(response, "advcake");
    return { status: "delivered" };
  },
};

/** Partners chosen by utm_source (spec 7): careerru goes to hh. */
const partnerEndpoints = {
  admitad: "ADMITAD_URL",
  edpartners: "EDPARTNERS_URL",
  sravni: "SRAVNI_URL",
  careerru: "HH_URL",
  leadmagnet: "LEADMAGNET_URL",
} as const;

type PartnerSource = keyof typeof partnerEndpoints;

const partnerSource = (lead: LeadRecord): PartnerSource | undefined => {
  const source = lead.utm.utm_source?.toLowerCase();
  return source && source in partnerEndpoints ? (source as PartnerSource) : undefined;
};

/** The partner of the lead's utm_source; admitad gets its postback with the lead id as order id. */
export const partner: Sink = {
  name: "partner",
  applies: (lead) => lead.kind !== "subscription" && partnerSource(lead) !== undefined,
  // the POST partners drop a repeated Idempotency-Key; nothing says Admitad drops a repeated order_id of a GET postback
  repeatable: (lead) => partnerSource(lead) !== "admitad",
  async send(lead, { config, fetch }) {
    const source = partnerSource(lead)!;
    const endpoint = config[partnerEndpoints[source]];
    if (!endpoint) return skipped(`partner ${source}`);
    if (source === "admitad") {
      const url = new URL(endpoint);
      url.search = new URLSearchParams({
        campaign_code: config.ADMITAD_CAMPAIGN_CODE ?? "",
        postback: "1",
        postback_key: config.ADMITAD_POSTBACK_KEY ?? "",
        action_code: "1",
        uid: lead.admitad_uid ?? "",
        order_id: lead.id,
        tariff_code: "1",
        payment_type: "lead",
      }).toString();
      await expectOk(await fetch(url.href, { headers: { "Idempotency-Key": lead.id } }), "admitad");
      return { status: "delivered", detail: source };
    }
    const response = await fetch(endpoint, postJson({ ...lead, source }, lead.id));
    await expectOk(response, source);
    return { status: "delivered", detail: source };
  },
};

/** Roistat proxy lead (spec 7: sendToRoistat), with the visit cookie or 'nocookie'. */
export const roistat: Sink = {
  name: "roistat",
  applies: (lead) => lead.kind !== "subscription",
  // a GET proxy lead: Roistat keeps no key to drop a repeat by
  repeatable: () => false,
  async send(lead, { config, fetch }) {
    if (!config.ROISTAT_URL) return skipped("roistat");
    const url = new URL(config.ROISTAT_URL);
    const params = new URLSearchParams({
      roistat: lead.roistat_visit ?? "nocookie",
      key: config.ROISTAT_KEY ?? "",
      title: `Заявка с сайта: ${lead.blockForAmo ?? lead.cta ?? lead.kind}`,
      name: lead.name ?? "",
      email: lead.email ?? "",
      phone: lead.phone ?? "",
      comment: lead.question ?? "",
      "fields[lead_id]": lead.id,
      "fields[leadPage]": lead.leadPage ?? "",
      "fields[promocode]": lead.promocode ?? "",
      "fields[roistatAB]": lead.roistatAB,
      "fields[area]": lead.area ?? "",
    });
    url.search = params.toString();
    await expectOk(await fetch(url.href, { headers: { "Idempotency-Key": lead.id } }), "roistat");
    return { status: "delivered" };
  },
};
