import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { messages, refusals } from "../../src/services/leads/messages";
import { defaultCatalogue } from "../support/content";
import { origin, outboxOf, postForm, postJson, seedCrmToken, uniqueId, validLead } from "./leads-helpers";
import { seedCatalogue } from "./seed";

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("leads-v1"));
  await seedCrmToken();
});

async function errorsOf(response: Response) {
  expect(response.status).toBe(400);
  return ((await response.json()) as { errors: Record<string, string> }).errors;
}

describe("POST /api/leads validation (spec 5, exact texts)", () => {
  it.each([
    [{ name: "" }, "name", messages.nameRequired],
    [{ name: "А" }, "name", messages.nameTooShort],
    [{ name: "А".repeat(33) }, "name", messages.tooLong32],
    [{ phone: "" }, "phone", messages.phoneRequired],
    [{ phone: "+7 912 34" }, "phone", messages.phoneTooShort],
    [{ email: "anna@" }, "email", messages.emailInvalid],
    [{ promocode: "P".repeat(33) }, "promocode", messages.tooLong32],
    [{ gift: "G".repeat(33) }, "gift", messages.tooLong32],
    [{ question: "в".repeat(321) }, "question", messages.questionTooLong],
  ])("%j -> %s: %s", async (change, field, message) => {
    const errors = await errorsOf(await postJson("/api/leads", validLead(change)));
    expect(errors[field]).toBe(message);
  });

  it("accepts a lead without an e-mail, and a 32-character name and promo code", async () => {
    const response = await postJson("/api/leads", validLead({ email: "", name: "Я".repeat(32), promocode: "P".repeat(32) }));
    expect(response.status).toBe(200);
  });

  it("uses the not-found form's own messages", async () => {
    const errors = await errorsOf(await postJson("/api/leads", { form: "notFound", name: "", phone: "", email: "", fillMs: 5000 }));
    expect(errors).toEqual({ name: messages.nameRequiredNotFound, phone: messages.phoneRequired, email: messages.emailRequired });
  });

  it("answers 200 with the lead's id only once it is stored", async () => {
    const lead = validLead();
    const response = await postJson("/api/leads", lead);
    expect(await response.json()).toEqual({ ok: true, id: lead.id });
    const stored = await outboxOf(lead.id).get(lead.id);
    expect(stored).toMatchObject({ id: lead.id, name: "Анна", phone: "+7 (912) 345-67-89", kind: "lead", blockForAmo: "Психолог-консультант" });
  });

  it("keeps the server's tracking cookies with the lead", async () => {
    const lead = validLead();
    const utm = encodeURIComponent(JSON.stringify({ utm_source: "sravni", utm_campaign: "winter" }));
    await postJson("/api/leads", lead, { Cookie: `utm=${utm}; roistat_ab=visible; _ym_uid=1700000000123; roistat_visit=98765; advcake_track_id=adv-1` });
    expect(await outboxOf(lead.id).get(lead.id)).toMatchObject({
      utm: { utm_source: "sravni", utm_campaign: "winter" },
      roistatAB: "visible",
      ymUid: "1700000000123",
      roistat_visit: "98765",
      advcake_track_id: "adv-1",
    });
  });
});

describe("one lead, exactly once", () => {
  it("stores the same id sent twice in sequence as one lead", async () => {
    const lead = validLead();
    expect((await postJson("/api/leads", lead)).status).toBe(200);
    expect((await postJson("/api/leads", lead)).status).toBe(200);
    expect((await outboxOf(lead.id).list()).filter((l) => l.id === lead.id)).toHaveLength(1);
  });

  it("stores the same id sent twice at once as one lead", async () => {
    const lead = validLead();
    const answers = await Promise.all(Array.from({ length: 5 }, () => postJson("/api/leads", lead)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await outboxOf(lead.id).list()).filter((l) => l.id === lead.id)).toHaveLength(1);
  });
});

