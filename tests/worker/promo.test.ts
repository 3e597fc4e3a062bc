import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultCatalogue } from "../support/content";
import { opsToken, origin, uniqueId } from "./leads-helpers";
import { seedCatalogue } from "./seed";

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("promo-v1"));
});

const put = (campaign: string, body: unknown, token = opsToken) =>
  SELF.fetch(`${origin}/ops/promos/${campaign}`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

const promo = { promo_code: "AUTUMN10", redirect_url: "https://gift.mip.institute/mini", is_active: true, show_sticky_bottom: false };

describe("promos", () => {
  it("round-trip: ops set a promo, the site finds it by utm_campaign, briefly cached at the edge", async () => {
    const campaign = uniqueId("autumn");
    expect((await put(campaign, promo)).status).toBe(200);
    const found = await SELF.fetch(`${origin}/api/promo/findPromo/${campaign}`);
    expect(found.status).toBe(200);
    expect(found.headers.get("cache-control")).toBe("public, max-age=60");
    expect(await found.json()).toEqual(promo);
  });

  it("answers 404 for a campaign without a promo", async () => {
    expect((await SELF.fetch(`${origin}/api/promo/findPromo/${uniqueId("none")}`)).status).toBe(404);
  });

  it.each(["with space", "a".repeat(101), "кириллица", "semi;colon"])("answers a campaign name it cannot hold (%j) as a campaign without a promo, and ops get 400", async (campaign) => {
    const found = await SELF.fetch(`${origin}/api/promo/findPromo/${encodeURIComponent(campaign)}`);
    expect(found.status).toBe(404);
    expect(await found.json()).toEqual({ ok: false, message: "Нет такой акции" });
    const set = await put(encodeURIComponent(campaign), promo);
    expect(set.status).toBe(400);
    expect(await set.json()).toEqual({ ok: false, message: "utm_campaign: латиница, цифры, . _ -" });
  });

  it("lets only ops set promos", async () => {
    expect((await put(uniqueId("x"), promo, "wrong-token-0123456789")).status).toBe(401);
  });

  it.each([
    "javascript:alert(document.cookie)",
    "JaVaScRiPt:alert(1)",
    "data:text/html;base64,PHNjcmlwdD4=",
    " https://gift.mip.institute/",
    "https://gift.mip.institute/\u0000x",
    "https://evil.example/phish",
    "https://user:pass@gift.mip.institute/",
    "http://gift.mip.institute/",
  ])("refuses the redirect %j with 400 and stores nothing", async (redirect) => {
    const campaign = uniqueId("bad");
    const response = await put(campaign, { ...promo, redirect_url: redirect });
    expect(response.status).toBe(400);
    expect((await SELF.fetch(`${origin}/api/promo/findPromo/${campaign}`)).status).toBe(404);
  });

  it("accepts a promo without a gift", async () => {
    const campaign = uniqueId("plain");
    expect((await put(campaign, { ...promo, redirect_url: null })).status).toBe(200);
    expect(await (await SELF.fetch(`${origin}/api/promo/findPromo/${campaign}`)).json()).toMatchObject({ redirect_url: null });
  });
});
