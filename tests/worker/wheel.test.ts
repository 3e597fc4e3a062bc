import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { wheelMessages } from "../../src/routes/api/wheel";
import { GIFT_NOT_CONFIRMED } from "../../src/server/intake/gift";
import { WHEEL_TOKEN_MAX_AGE_MS } from "../../src/server/wheel.server";
import { LOCAL_SIGNING_SECRET } from "../../src/server/signing.settings";
import { hmacKey, purposeKeyBytes, signText } from "../../src/services/signing";
import { newVisitId } from "../../src/services/visit-evidence";
import { prizes } from "../../src/services/wheel";
import { defaultCatalogue } from "../support/content";
import { newPhone, origin, outboxOf, postJson, seedCrmToken, uniqueId, validLead, visitEvidence } from "./leads-helpers";
import { cleanMessages, refusals } from "../../src/services/leads/messages";
import { seedCatalogue } from "./seed";

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("wheel-v1"));
  await seedCrmToken();
});

type Spin = { ok: boolean; index: number; text: string; giftCode: string; token: string; repeated: boolean; message?: string; errors?: Record<string, string> };

/** A spin for a phone (a new one unless given) from an address (a new IPv4-like label unless given), with the cookies given. */
async function spin(cookie: string | undefined, address = uniqueId("ip"), phone: { phone: string; country?: string } = { phone: newPhone() }): Promise<{ status: number; spin: Spin }> {
  const response = await SELF.fetch(`${origin}/api/wheel/spin`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/json", "CF-Connecting-IP": address, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(phone),
  });
  return { status: response.status, spin: (await response.json()) as Spin };
}

