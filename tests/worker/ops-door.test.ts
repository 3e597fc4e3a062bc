/** Every ops route sits behind one door (the ops sub-app's token check), whatever registers it. */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/worker/app";
import { defaultCatalogue } from "../support/content";
import { opsToken, origin } from "./leads-helpers";
import { seedCatalogue } from "./seed";
import { fetchWith, settingsWith } from "./with-settings";

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("ops-door-v1"));
});

/** Every route under the door, once; one registered for every method (ALL: a middleware, a catch-all) is walked with GET. */
const opsRoutes = [
  ...new Map(
    createApp()
      .routes.filter((route) => route.path.startsWith("/ops") || route.path.startsWith("/api/amoCRMexchangeToken"))
      .map((route) => ({ method: route.method === "ALL" ? "GET" : route.method, path: route.path.replace(/:[A-Za-z_]+/g, "x").replace(/\/\*$/, "") || "/" }))
      .map((route) => [`${route.method} ${route.path}`, route] as const),
  ).values(),
];

describe("ops behind one door", () => {
  it("has the routes ops use (the walk below is not empty)", () => {
    const paths = opsRoutes.map((route) => `${route.method} ${route.path}`);
    for (const expected of [
      "GET /ops/leads", "POST /ops/leads/x/retry", "PUT /ops/crm/token", "GET /ops/seminars", "PUT /ops/seminars/x/tickets", "PUT /ops/promos/x", "POST /api/amoCRMexchangeToken",
      // registered for every method: the door itself, the catalogue of the seminars' routes, the token exchange's guard
      "GET /ops", "GET /api/amoCRMexchangeToken",
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it.each(opsRoutes)("$method $path answers 401 without the token, never stored", async ({ method, path }) => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Basic ${opsToken}`, `Bearer ${opsToken}x`]) {
      const response = await SELF.fetch(`${origin}${path}`, { method, headers: authorization ? { Authorization: authorization } : {} });
      expect(response.status, `${authorization}`).toBe(401);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("answers ops with the token, never stored", async () => {
    const response = await SELF.fetch(`${origin}/ops/leads`, { headers: { Authorization: `Bearer ${opsToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const seminars = await SELF.fetch(`${origin}/ops/seminars`, { headers: { Authorization: `Bearer ${opsToken}` } });
    expect(seminars.status).toBe(200);
    expect(seminars.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps an unknown /ops address behind the door too", async () => {
    expect((await SELF.fetch(`${origin}/ops/anything-else`)).status).toBe(401);
  });

  it("never stores what a write answers (a form back with its values, an order)", async () => {
    const response = await SELF.fetch(`${origin}/api/leads`, { method: "POST", headers: { "Content-Type": "application/json", Origin: origin }, body: "{}" });
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it.each([
    ["unset", undefined],
    ["blank", ""],
    ["whitespace", " ".repeat(24)],
    ["not a bearer token (a space inside)", "ops token with spaces 0123456789"],
  ])("opens no ops route when OPS_TOKEN is %s, whatever the request carries", async (_, token) => {
    const settings = settingsWith(token === undefined ? {} : { OPS_TOKEN: token });
    if (token === undefined) delete (settings as Partial<Env> & { OPS_TOKEN?: string }).OPS_TOKEN;
    for (const authorization of [undefined, "Bearer", "Bearer ", `Bearer ${token ?? ""}`, `Bearer ${opsToken}`]) {
      for (const path of ["/ops/leads", "/ops/seminars"]) {
        const response = await fetchWith(settings, path, { headers: authorization === undefined ? {} : { Authorization: authorization } });
        expect(response.status, `${path} ${JSON.stringify(authorization)}`).toBe(401);
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
        expect(await response.json()).toEqual({ ok: false, message: "Нужен токен доступа (Authorization: Bearer ...)" });
      }
    }
  });
});
