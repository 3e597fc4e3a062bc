/**
 * The islands call the API through Hono's typed client (src/client/api.ts). The client builds each
 * URL from the property path, and its rules are not the router's: a last `/index` is dropped, for
 * one. Types cannot see that (`/api/search/index` type-checked and every search in the browser
 * failed), so here every route of every typed API is walked through the real client and the URL it
 * builds must be the route's own path.
 */
import { hc } from "hono/client";
import { describe, expect, it } from "vitest";
import { leadsApi } from "../../src/routes/api/leads";
import { promoApi } from "../../src/routes/api/promo";
import { searchApi } from "../../src/routes/api/search";
import { ticketsApi } from "../../src/routes/api/tickets";
import { wheelApi } from "../../src/routes/api/wheel";

const origin = "https://mip.institute";
const apis = { leadsApi, promoApi, searchApi, ticketsApi, wheelApi };

type Walkable = { [segment: string]: Walkable } & { $url(args?: { param?: Record<string, string> }): URL };

describe("Hono's typed client reaches every route of the API by the route's own path", () => {
  for (const [name, api] of Object.entries(apis)) {
    // a route is listed once per handler (the validators are handlers too)
    const routes = [...new Map(api.routes.filter((route) => route.method !== "ALL").map((route) => [`${route.method} ${route.path}`, route])).values()];
    it(`${name}: ${routes.map((route) => `${route.method} ${route.path}`).join(", ")}`, () => {
      expect(routes.length).toBeGreaterThan(0);
      for (const route of routes) {
        const param: Record<string, string> = {};
        let endpoint = hc(origin) as unknown as Walkable;
        for (const segment of route.path.split("/").filter(Boolean)) {
          if (segment.startsWith(":")) param[segment.slice(1)] = `value-of-${segment.slice(1)}`;
          endpoint = endpoint[segment]!;
        }
        const expected = route.path.replace(/:([A-Za-z_]+)/g, (_, key: string) => `value-of-${key}`);
        expect(endpoint.$url({ param }).pathname, `${route.method} ${route.path}`).toBe(expected);
      }
    });
  }
});