describe("the fortune wheel on the server (decision 052)", () => {
  it("draws only for a visitor with the server's evidence of a visit: a script without it, or with an invented one, gets nothing", async () => {
    for (const cookie of [undefined, "first_visit=1767225600000.00000000000000000000000000000000.AAAA", "wheel_visitor=12345678-aaaa-bbbb-cccc-1234567890ab"]) {
      const { status, spin: answer } = await spin(cookie);
      expect(status, cookie).toBe(403);
      expect(answer).toEqual({ ok: false, message: wheelMessages.noVisit });
    }
  });

  it("draws a winnable prize of spec 3 for a phone, signed, naming no phone, and the same phone gets the same draw from any visit or address", async () => {
    const phone = newPhone();
    const first = await spin(await visitEvidence(), uniqueId("ip"), { phone });
    expect(first.status).toBe(200);
    expect(prizes[first.spin.index]).toMatchObject({ text: first.spin.text, giftCode: first.spin.giftCode });
    expect(prizes[first.spin.index]!.weight).toBeGreaterThan(0);
    expect(first.spin.token).toMatch(/^p[0-9a-f]{32}\.\d\.\d{13}\.[A-Za-z0-9_-]{43}$/);
    expect(first.spin.token).not.toContain(phone.replace(/\D/g, "").slice(1));
    expect(first.spin.repeated).toBe(false);
    // a new visit from another address, the number written otherwise: the phone decides, and a farmer's new visits draw nothing new
    const digits = phone.replace(/\D/g, "");
    const again = await spin(await visitEvidence(), uniqueId("ip"), { phone: `8 ${digits.slice(1)}`, country: "ru" });
    expect(again.spin).toMatchObject({ index: first.spin.index, token: first.spin.token, repeated: true });
  });

  it("draws by the weights of spec 3 over many phones: not one prize for all", async () => {
    const drawn = new Set<number>();
    for (let i = 0; i < 30; i++) drawn.add((await spin(await visitEvidence(), `2001:db8:f${i.toString(16)}::1`)).spin.index);
    expect(drawn.size).toBeGreaterThan(2);
    expect(drawn.has(prizes.findIndex((p) => p.weight === 0))).toBe(false);
  });

  it("refuses a spin without a phone, or with one no country has, with the field's message, before any draw", async () => {
    const visit = await visitEvidence();
    const none = await SELF.fetch(`${origin}/api/wheel/spin`, { method: "POST", headers: { Origin: origin, "Content-Type": "application/json", Cookie: visit }, body: "{}" });
    expect(none.status).toBe(400);
    expect(((await none.json()) as Spin).errors?.phone).toBeTruthy();
    const { status, spin: answer } = await spin(visit, uniqueId("ip"), { phone: "+7 (123) 456-78-90", country: "ru" });
    expect(status).toBe(400);
    expect(answer).toEqual({ ok: false, message: refusals.badValue, errors: { phone: cleanMessages.phoneInvalid } });
  });

  it("counts every spin against the address group's budget (SPIN_RATE_LIMIT, 10 an hour; a /48 four times that)", async () => {
    const block = `2001:db8:${(0x100 + Math.floor(Math.random() * 0xe00)).toString(16)}`;
    const statuses: number[] = [];
    // one /64, a new visit each time: the eleventh is refused
    for (let i = 0; i < 11; i++) statuses.push((await spin(await visitEvidence(), `${block}:1::${i + 1}`)).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    const refused = await spin(await visitEvidence(), `${block}:1::99`);
    expect(refused.spin).toEqual({ ok: false, message: wheelMessages.tooMany });
    // a new /64 of the same /48 each time: 40 in all, then the /48 refuses
    const wide: number[] = [];
    for (let i = 2; i < 34; i++) wide.push((await spin(await visitEvidence(), `${block}:${i.toString(16)}::1`)).status);
    expect(wide.filter((s) => s === 200)).toHaveLength(30);
    expect(wide.slice(30)).toEqual([429, 429]);
    // a 6to4 address is the IPv4 address it carries: its /48 is one budget of 10
    const sixToFour: number[] = [];
    for (let i = 0; i < 11; i++) sixToFour.push((await spin(await visitEvidence(), `2002:c633:6407:${(i + 1).toString(16)}::1`)).status);
    expect(sixToFour).toEqual([...Array(10).fill(200), 429]);
  });

  it("refuses a forged prize in a lead, and accepts the genuine one", async () => {
    const { spin: genuine } = await spin(await visitEvidence(), uniqueId("ip"), { phone: "+7 (912) 100-00-01" });
    // another prize than the one drawn (the draw is random: it may be promo1 itself)
    const other = genuine.index === 6 ? 5 : 6;
    const forged = await postJson("/api/leads", validLead({ gift: prizes[other]!.giftCode, giftToken: genuine.token.replace(/\.\d\./, `.${other}.`) }));
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { errors: Record<string, string> }).errors.gift).toBe(GIFT_NOT_CONFIRMED);
    const unsigned = await postJson("/api/leads", validLead({ gift: "promo8" }));
    expect(((await unsigned.json()) as { errors: Record<string, string> }).errors.gift).toBe(GIFT_NOT_CONFIRMED);
    const tampered = await postJson("/api/leads", validLead({ gift: genuine.giftCode, giftToken: `${genuine.token.slice(0, -4)}AAAA` }));
    expect(tampered.status).toBe(400);
    const honest = await postJson("/api/leads", validLead({ gift: genuine.giftCode, giftToken: genuine.token, phone: "+7 (912) 100-00-01" }));
    expect(honest.status).toBe(200);
  });

  it("refuses a token past its time (as long as the visit's evidence lives)", async () => {
    const key = await hmacKey(await purposeKeyBytes(LOCAL_SIGNING_SECRET, "wheel"));
    const body = `${newVisitId()}.1.${String(Date.now() - WHEEL_TOKEN_MAX_AGE_MS - 1000).padStart(13, "0")}`;
    const old = `${body}.${await signText(key, `wheel:${body}`)}`;
    const refused = await postJson("/api/leads", validLead({ gift: prizes[1]!.giftCode, giftToken: old }));
    expect(((await refused.json()) as { errors: Record<string, string> }).errors.gift).toBe(GIFT_NOT_CONFIRMED);
  });

  it("honours a drawn gift for its phone alone: another phone with the same gift keeps its lead, not the gift (logged)", async () => {
    const { spin: drawn } = await spin(await visitEvidence(), uniqueId("ip"), { phone: "+7 (912) 200-00-01" });
    const gift = { gift: drawn.giftCode, giftToken: drawn.token };
    const first = validLead({ ...gift, phone: "+7 (912) 200-00-01" });
    expect((await postJson("/api/leads", first)).status).toBe(200);
    expect(await outboxOf(first.id).get(first.id)).toMatchObject({ gift: drawn.giftCode });
    // the same person again (a second lead, the same phone written otherwise): still theirs
    const same = validLead({ ...gift, phone: "8 912 200 00 01" });
    expect((await postJson("/api/leads", same)).status).toBe(200);
    expect(await outboxOf(same.id).get(same.id)).toMatchObject({ gift: drawn.giftCode });
    // another phone: the lead is taken, the gift is not, and ops can see why
    const warned = vi.spyOn(console, "warn");
    const other = validLead({ ...gift, phone: "+7 (912) 200-00-02" });
    expect((await postJson("/api/leads", other)).status).toBe(200);
    const stored = await outboxOf(other.id).get(other.id);
    expect(stored).toMatchObject({ name: "Анна" });
    expect(stored?.gift).toBeUndefined();
    expect(warned.mock.calls.some(([line]) => String(line).includes('"event":"gift.dropped"') && String(line).includes(other.id))).toBe(true);
    warned.mockRestore();
    // the first phone with another phone's gift: one gift a phone
    const { spin: second } = await spin(await visitEvidence(), uniqueId("ip"), { phone: "+7 (912) 200-00-03" });
    const greedy = validLead({ gift: second.giftCode, giftToken: second.token, phone: "+7 (912) 200-00-01" });
    expect((await postJson("/api/leads", greedy)).status).toBe(200);
    expect((await outboxOf(greedy.id).get(greedy.id))?.gift).toBeUndefined();
  });

  it("honours a gift in a ticket order by the same rule", async () => {
    const { spin: drawn } = await spin(await visitEvidence(), uniqueId("ip"), { phone: "+7 (912) 300-00-01" });
    const seminar = defaultCatalogue("wheel-v1").seminars.find((s) => s.price > 0 && s.tickets_quantity > 10)!;
    const order = (phone: string) => ({ id: uniqueId("order"), name: "Ольга", phone, email: `${uniqueId("o")}@example.ru`, seminar_id: seminar.id, tickets: 1, cta: "buyTicket", gift: drawn.giftCode, giftToken: drawn.token });
    const first = order("+7 (912) 300-00-01");
    expect((await postJson("/api/tickets", first)).status).toBe(200);
    expect(await outboxOf(first.id).get(first.id)).toMatchObject({ gift: drawn.giftCode });
    const second = order("+7 (912) 300-00-02");
    expect((await postJson("/api/tickets", second)).status).toBe(200);
    expect((await outboxOf(second.id).get(second.id))?.gift).toBeUndefined();
  });

  it("is switched off by content", async () => {
    const catalogue = defaultCatalogue("wheel-off");
    await seedCatalogue({ ...catalogue, site: { ...catalogue.site, wheel: { enabled: false, pages: [] } } });
    expect((await spin(await visitEvidence())).status).toBe(403);
    const home = await (await SELF.fetch(`${origin}/`)).text();
    expect(home).not.toContain('data-island="promo/FortuneWheel"');
    await seedCatalogue(defaultCatalogue("wheel-v1"));
    expect(await (await SELF.fetch(`${origin}/`)).text()).toContain('data-island="promo/FortuneWheel"');
    expect(await (await SELF.fetch(`${origin}/teachers`)).text()).not.toContain('data-island="promo/FortuneWheel"');
  });
});
