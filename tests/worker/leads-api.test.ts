import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { cleanMessages, messages, outcomes, refusals } from "../../src/services/leads/messages";
import { type LeadRecord, subscriptionId } from "../../src/services/leads/record";
import { INVALID_LEAD_ID } from "../../src/services/leads/schemas";
import { log } from "../../src/services/log";
import { VISIT_COOKIE } from "../../src/services/visit-evidence";
import { defaultCatalogue } from "../support/content";
import { origin, outboxOf, postForm, postJson, received, seedCrmToken, settled, uniqueId, validLead, visitEvidence } from "./leads-helpers";
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
    [{ name: "" }, "name", "*Имя обязательно"],
    [{ name: "А" }, "name", "*Не менее 2 символов"],
    [{ name: "А".repeat(33) }, "name", "*Не больше 32 символов"],
    [{ phone: "" }, "phone", "*Номер телефона обязателен"],
    [{ phone: "+7 912 34" }, "phone", "*Минимум 8 цифр"],
    [{ email: "anna@" }, "email", "Пожалуйста, введите корректный адрес электронной почты"],
    [{ promocode: "P".repeat(33) }, "promocode", "*Не больше 32 символов"],
    [{ gift: "G".repeat(33) }, "gift", "*Не больше 32 символов"],
    [{ question: "в".repeat(321) }, "question", "*Максимальная длинна вопроса 320 символов"],
  ])("%j -> %s: %s", async (change, field, message) => {
    const errors = await errorsOf(await postJson("/api/leads", validLead(change)));
    expect(errors[field]).toBe(message);
  });

  it("accepts a lead without an e-mail, and a 32-character name and promo code", async () => {
    const response = await postJson("/api/leads", validLead({ email: "", name: "Я".repeat(32), promocode: "P".repeat(32) }));
    expect(response.status).toBe(200);
  });

  it("uses the not-found form's own messages", async () => {
    const errors = await errorsOf(await postJson("/api/leads", { form: "notFound", name: "", phone: "", email: "" }));
    expect(errors).toEqual({ name: "*Введите ваше имя", phone: "*Номер телефона обязателен", email: "*Почта обязательна" });
  });

  it("refuses a form it does not know with 400 rather than taking it as the popup's (decision 019)", async () => {
    const lead = validLead({ form: "newsletter" });
    const response = await postJson("/api/leads", lead);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, message: "Проверьте поля формы", errors: { form: "Неизвестная форма заявки" } });
    expect(await outboxOf(lead.id).get(lead.id)).toBeNull();
  });

  it("answers 200 with the lead's id only once it is stored", async () => {
    const lead = validLead();
    const response = await postJson("/api/leads", lead);
    expect(await response.json()).toEqual({ ok: true, id: lead.id });
    const stored = await outboxOf(lead.id).get(lead.id);
    expect(stored).toMatchObject({ id: lead.id, name: "Анна", phone: "+79123456789", kind: "lead", blockForAmo: "Психолог-консультант" });
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

/** A popup's form as a browser without JavaScript posts it, with its lead's id. */
const formLead = () => ({ id: uniqueId("form"), form: "popup", cta: "askQuestion", name: "Мария", phone: "+7 (912) 111-22-33", question: "Можно ли учиться заочно?" });

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
    const sibling = formLead();
    await refusedAndNotStored(await postForm("/api/leads", sibling, { "Sec-Fetch-Site": "same-site", Origin: "https://blog.mip.institute" }), 403, sibling.id);
  });

  it("a form the visitor sends again themselves (Sec-Fetch-Site: none, an Origin the navigation does not give): taken", async () => {
    const lead = formLead();
    const response = await postForm("/api/leads", lead, { "Sec-Fetch-Site": "none", Origin: "null" });
    expect(response.status).toBe(303);
    expect(await outboxOf(lead.id).get(lead.id)).not.toBeNull();
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

  const refusedWith = async (response: Response, message: string, id: string) => {
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(message);
    expect(await outboxOf(id).get(id)).toBeNull();
  };

  it("a filled honeypot", async () => {
    const lead = validLead({ website: "http://spam.example" });
    await refusedWith(await postJson("/api/leads", lead), refusals.honeypot, lead.id);
  });

  it("a post with no page visit before it, whatever fill time or start it claims", async () => {
    for (const claim of [{ fillMs: 99_999 }, { startedAt: 0 }, { fillMs: 99_999, startedAt: Date.now() - 3600_000 }]) {
      const lead = validLead(claim);
      await refusedWith(await postJson("/api/leads", lead, {}, { visited: false }), refusals.noVisit, lead.id);
    }
  });

  it("a visit the site did not sign, or one changed after signing", async () => {
    const genuine = (await visitEvidence(60_000)).split("=")[1]!;
    for (const forged of [`${Date.now() - 60_000}.${"0".repeat(64)}`, `${Number(genuine.slice(0, 13)) - 3600_000}${genuine.slice(13)}`, "1", "x".repeat(78)]) {
      const lead = validLead();
      await refusedWith(await postJson("/api/leads", lead, { Cookie: `${VISIT_COOKIE}=${forged}` }, { visited: false }), refusals.noVisit, lead.id);
    }
  });

  it("a form sent sooner after the first page than a person can (LEAD_MIN_FILL_MS)", async () => {
    const lead = validLead();
    await refusedWith(await postJson("/api/leads", lead, { Cookie: await visitEvidence(200) }, { visited: false }), refusals.tooFast, lead.id);
  });

  it("takes the lead of a person who opened a page (a cached one too) and sent the form after the minimum", async () => {
    // read as a browser reads it: the copy for the edge cache is taken as the page streams out
    await (await SELF.fetch(`${origin}/contacts`)).text();
    for (const path of ["/contacts", "/apply?cta=consultMe"]) {
      const page = await SELF.fetch(`${origin}${path}`);
      await page.text();
      if (path === "/contacts") expect(page.headers.get("x-cache")).toBe("HIT");
      const cookie = page.headers.getSetCookie().find((line) => line.startsWith(`${VISIT_COOKIE}=`));
      expect(cookie, path).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Max-Age=31536000/);
      const evidence = cookie!.split(";")[0]!;
      // a person reads and types for longer than LEAD_MIN_FILL_MS (1 s in these tests) after the page arrives
      await new Promise((resolve) => setTimeout(resolve, 1_050));
      const lead = validLead();
      expect((await postJson("/api/leads", lead, { Cookie: evidence }, { visited: false })).status, path).toBe(200);
    }
  });

  it("hands the evidence out once: a page does not replace the visitor's own", async () => {
    const evidence = await visitEvidence(60_000);
    const page = await SELF.fetch(`${origin}/contacts`, { headers: { Cookie: evidence } });
    expect(page.headers.getSetCookie().some((line) => line.startsWith(`${VISIT_COOKIE}=`))).toBe(false);
  });

  it("more than a few leads a minute from one address: 429 with a Russian message", async () => {
    const address = uniqueId("ip");
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await postJson("/api/leads", validLead(), { "CF-Connecting-IP": address })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await postJson("/api/leads", validLead(), { "CF-Connecting-IP": address });
    expect(((await refused.json()) as { message: string }).message).toBe(refusals.rateLimited);
  });

  it("counts every address of one IPv6 /64 as one client, and no other header as the address", async () => {
    const block = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const headers = { "CF-Connecting-IP": `${block}:${i.toString(16)}::${(i * 7).toString(16)}`, "X-Forwarded-For": `198.51.100.${i}` };
      statuses.push((await postJson("/api/leads", validLead(), headers)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it("counts an IPv6 /48 against four times the budget, whatever /64 of it a lead comes from (decision 051)", async () => {
    const block = `2001:db8:${(0x1000 + Math.floor(Math.random() * 0xe000)).toString(16)}`;
    const statuses: number[] = [];
    for (let net = 1; net <= 5; net++) {
      for (let i = 0; i < 5; i++) statuses.push((await postJson("/api/leads", validLead(), { "CF-Connecting-IP": `${block}:${net}::${i + 1}` })).status);
    }
    // four /64s spend the /48's twenty; the fifth /64, fresh on its own, is refused by its /48
    expect(statuses).toEqual([...Array(20).fill(200), ...Array(5).fill(429)]);
  });

  it("counts a 6to4, Teredo, NAT64 or IPv4-mapped address as the IPv4 address it carries, subscriptions too", async () => {
    const octet = 1 + Math.floor(Math.random() * 250);
    const ipv4 = `203.0.113.${octet}`;
    const hex = `cb00:71${octet.toString(16).padStart(2, "0")}`;
    const inverted = [0xcb00 ^ 0xffff, (0x7100 | octet) ^ 0xffff].map((g) => g.toString(16)).join(":");
    const forms = [`2002:${hex}::1`, `2002:${hex}:9::2`, `2001:0:4136:e378:8000:63bf:${inverted}`, `64:ff9b::${ipv4}`, `::ffff:${ipv4}`, ipv4];
    const statuses: number[] = [];
    for (const address of forms) statuses.push((await postJson("/api/leads", validLead(), { "CF-Connecting-IP": address })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const subscribed = await postJson("/api/subscribe", { email: `${uniqueId("r")}@example.ru` }, { "CF-Connecting-IP": `2002:${hex}:abcd::1` });
    expect(subscribed.status).toBe(429);
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
    ...extra,
  });

  it("refuses the not-found form without the personal-data consent", async () => {
    const errors = await errorsOf(await postJson("/api/leads", notFound(), { Cookie: "roistat_ab=visible" }));
    expect(errors).toEqual({ consent: "*это поле обязательно" });
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
    expect(await missing.json()).toEqual({ success: false, errors: { email: "Пожалуйста, введите адрес электронной почты" } });
    const bad = await postJson("/api/subscribe", { email: "name@" });
    expect(await bad.json()).toEqual({ success: false, errors: { email: "Пожалуйста, введите корректный адрес электронной почты" } });
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

  it("refuses a subscription with no page visit before it (the footer's form is on a page the visitor opened), storing nothing", async () => {
    for (const claim of [{}, { fillMs: 99_999 }, { startedAt: 0 }]) {
      const email = `${uniqueId("reader")}@example.ru`;
      const refused = await postJson("/api/subscribe", { email, ...claim }, {}, { visited: false });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ success: false, message: refusals.noVisit });
      const id = await subscriptionId(email);
      expect(await outboxOf(id).get(id)).toBeNull();
    }
    const email = `${uniqueId("reader")}@example.ru`;
    const page = await postForm("/api/subscribe", { email }, {}, { visited: false });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(refusals.noVisit);
    const tooSoon = await postJson("/api/subscribe", { email }, { Cookie: await visitEvidence(200) }, { visited: false });
    expect(await tooSoon.json()).toEqual({ success: false, message: refusals.tooFast });
  });

  it("requires the consent under the variant 'visible' and keeps it", async () => {
    const email = `${uniqueId("reader")}@example.ru`;
    const refused = await postJson("/api/subscribe", { email }, { Cookie: "roistat_ab=visible" });
    expect(await refused.json()).toEqual({ success: false, errors: { consent: "*это поле обязательно" } });
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
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("*Не больше 32 символов");
    expect(html).toContain("*Минимум 8 цифр");
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

describe("clean data out: what reaches the CRM is what a person meant", () => {
  it("stores and sends the phone as E.164, read for the chosen country", async () => {
    for (const [phone, country, e164] of [
      ["8 (916) 123-45-67", "ru", "+79161234567"],
      ["+7 (912) 345-67-89", undefined, "+79123456789"],
      ["8 701 123 4567", "kz", "+77011234567"],
      ["90 123 45 67", "uz", "+998901234567"],
    ] as const) {
      const lead = validLead({ phone, country });
      expect((await postJson("/api/leads", lead)).status, phone).toBe(200);
      expect((await outboxOf(lead.id).get(lead.id))?.phone).toBe(e164);
    }
  });

  it.each([
    [{ phone: "<script>alert(1)</script>79161234567" }, "phone", cleanMessages.phoneCharacters],
    [{ phone: "call me at 79161234567 pls" }, "phone", cleanMessages.phoneCharacters],
    [{ phone: "+7 (123) 456-78-90" }, "phone", cleanMessages.phoneInvalid],
    [{ phone: "+7 (912) 345-67", country: "ru" }, "phone", cleanMessages.phoneInvalid],
    [{ name: "Ан\u0000на" }, "name", cleanMessages.nameCharacters],
    [{ name: "<b>Анна</b>" }, "name", cleanMessages.nameCharacters],
    [{ name: "Анна 2000" }, "name", cleanMessages.nameCharacters],
    [{ cta: "askQuestion", question: "Вопрос <img src=x onerror=alert(1)>" }, "question", cleanMessages.textCharacters],
    [{ cta: "askQuestion", question: "Вопрос\u0007" }, "question", cleanMessages.textCharacters],
    [{ promocode: "<script>" }, "promocode", cleanMessages.codeCharacters],
    [{ email: "anna\u0001@example.ru" }, "email", "Пожалуйста, введите корректный адрес электронной почты"],
    [{ email: '"anna"@example.ru' }, "email", "Пожалуйста, введите корректный адрес электронной почты"],
    [{ email: "<anna>@example.ru" }, "email", "Пожалуйста, введите корректный адрес электронной почты"],
    [{ email: "anna@example.ru>" }, "email", "Пожалуйста, введите корректный адрес электронной почты"],
    [{ name: "\u3164\u3164\u3164" }, "name", messages.nameRequired],
    [{ name: "\u0301\u0302\u0303" }, "name", cleanMessages.nameLetters],
    [{ name: "А\u0301" }, "name", cleanMessages.nameLetters],
    [{ name: "\u2800\u2800" }, "name", messages.nameRequired],
  ])("refuses %j with a Russian message on %s, storing nothing", async (change, field, message) => {
    const lead = validLead(change);
    const errors = await errorsOf(await postJson("/api/leads", lead));
    expect(errors[field]).toBe(message);
    expect(await outboxOf(lead.id).get(lead.id)).toBeNull();
  });

  it.each([
    ["leadPage", { leadPage: "/programs/<b>x</b>" }, cleanMessages.pageAddress],
    ["leadPage", { leadPage: "/programs/\u0000" }, cleanMessages.pageAddress],
    ["leadPage", { leadPage: "https://evil.example/" }, cleanMessages.pageAddress],
    ["referer", { referer: "https://ya.ru/<script>alert(1)</script>" }, cleanMessages.pageAddress],
    ["referer", { referer: "https://ya.ru/\u0000" }, cleanMessages.pageAddress],
    ["referer", { referer: "javascript:alert(1)" }, cleanMessages.pageAddress],
    ["utms", { utms: { utm_source: "<img src=x>" } }, cleanMessages.textCharacters],
    ["utms", { utms: { utm_content: "a\u0000" } }, cleanMessages.textCharacters],
    ["blockForAmo", { blockForAmo: "<b>Курс</b>" }, cleanMessages.textCharacters],
    ["blockForAmo", { blockForAmo: "Курс\u0000" }, cleanMessages.textCharacters],
  ])("refuses markup or NUL in the page's own field %s (%j), storing nothing", async (field, change, message) => {
    const lead = validLead(change);
    const errors = await errorsOf(await postJson("/api/leads", lead));
    expect(errors[field]).toBe(message);
    expect(await outboxOf(lead.id).get(lead.id)).toBeNull();
  });

  it("forwards no junk from cookies or headers the visitor did not type: markup, a direction override or NUL reaches no sink", async () => {
    const junkCookies = [
      `utm=${encodeURIComponent(JSON.stringify({ utm_source: "admitad", utm_medium: "<b>junk</b>", utm_campaign: "зима\u202E", utm_content: "junk\u0000" }))}`,
      "roistat_visit=<junk>",
      "_ym_uid=17%E2%80%AE42",
      "advcake_track_id=junk%00",
      `advcake_track_url=${encodeURIComponent("javascript:alert('junk')")}`,
      "admitad_uid=<junk-uid>",
      "click_id=junk%C2%A0",
    ].join("; ");
    const lead = validLead({ leadPage: undefined, referer: undefined });
    expect((await postJson("/api/leads", lead, { Cookie: junkCookies, Referer: "https://ya.ru/?q=<junk>" })).status).toBe(200);
    const stored = await outboxOf(lead.id).get(lead.id);
    // what shows nothing is removed, and what is left is kept when it fits (decision 053)
    expect(stored?.utm).toEqual({ utm_source: "admitad", utm_campaign: "зима" });
    expect(stored?.ymUid).toBe("1742");
    for (const field of ["referer", "roistat_visit", "advcake_track_id", "advcake_track_url", "admitad_uid", "click_id"] as const) {
      expect(stored?.[field], field).toBeUndefined();
    }
    const view = await settled(lead.id);
    const sinks = view.deliveries.map((d) => d.sink);
    expect(sinks).toEqual(expect.arrayContaining(["genezis", "advcake", "partner", "roistat", "amocrm"]));
    const receipts = (await Promise.all(["genezis", "advcake", "admitad", "roistat", "amocrm"].map((sink) => received(sink, lead.id)))).flat();
    expect(receipts.length).toBeGreaterThanOrEqual(5);
    const sent = JSON.stringify(receipts);
    expect(sent).not.toContain("junk");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not arrive
    expect(sent).not.toMatch(/[<>\u202E\u0000\u0080-\u009f]|\\u0000|javascript:/);
    // a header is bytes: a direction override arrives as its UTF-8 bytes, read one by one as C1 controls
    for (const referer of ["https://ya.ru/junk\u00E2\u0080\u00AE", "javascript:alert('junk')", "ftp://ya.ru/junk", "https://ya.ru/ junk"]) {
      const other = validLead({ leadPage: undefined, referer: undefined });
      expect((await postJson("/api/leads", other, { Referer: referer })).status, referer).toBe(200);
      expect((await outboxOf(other.id).get(other.id))?.referer, referer).toBeUndefined();
    }

    // the same cookies and header when they are what the site and its partners write: forwarded
    const clean = validLead();
    const cleanCookies = [
      `utm=${encodeURIComponent(JSON.stringify({ utm_source: "admitad", utm_campaign: "зима 2026" }))}`,
      "roistat_visit=98765",
      "_ym_uid=1700000000123",
      "advcake_track_id=adv-1.a_b",
      `advcake_track_url=${encodeURIComponent("https://advcake.example/track?id=1&x=%3C")}`,
      "admitad_uid=uid-123",
      "click_id=click-5",
    ].join("; ");
    expect((await postJson("/api/leads", { ...clean, referer: undefined }, { Cookie: cleanCookies, Referer: "https://ya.ru/search?q=%D0%BF%D1%81%D0%B8%D1%85%D0%BE%D0%BB%D0%BE%D0%B3" })).status).toBe(200);
    expect(await outboxOf(clean.id).get(clean.id)).toMatchObject({
      utm: { utm_source: "admitad", utm_campaign: "зима 2026" },
      referer: "https://ya.ru/search?q=%D0%BF%D1%81%D0%B8%D1%85%D0%BE%D0%BB%D0%BE%D0%B3",
      roistat_visit: "98765",
      ymUid: "1700000000123",
      advcake_track_id: "adv-1.a_b",
      advcake_track_url: "https://advcake.example/track?id=1&x=%3C",
      admitad_uid: "uid-123",
      click_id: "click-5",
    });
  });

  it("keeps a junk Referer out of a subscription, and junk UTM parameters out of the visitor's cookie", async () => {
    const email = `${uniqueId("reader")}@example.ru`;
    expect((await postJson("/api/subscribe", { email }, { Referer: "https://mip.institute/<junk>" })).status).toBe(200);
    const id = await subscriptionId(email);
    expect((await outboxOf(id).get(id))?.leadPage).toBeUndefined();
    const page = await SELF.fetch(`${origin}/contacts?utm_source=vk&utm_campaign=${encodeURIComponent("<junk>")}&utm_term=${encodeURIComponent("a\u202Eb")}`);
    await page.text();
    const cookie = page.headers.getSetCookie().find((line) => line.startsWith("utm="));
    // the direction override is removed, as from what a person types; the markup refuses the value
    expect(decodeURIComponent(cookie?.split(";")[0]?.slice(4) ?? "")).toBe(JSON.stringify({ utm_source: "vk", utm_term: "ab" }));
  });

  it("removes what shows nothing before anything is checked, from typed fields, the page's own and the cookies alike", async () => {
    const invisible = ["\u200b", "\u00ad", "\u061c", "\u180e", "\u2800", "\u202e", "\u2066", "\u{E0041}\u{E0042}", "\ufeff", "\u3164"];
    for (const mark of invisible) {
      const lead = validLead({
        name: `Ан${mark}на`,
        email: `anna${mark}@example.ru`,
        cta: "askQuestion",
        question: `Сколько${mark} стоит?`,
        promocode: `ZIMA${mark}`,
        blockForAmo: `Курс${mark}`,
        leadPage: `/programs${mark}`,
        utms: { utm_campaign: `зима${mark}` },
      });
      expect((await postJson("/api/leads", lead)).status, JSON.stringify(mark)).toBe(200);
      expect(await outboxOf(lead.id).get(lead.id), JSON.stringify(mark)).toMatchObject({
        name: "Анна",
        email: "anna@example.ru",
        question: "Сколько стоит?",
        promocode: "ZIMA",
        blockForAmo: "Курс",
        leadPage: "/programs",
        utms: { utm_campaign: "зима" },
      });
    }
    // the form posted without JavaScript is read by the same rules
    const posted = await postForm("/api/leads", { form: "popup", cta: "consultMe", name: "Ан\u200bна", phone: "+7 (912) 345-67-89", email: "anna\u00ad@example.ru", id: uniqueId("plain") });
    expect(posted.status).toBe(303);
    const id = new URL(posted.headers.get("location")!, origin).searchParams.get("lead")!;
    expect(await outboxOf(id).get(id)).toMatchObject({ name: "Анна", email: "anna@example.ru" });
  });

  it("takes an e-mail as the browser's e-mail field does (the HTML standard's rule), another script's domain too", async () => {
    for (const email of ["anna.o'neil+курсы@example.ru".replace("курсы", "kursy"), "a@b", "anna@почта.рф", "ANNA@Example.RU"]) {
      const lead = validLead({ email });
      expect((await postJson("/api/leads", lead)).status, email).toBe(200);
    }
    for (const email of ["anna@", "@example.ru", "anna@example..ru", "anna@-example.ru", "анна@example.ru", "anna@exa_mple.ru", "anna example@example.ru", "anna@example.ru,bob@example.ru"]) {
      const lead = validLead({ email });
      expect((await errorsOf(await postJson("/api/leads", lead))).email, email).toBe(messages.emailInvalid);
    }
  });

  it("stores and sends a value a spreadsheet would run as a formula with an apostrophe before it, wherever it comes from", async () => {
    const lead = validLead({
      cta: "askQuestion",
      question: '=HYPERLINK("https://evil.example","Нажмите")',
      promocode: "-X1",
      email: "=cmd@example.ru",
      utms: { utm_content: "+1" },
    });
    const cookies = [`utm=${encodeURIComponent(JSON.stringify({ utm_source: "vk", utm_campaign: "@SUM(1)" }))}`, "roistat_visit=-42"].join("; ");
    expect((await postJson("/api/leads", lead, { Cookie: cookies })).status).toBe(200);
    expect(await outboxOf(lead.id).get(lead.id)).toMatchObject({
      question: '\'=HYPERLINK("https://evil.example","Нажмите")',
      promocode: "'-X1",
      email: "'=cmd@example.ru",
      utms: { utm_content: "'+1" },
      utm: { utm_source: "vk", utm_campaign: "'@SUM(1)" },
      roistat_visit: "'-42",
      // the phone is E.164: a + and digits, no formula
      phone: "+79123456789",
    });
    await settled(lead.id);
    const [genezis] = await received("genezis", lead.id);
    expect(genezis?.body).toMatchObject({ question: '\'=HYPERLINK("https://evil.example","Нажмите")', email: "'=cmd@example.ru" });
    const [amo] = await received("amocrm", lead.id);
    expect(JSON.stringify(amo?.body)).toContain("'=cmd@example.ru");
    expect(JSON.stringify(amo?.body)).not.toMatch(/"=/);
  });

  it("trims what a person typed and keeps multi-line questions", async () => {
    const lead = validLead({ name: "  Анна-Мария  ", cta: "askQuestion", question: "Первая строка\nвторая строка" });
    expect((await postJson("/api/leads", lead)).status).toBe(200);
    expect(await outboxOf(lead.id).get(lead.id)).toMatchObject({ name: "Анна-Мария", question: "Первая строка\nвторая строка" });
  });
});

describe("one id, one request", () => {
  it("refuses an id sent again with other values: 409 with a Russian message, the first lead untouched", async () => {
    const lead = validLead();
    expect((await postJson("/api/leads", lead)).status).toBe(200);
    const again = await postJson("/api/leads", { ...lead, name: "Борис" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ ok: false, message: refusals.idConflict, code: "id_conflict" });
    expect((await outboxOf(lead.id).get(lead.id))?.name).toBe("Анна");
  });

  it("takes the same values sent again (a retry after a lost answer) as the same lead", async () => {
    const lead = validLead({ phone: "+7 (912) 345-67-89" });
    expect((await postJson("/api/leads", lead)).status).toBe(200);
    // written another way, the same number is the same request
    expect((await postJson("/api/leads", { ...lead, phone: "8 912 345 67 89" })).status).toBe(200);
  });

  it("refuses a subscription's id used for a lead", async () => {
    const email = `${uniqueId("reader")}@example.ru`;
    await postJson("/api/subscribe", { email });
    const lead = validLead({ id: await subscriptionId(email) });
    const refused = await postJson("/api/leads", lead);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ ok: false, errors: { id: INVALID_LEAD_ID } });
  });

  it("keeps the subscriptions' ids to subscriptions: a lead or an order posted first under one cannot block the subscription", async () => {
    const email = `${uniqueId("reader")}@example.ru`;
    const id = await subscriptionId(email);
    for (const taken of [id, id.toUpperCase().replace("SUB-", "sub-"), `sub-${"0".repeat(32)}`]) {
      const lead = await postJson("/api/leads", validLead({ id: taken }));
      expect(lead.status, taken).toBe(400);
      expect(await lead.json()).toMatchObject({ ok: false, errors: { id: INVALID_LEAD_ID } });
    }
    const order = await postJson("/api/tickets", { ...validLead({ id }), seminar_id: "any", tickets: 1 });
    expect(order.status).toBe(400);
    expect(await outboxOf(id).get(id)).toBeNull();
    expect(await (await postJson("/api/subscribe", { email })).json()).toEqual({ success: true });
    expect(await outboxOf(id).get(id)).toMatchObject({ kind: "subscription", email });
  });

  it("never answers success for a subscription whose id the outbox holds for another request", async () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const email = `${uniqueId("reader")}@example.ru`;
    const id = await subscriptionId(email);
    // a lead stored under the id before client ids were kept out of the subscriptions' namespace
    const legacy: LeadRecord = { id, kind: "lead", receivedAt: Date.now(), name: "Анна", phone: "+79123456789", utm: {}, roistatAB: "hidden", consent: { personalData: null, news: null, variant: "hidden" } };
    expect(await outboxOf(id).accept(legacy, "fingerprint-of-a-lead")).toEqual({ outcome: "accepted" });
    const answer = await postJson("/api/subscribe", { email });
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({ success: false, message: outcomes.subscribeFailed });
    expect(errors).toHaveBeenCalledWith("subscribe.conflict", expect.objectContaining({ id }));
    expect((await outboxOf(id).get(id))?.kind).toBe("lead");
    const page = await postForm("/api/subscribe", { email });
    expect(page.status).toBe(409);
    expect(await page.text()).toContain(outcomes.subscribeFailed);
    vi.restoreAllMocks();
  });
});