describe("what the API refuses, storing nothing", () => {
  const refusedAndNotStored = async (response: Response, status: number, id: string) => {
    expect(response.status).toBe(status);
    expect(await outboxOf(id).get(id)).toBeNull();
  };

  it("a post from another site: 403", async () => {
    const lead = validLead();
    await refusedAndNotStored(await postJson("/api/leads", lead, { Origin: "https://evil.example" }), 403, lead.id);
    const other = validLead();
    await refusedAndNotStored(await postJson("/api/leads", other, { "Sec-Fetch-Site": "cross-site" }), 403, other.id);
  });

  it("a body over 16 KB: 413", async () => {
    const lead = validLead({ question: "я".repeat(9000) });
    await refusedAndNotStored(await postJson("/api/leads", lead), 413, lead.id);
  });

  it("malformed JSON, a JSON array, a wrong content type: 400, 400, 415", async () => {
    expect((await postJson("/api/leads", '{"name": "Анна",')).status).toBe(400);
    expect((await postJson("/api/leads", "[1,2]")).status).toBe(400);
    const response = await postJson("/api/leads", "name=Анна", { "Content-Type": "text/plain" });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ ok: false, message: refusals.unsupportedType });
  });

  it("a filled honeypot, a form sent faster than a person can, a form without its fill time", async () => {
    for (const [lead, message] of [
      [validLead({ website: "http://spam.example" }), refusals.honeypot],
      [validLead({ fillMs: 200 }), refusals.tooFast],
      [validLead({ fillMs: undefined }), refusals.tooFast],
    ] as const) {
      const response = await postJson("/api/leads", lead);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
      expect(await outboxOf(lead.id).get(lead.id)).toBeNull();
    }
  });

  it("more than a few leads a minute from one address: 429 with a Russian message", async () => {
    const address = uniqueId("ip");
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await postJson("/api/leads", validLead(), { "CF-Connecting-IP": address })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await postJson("/api/leads", validLead(), { "CF-Connecting-IP": address });
    expect(((await refused.json()) as { message: string }).message).toBe(refusals.rateLimited);
  });

  it("prototype-pollution keys and unknown fields are dropped, not stored", async () => {
    const lead = validLead();
    const body = `{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}},${JSON.stringify(lead).slice(1)}`;
    expect((await postJson("/api/leads", body)).status).toBe(200);
    const stored = (await outboxOf(lead.id).get(lead.id)) as unknown as Record<string, unknown>;
    expect(Object.keys(stored)).not.toContain("polluted");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("the A/B variant 'visible' (Russian law wants a separate consent)", () => {
  const notFound = (extra: Record<string, unknown> = {}) => ({
    form: "notFound",
    id: uniqueId("nf"),
    name: "Пётр",
    phone: "+7 (912) 000-11-22",
    email: "petr@example.ru",
    fillMs: 4000,
    ...extra,
  });

  it("refuses the not-found form without the personal-data consent", async () => {
    const errors = await errorsOf(await postJson("/api/leads", notFound(), { Cookie: "roistat_ab=visible" }));
    expect(errors).toEqual({ consent: messages.consentRequired });
  });

  it("stores the consents given with the lead", async () => {
    const lead = notFound({ consent: true, subscribeNews: false });
    expect((await postJson("/api/leads", lead, { Cookie: "roistat_ab=visible" })).status).toBe(200);
    expect((await outboxOf(lead.id).get(lead.id))?.consent).toEqual({ personalData: true, news: false, variant: "visible" });
  });

  it("asks no consent checkbox of the variant 'hidden'", async () => {
    const lead = notFound();
    expect((await postJson("/api/leads", lead, { Cookie: "roistat_ab=hidden" })).status).toBe(200);
  });
});

describe("POST /api/subscribe", () => {
  it("answers the spec's messages for a missing or bad e-mail", async () => {
    const missing = await postJson("/api/subscribe", { email: "" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ success: false, errors: { email: messages.emailRequiredSubscribe } });
    const bad = await postJson("/api/subscribe", { email: "name@" });
    expect(await bad.json()).toEqual({ success: false, errors: { email: messages.emailInvalid } });
  });

  it("stores the same e-mail twice as one subscription", async () => {
    const email = `${uniqueId("reader")}@example.ru`;
    expect(await (await postJson("/api/subscribe", { email })).json()).toEqual({ success: true });
    expect(await (await postJson("/api/subscribe", { email: email.toUpperCase() })).json()).toEqual({ success: true });
    const { subscriptionId } = await import("../../src/services/leads/record");
    const id = await subscriptionId(email);
    const stored = (await outboxOf(id).list()).filter((lead) => lead.id === id);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.deliveries.map((d) => d.sink)).toEqual(["genezis"]);
  });

  it("requires the consent under the variant 'visible' and keeps it", async () => {
    const email = `${uniqueId("reader")}@example.ru`;
    const refused = await postJson("/api/subscribe", { email }, { Cookie: "roistat_ab=visible" });
    expect(await refused.json()).toEqual({ success: false, errors: { consent: messages.consentRequired } });
    await postJson("/api/subscribe", { email, consent: true, subscribeNews: true }, { Cookie: "roistat_ab=visible" });
    const { subscriptionId } = await import("../../src/services/leads/record");
    const id = await subscriptionId(email);
    expect((await outboxOf(id).get(id))?.consent).toEqual({ personalData: true, news: true, variant: "visible" });
  });
});

describe("forms without JavaScript", () => {
  it("a valid form post lands on the thank-you page", async () => {
    const response = await postForm("/api/leads", {
      form: "popup",
      cta: "askQuestion",
      name: "Мария",
      phone: "+7 (912) 111-22-33",
      question: "Можно ли учиться без психологического образования?",
      startedAt: String(Date.now() - 30_000),
    });
    expect(response.status).toBe(303);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/^\/gratefull\?lead=[A-Za-z0-9-]+$/);
    const id = new URL(location, origin).searchParams.get("lead")!;
    expect((await outboxOf(id).get(id))?.question).toBe("Можно ли учиться без психологического образования?");
  });

  it("an invalid form comes back with its messages and values, markup escaped", async () => {
    const response = await postForm("/api/leads", {
      form: "popup",
      cta: "askQuestion",
      name: "<script>alert(1)</script> Анна-Мария Иванова",
      phone: "123",
      startedAt: String(Date.now() - 30_000),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(messages.tooLong32);
    expect(html).toContain(messages.phoneTooShort);
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Анна-Мария Иванова");
  });

  it("a subscription posted without JavaScript answers with a page saying so", async () => {
    const response = await postForm("/api/subscribe", { email: `${uniqueId("reader")}@example.ru` });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Вы успешно подписаны!");
  });
});

describe("the thank-you page", () => {
  it("/gratefull thanks the visitor and offers the gift, the channel and the way home", async () => {
    const { SELF } = await import("cloudflare:test");
    const html = await (await SELF.fetch(`${origin}/gratefull`)).text();
    expect(html).toContain("Спасибо за заявку!");
    expect(html).toContain(`href="${defaultCatalogue().site.links.giftExchange}"`);
    expect(html).toContain(`href="${defaultCatalogue().site.links.messengerChannel}"`);
    expect(html).toContain("Вернуться на главную");
  });

  it("/apply shows the form of the CTA key with its title and description", async () => {
    const { SELF } = await import("cloudflare:test");
    const cta = defaultCatalogue().site.cta.askQuestion;
    const html = await (await SELF.fetch(`${origin}/apply?cta=askQuestion`)).text();
    expect(html).toContain(`<h1>${cta.title}</h1>`);
    expect(html).toContain('name="question"');
    expect(html).not.toContain('name="promocode"');
    expect(env).toBeDefined();
  });
});
