import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { GIFT_NOT_CONFIRMED } from "../../src/server/intake/gift";
import { prizes } from "../../src/services/wheel";
import { defaultCatalogue } from "../support/content";
import { origin, postJson, seedCrmToken, validLead } from "./leads-helpers";
import { seedCatalogue } from "./seed";

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("wheel-v1"));
  await seedCrmToken();
});

type Spin = { ok: boolean; index: number; text: string; giftCode: string; token: string; repeated: boolean };

async function spin(cookie?: string): Promise<{ spin: Spin; cookie: string }> {
  const response = await SELF.fetch(`${origin}/api/wheel/spin`, { method: "POST", headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}) } });
  expect(response.status).toBe(200);
  const set = response.headers.getSetCookie().find((c) => c.startsWith("wheel_visitor="));
  return { spin: (await response.json()) as Spin, cookie: cookie ?? set!.split(";")[0]! };
}

describe("the fortune wheel on the server", () => {
  it("draws a winnable prize of spec 3, signed, and gives one spin per visitor", async () => {
    const first = await spin();
    expect(prizes[first.spin.index]).toMatchObject({ text: first.spin.text, giftCode: first.spin.giftCode });
    expect(prizes[first.spin.index]!.weight).toBeGreaterThan(0);
    expect(first.spin.token).toMatch(/^[\w-]+\.\d\.[0-9a-f]{64}$/);
    expect(first.cookie).toMatch(/^wheel_visitor=/);
    const again = await spin(first.cookie);
    expect(again.spin).toMatchObject({ index: first.spin.index, token: first.spin.token, repeated: true });
  });

  it("refuses a forged prize in a lead, and accepts the genuine one", async () => {
    const { spin: genuine } = await spin();
    // another prize than the one drawn (the draw is random: it may be promo1 itself)
    const other = genuine.index === 6 ? 5 : 6;
    const forged = await postJson("/api/leads", validLead({ gift: prizes[other]!.giftCode, giftToken: genuine.token.replace(/\.\d\./, `.${other}.`) }));
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { errors: Record<string, string> }).errors.gift).toBe(GIFT_NOT_CONFIRMED);
    const unsigned = await postJson("/api/leads", validLead({ gift: "promo8" }));
    expect(((await unsigned.json()) as { errors: Record<string, string> }).errors.gift).toBe(GIFT_NOT_CONFIRMED);
    const tampered = await postJson("/api/leads", validLead({ gift: genuine.giftCode, giftToken: `${genuine.token.slice(0, -4)}0000` }));
    expect(tampered.status).toBe(400);
    const honest = await postJson("/api/leads", validLead({ gift: genuine.giftCode, giftToken: genuine.token }));
    expect(honest.status).toBe(200);
  });

  it("is switched off by content", async () => {
    const catalogue = defaultCatalogue("wheel-off");
    await seedCatalogue({ ...catalogue, site: { ...catalogue.site, wheel: { enabled: false, pages: [] } } });
    const response = await SELF.fetch(`${origin}/api/wheel/spin`, { method: "POST", headers: { Origin: origin } });
    expect(response.status).toBe(403);
    const home = await (await SELF.fetch(`${origin}/`)).text();
    expect(home).not.toContain('data-island="promo/FortuneWheel"');
    await seedCatalogue(defaultCatalogue("wheel-v1"));
    expect(await (await SELF.fetch(`${origin}/`)).text()).toContain('data-island="promo/FortuneWheel"');
    expect(await (await SELF.fetch(`${origin}/teachers`)).text()).not.toContain('data-island="promo/FortuneWheel"');
  });
});
