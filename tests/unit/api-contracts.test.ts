/**
 * The JSON API's contracts at the type level (Hono's typed client over the routes' own types): a
 * route whose input or answer changes fails `npm test`'s type check here, before any island calls
 * it with the old shape. The assertions run at compile time; the tests only name them.
 */
import { hc } from "hono/client";
import { describe, expectTypeOf, it } from "vitest";
import type { LeadsApi } from "../../src/routes/api/leads";
import type { PromoApi } from "../../src/routes/api/promo";
import type { SearchApi } from "../../src/routes/api/search";
import type { TicketsApi } from "../../src/routes/api/tickets";
import type { WheelApi } from "../../src/routes/api/wheel";
import type { PromoData } from "../../src/services/promo";
import type { SearchResult } from "../../src/services/search/documents";
import type { SearchIndexData } from "../../src/services/search/engine";
import type { OrderSummary } from "../../src/services/tickets";

/** The JSON an endpoint answers, by the endpoint's client function. */
type Answer<F extends (...args: never[]) => Promise<{ json(): Promise<unknown> }>> = Awaited<ReturnType<Awaited<ReturnType<F>>["json"]>>;
type Body<F> = F extends (args: infer A, ...rest: never[]) => unknown ? (A extends { json: infer J } ? J : never) : never;

const refusal = { ok: false as const, message: "" };

describe("the JSON API's contracts", () => {
  it("POST /api/leads takes the popup's and the short forms' fields and answers the lead's id or a refusal", () => {
    const api = hc<LeadsApi>("https://mip.institute").api;
    expectTypeOf({ name: "Анна", phone: "+7 912 345-67-89" }).toMatchTypeOf<Body<typeof api.leads.$post>>();
    expectTypeOf({ form: "notFound" as const, name: "Анна", phone: "+7 912 345-67-89", email: "a@b.ru" }).toMatchTypeOf<Body<typeof api.leads.$post>>();
    expectTypeOf<Extract<Answer<typeof api.leads.$post>, { ok: true }>>().toEqualTypeOf<{ ok: true; id: string }>();
    expectTypeOf(refusal).toMatchTypeOf<Extract<Answer<typeof api.leads.$post>, { ok: false }>>();
  });

  it("POST /api/subscribe takes an e-mail and answers success", () => {
    const api = hc<LeadsApi>("https://mip.institute").api;
    expectTypeOf({ email: "a@b.ru" }).toMatchTypeOf<Body<typeof api.subscribe.$post>>();
    expectTypeOf<Answer<typeof api.subscribe.$post>["success"]>().toEqualTypeOf<boolean>();
  });

  it("POST /api/tickets takes the order and answers the count left and the order", () => {
    const api = hc<TicketsApi>("https://mip.institute").api;
    expectTypeOf({ name: "Анна", phone: "+7 912 345-67-89", email: "anna@example.ru", seminar_id: "s", tickets: 2 }).toMatchTypeOf<Body<typeof api.tickets.$post>>();
    expectTypeOf<Extract<Answer<typeof api.tickets.$post>, { ok: true }>>().toEqualTypeOf<{ ok: true; tickets_quantity: number; order: OrderSummary }>();
    expectTypeOf<Extract<Answer<typeof api.seminars[":id"]["tickets"]["$get"]>, { ok: true }>["tickets_quantity"]>().toEqualTypeOf<number>();
  });

  it("the promo, the wheel, the search and its index answer what the islands read", () => {
    expectTypeOf<Extract<Answer<ReturnType<typeof hc<PromoApi>>["api"]["promo"]["findPromo"][":utm_campaign"]["$get"]>, { promo_code: string }>>().toEqualTypeOf<PromoData>();
    expectTypeOf<Extract<Answer<ReturnType<typeof hc<WheelApi>>["api"]["wheel"]["spin"]["$post"]>, { ok: true }>>().toHaveProperty("giftCode").toEqualTypeOf<string>();
    const search = hc<SearchApi>("https://mip.institute").api.search;
    expectTypeOf<Extract<Answer<typeof search.$get>, { results: unknown }>["results"]>().toEqualTypeOf<SearchResult[]>();
    expectTypeOf<Extract<Answer<typeof search.$get>, { results: unknown }>["layoutSwitched"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Extract<Answer<typeof search.browser.$get>, { format: 2 }>>().toEqualTypeOf<SearchIndexData>();
  });
});
