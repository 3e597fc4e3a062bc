/**
 * Property-based tests over every API and form (fast-check): random and hostile values (huge,
 * unicode-tricky, wrong types, nested, prototype-pollution keys, markup) must never get a 5xx,
 * must store nothing when refused, and must come back escaped wherever a page shows them again.
 */
import { SELF } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { subscriptionId } from "../../src/services/leads/record";
import { defaultCatalogue } from "../support/content";
import { fakes, opsToken, origin, outboxOf, seedCrmToken, uniqueId, validLead, visitorCookies } from "./leads-helpers";
import { seedCatalogue } from "./seed";

// the same inputs on every run unless FC_SEED says otherwise (vitest.config.ts)
fc.configureGlobal({ seed: inject("fcSeed") });

const catalogue = defaultCatalogue("hostile-v1");
const futureSeminars = catalogue.seminars.filter((s) => Date.parse(s.targetDate) > Date.now() && s.tickets_quantity > 0);
const ticketSeminar = futureSeminars[0]!;
const opsSeminar = futureSeminars[1] ?? ticketSeminar;

beforeAll(async () => {
  await seedCatalogue(catalogue);
  await seedCrmToken();
});

/** Fewer runs than fast-check's default: each one is a real request through workerd. */
const runs = (numRuns: number) => ({ numRuns, endOnFailure: true });

// ---------------------------------------------------------------- arbitraries

/** Characters that break naive code: lone surrogates, direction marks, NUL, joiners, combining marks, separators. */
const trickyPiece = fc.constantFrom(
  "\uD800", "\uDFFF", "\uDC00\uD800", "\u202E", "\u200F", "\u2066", "\u0000", "\u0007", "\uFEFF", "\u2028", "\u2029",
  "👩‍👩‍👧‍👦", "🏳️‍🌈", "e\u0301\u0301\u0301\u0301", "Z\u0351\u0352\u0353\u0354", "\r\n", "\t", "%", "%E0%A4%A", "%00", "\\u0000",
  "\\", '"', "'", "`", "$" + "{x}", "{{7*7}}", "../../", "null", "NaN", "-0", "1e309", "Анна", "Ӛӛ", "ᴬ",
);

/** Markup and script payloads, each with a marker that never occurs in a page unless it is unescaped. */
const markupPiece = fc.constantFrom(
  "<xss-a>",
  "<script>alert('xss')</script>",
  '"><xss-b onx=1>',
  "'><xss-c>",
  "</script><xss-d>",
  "</textarea><xss-e>",
  "<svg/onload=alert(1)>",
  "javascript:alert(1)",
  "<!--<xss-f>-->",
  "<![CDATA[<xss-g>]]>",
);

const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.array(fc.oneof(trickyPiece, markupPiece, fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 6 }).map((parts) => parts.join("")),
  fc.tuple(fc.oneof(trickyPiece, markupPiece), fc.integer({ min: 50, max: 3000 })).map(([piece, times]) => piece.repeat(times)),
);

const pollutionKey = fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "__defineGetter__");
const leadField = fc.constantFrom(
  "id", "name", "phone", "email", "country", "promocode", "gift", "giftToken", "question", "cta", "blockForAmo", "price", "leadPage",
  "referer", "utms", "form", "fillMs", "startedAt", "website", "consent", "subscribeNews", "seminar_id", "tickets", "date",
  "seminar_tickets_quantity", "seminar_title", "cf-turnstile-response", "smart-token",
);
const hostileKey = fc.oneof(pollutionKey, leadField, hostileString);

/** Any JSON value, hostile at every level; objects are kept as entry lists so `__proto__` stays a real key. */
type Json = string | number | boolean | null | Json[] | { entries: [string, Json][] };
const { json: hostileJson } = fc.letrec<{ json: Json }>((tie) => ({
  json: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("json"), { maxLength: 3 }),
    fc.array(fc.tuple(hostileKey, tie("json")), { maxLength: 3 }).map((entries) => ({ entries })),
  ),
}));

function toJson(value: Json): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(toJson).join(",")}]`;
  return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`).join(",")}}`;
}

/** A valid body with some fields replaced by hostile values, or hostile keys added. */
const mutatedBody = (base: () => Record<string, unknown>) =>
  fc.array(fc.tuple(hostileKey, hostileJson), { minLength: 1, maxLength: 4 }).map((changes) => {
    const body = base();
    const entries: [string, string][] = Object.entries(body).map(([key, value]) => [key, JSON.stringify(value)]);
    for (const [key, value] of changes) {
      const at = entries.findIndex(([existing]) => existing === key);
      if (at >= 0) entries[at] = [key, toJson(value)];
      else entries.push([key, toJson(value)]);
    }
    return { id: body.id as string, text: `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(",")}}` };
  });

/** Form fields as a browser would send them: a valid lead with some fields hostile, and hostile extra fields. */
const mutatedForm = (base: () => Record<string, unknown>) =>
  fc.array(fc.tuple(hostileKey, hostileString), { minLength: 1, maxLength: 4 }).map((changes) => {
    const body = base();
    const fields = new URLSearchParams();
    for (const [key, value] of Object.entries(body)) fields.set(key, String(value));
    for (const [key, value] of changes) fields.set(key, value);
    return { id: body.id as string, fields };
  });

// ---------------------------------------------------------------- checks

/** Raw markup of our payloads: present only if a value was written into the page unescaped. */
const UNESCAPED = /<xss-|<script>alert|<svg\/onload|href="javascript:|<!\[CDATA\[/i;

function expectNo5xx(response: Response, what: string): void {
  expect(response.status, `${what} answered ${response.status}`).toBeLessThan(500);
}

async function expectEscaped(response: Response): Promise<void> {
  const type = response.headers.get("content-type") ?? "";
  const text = await response.text();
  if (type.startsWith("text/html")) expect(text).not.toMatch(UNESCAPED);
  else if (type.startsWith("application/json")) expect(() => JSON.parse(text)).not.toThrow();
}

const validId = (id: unknown): id is string => typeof id === "string" && /^[A-Za-z0-9_-]{8,64}$/.test(id);

/** Nothing in the outbox and nothing at any fake third party for a refused lead. */
async function expectNothingStored(id: string): Promise<void> {
  expect(await outboxOf(id).get(id)).toBeNull();
  expect(await (await fetch(`${fakes}/__received?id=${encodeURIComponent(id)}`)).json()).toEqual([]);
}

function expectPrototypesClean(): void {
  const probe = {} as Record<string, unknown>;
  for (const key of ["polluted", "x", "isAdmin"]) expect(probe[key]).toBeUndefined();
  expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
}

const headers = (type: string, extra: Record<string, string> = {}) => ({ "Content-Type": type, Origin: origin, "CF-Connecting-IP": uniqueId("ip"), ...extra });
/** Posted by a visitor who opened a page a minute ago (their own hostile cookies kept beside the evidence). */
const post = async (path: string, type: string, body: string, extra: Record<string, string> = {}) =>
  SELF.fetch(`${origin}${path}`, { method: "POST", headers: headers(type, { ...extra, Cookie: await visitorCookies(extra.Cookie) }), body, redirect: "manual" });
const ops = (method: string, path: string, body?: string) =>
  SELF.fetch(`${origin}${path}`, {
    method,
    headers: { Authorization: `Bearer ${opsToken}`, "Content-Type": "application/json" },
    body,
    redirect: "manual",
  });

/** What a browser can put in a header or a URL: no lone surrogates (they have no UTF-8). */
const sendable = (value: string) => value.replace(/[\uD800-\uDFFF]/g, "?");

/** A query string value that survives URLSearchParams: lone surrogates become U+FFFD, as a browser would send. */
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

// ---------------------------------------------------------------- leads

describe("POST /api/leads with hostile input", () => {
  it("JSON: never a 5xx; a refused lead is stored nowhere; no prototype is polluted", async () => {
    await fc.assert(
      fc.asyncProperty(mutatedBody(() => validLead()), async ({ id, text }) => {
        const response = await post("/api/leads", "application/json", text);
        expectNo5xx(response, text.slice(0, 200));
        await expectEscaped(response.clone());
        if (response.status !== 200) await expectNothingStored(id);
        else {
          const stored = (await outboxOf(id).get(id)) as unknown as Record<string, unknown>;
          expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
          expect(Object.keys(stored)).not.toContain("__proto__");
        }
        expectPrototypesClean();
      }),
      runs(60),
    );
  });

  it("JSON: any body at all (arrays, scalars, deep objects, broken text) gets a 4xx, not a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileJson.map(toJson), hostileString), async (text) => {
        const response = await post("/api/leads", "application/json", text);
        expectNo5xx(response, text.slice(0, 200));
        expect([400, 413, 429]).toContain(response.status);
        expectPrototypesClean();
      }),
      runs(40),
    );
  });

  it("a plain form post: never a 5xx; refused ones come back with every value escaped", async () => {
    await fc.assert(
      fc.asyncProperty(mutatedForm(() => validLead()), async ({ id, fields }) => {
        const response = await post("/api/leads", "application/x-www-form-urlencoded", fields.toString());
        expectNo5xx(response, fields.toString().slice(0, 200));
        if (response.status === 303) {
          expect(response.headers.get("location")).toMatch(/^\/gratefull\?lead=[\w%-]+$/);
          return;
        }
        await expectEscaped(response);
        if (validId(fields.get("id"))) await expectNothingStored(fields.get("id")!);
        else await expectNothingStored(id);
      }),
      runs(50),
    );
  });

  it("the not-found form, posted without JavaScript, comes back escaped too", async () => {
    const notFound = () => ({ ...validLead(), form: "notFound" });
    await fc.assert(
      fc.asyncProperty(mutatedForm(notFound), async ({ fields }) => {
        const response = await post("/api/leads", "application/x-www-form-urlencoded", fields.toString());
        expectNo5xx(response, fields.toString().slice(0, 200));
        if (response.status !== 303) await expectEscaped(response);
      }),
      runs(25),
    );
  });

  it("hostile cookies and headers beside a valid lead never get a 5xx", async () => {
    const cookie = fc
      .array(fc.tuple(fc.constantFrom("utm", "roistat_ab", "_ym_uid", "roistat_visit", "advcake_track_id", "admitad_uid", "click_id", "lv"), hostileString), {
        maxLength: 4,
      })
      .map((pairs) => pairs.map(([name, value]) => `${name}=${encodeURIComponent(sendable(value)).replace(/%25/g, "%")}`).join("; "));
    await fc.assert(
      fc.asyncProperty(cookie, hostileString, async (cookies, referer) => {
        const lead = validLead();
        const response = await post("/api/leads", "application/json", JSON.stringify(lead), {
          Cookie: cookies,
          Referer: referer.replace(/[^\x20-\x7e]/g, "?").slice(0, 2000),
        });
        expectNo5xx(response, cookies.slice(0, 200));
      }),
      runs(30),
    );
  });
});

// ---------------------------------------------------------------- subscribe, tickets, wheel

describe("POST /api/subscribe with hostile input", () => {
  const base = () => ({ email: `anna.${uniqueId("s")}@example.ru`, consent: true, subscribeNews: false });
  it("JSON and form posts: never a 5xx, nothing stored when refused, every page escaped", async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), mutatedBody(base), mutatedForm(base), async (asForm, json, form) => {
        const response = asForm
          ? await post("/api/subscribe", "application/x-www-form-urlencoded", form.fields.toString())
          : await post("/api/subscribe", "application/json", json.text);
        expectNo5xx(response, asForm ? form.fields.toString().slice(0, 200) : json.text.slice(0, 200));
        const refused = response.status !== 200;
        await expectEscaped(response);
        if (refused && asForm) {
          const email = form.fields.get("email");
          if (email) {
            const id = await subscriptionId(email.toLowerCase());
            expect(await outboxOf(id).get(id)).toBeNull();
          }
        }
        expectPrototypesClean();
      }),
      runs(40),
    );
  });
});

describe("POST /api/tickets with hostile input", () => {
  const order = () => ({ ...validLead(), seminar_id: ticketSeminar.id, tickets: 1, seminar_title: ticketSeminar.title });
  const left = async () =>
    ((await (await SELF.fetch(`${origin}/api/seminars/${encodeURIComponent(ticketSeminar.id)}/tickets`)).json()) as { tickets_quantity: number }).tickets_quantity;

  it("never a 5xx; a refused order takes no ticket and stores no lead", async () => {
    await fc.assert(
      fc.asyncProperty(mutatedBody(order), async ({ id, text }) => {
        const before = await left();
        const response = await post("/api/tickets", "application/json", text);
        expectNo5xx(response, text.slice(0, 200));
        await expectEscaped(response.clone());
        if (response.status !== 200) {
          expect(await left()).toBe(before);
          await expectNothingStored(id);
        }
        expectPrototypesClean();
      }),
      runs(25),
    );
  });
});

describe("POST /api/wheel/spin with hostile input", () => {
  it("never a 5xx, whatever the body and the visitor cookie", async () => {
    await fc.assert(
      fc.asyncProperty(hostileJson.map(toJson), hostileString, async (body, visitor) => {
        const response = await post("/api/wheel/spin", "application/json", body, { Cookie: `wheel_visitor=${encodeURIComponent(sendable(visitor))}` });
        expectNo5xx(response, body.slice(0, 200));
        await expectEscaped(response);
      }),
      runs(20),
    );
  });
});

// ---------------------------------------------------------------- reading: search, graphql, promo, pages

describe("search with hostile queries", () => {
  it("GET /api/search?q= answers JSON results, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, async (q) => {
        const response = await SELF.fetch(`${origin}/api/search?${query({ q })}`);
        expect(response.status).toBe(200);
        const body = (await response.json()) as { results: unknown[] };
        expect(Array.isArray(body.results)).toBe(true);
      }),
      runs(40),
    );
  });

  it("/search?q= shows the query escaped, in the title, the field and the count", async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, async (q) => {
        const response = await SELF.fetch(`${origin}/search?${query({ q })}`);
        expect(response.status).toBe(200);
        await expectEscaped(response);
      }),
      runs(20),
    );
  });
});

describe("GraphQL with hostile requests", () => {
  it("GET and POST: never a 5xx, always JSON", async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), hostileString, hostileJson.map(toJson), async (asPost, text, body) => {
        const response = asPost
          ? await SELF.fetch(`${origin}/graphql`, { method: "POST", headers: { "Content-Type": "application/json" }, body: fc.sample(fc.constantFrom(body, JSON.stringify({ query: text, variables: text })), 1)[0] })
          : await SELF.fetch(`${origin}/graphql?${query({ query: text, variables: text, operationName: text })}`);
        expectNo5xx(response, text.slice(0, 200));
        await expectEscaped(response);
      }),
      runs(25),
    );
  });
});

describe("promo lookups and pages with hostile parameters", () => {
  it("GET /api/promo/findPromo/:campaign never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, async (campaign) => {
        const response = await SELF.fetch(`${origin}/api/promo/findPromo/${encodeURIComponent(sendable(campaign))}`);
        expectNo5xx(response, campaign.slice(0, 200));
      }),
      runs(15),
    );
  });

  it("/apply and /gratefull show any query value escaped", async () => {
    const params = fc.dictionary(fc.oneof(fc.constantFrom("cta", "about", "name", "phone", "email", "question", "promocode", "form", "lead", "price"), hostileString), hostileString, {
      maxKeys: 5,
    });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("/apply", "/gratefull"), params, async (path, values) => {
        const response = await SELF.fetch(`${origin}${path}?${query(values)}`);
        expectNo5xx(response, JSON.stringify(values).slice(0, 200));
        await expectEscaped(response);
      }),
      runs(20),
    );
  });

  it("any path with any query: never a 5xx", async () => {
    const segment = hostileString.map((s) => encodeURIComponent(sendable(s)));
    const broken = fc.constantFrom("%", "%E0%A4%A", "%ff", "%00", "..%2f", "%2e%2e");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/", "/programs/", "/professions/", "/journal/", "/seminars/x/", "/docs/", "/bachelor/", "/api/seminars/", "/search"),
        fc.array(fc.oneof(segment, broken), { maxLength: 3 }),
        hostileString,
        async (prefix, segments, value) => {
          const response = await SELF.fetch(`${origin}${prefix}${segments.join("/")}?${query({ sort: value, type: value, page: value, q: value })}`, { redirect: "manual" });
          expectNo5xx(response, `${prefix}${segments.join("/")}`);
          await expectEscaped(response);
        },
      ),
      runs(25),
    );
  });
});

// ---------------------------------------------------------------- ops

describe("ops endpoints with hostile input", () => {
  it("refuse any made-up token with 401, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, fc.constantFrom("/ops/leads", "/ops/seminars", "/api/amoCRMexchangeToken"), async (token, path) => {
        const authorization = `Bearer ${token}`.replace(/[^\x20-\x7e]/g, "?").slice(0, 4000);
        const response = await SELF.fetch(`${origin}${path}`, { method: path.startsWith("/api") ? "POST" : "GET", headers: { Authorization: authorization } });
        expect(response.status).toBe(401);
      }),
      runs(10),
    );
  });

  it("with the token: hostile statuses, ids and bodies get a 4xx or an answer, never a 5xx", async () => {
    const segment = hostileString.map((s) => encodeURIComponent(sendable(s)));
    await fc.assert(
      fc.asyncProperty(hostileString, segment, hostileJson.map(toJson), async (status, id, body) => {
        const answers = [
          await SELF.fetch(`${origin}/ops/leads?${query({ status })}`, { headers: { Authorization: `Bearer ${opsToken}` } }),
          await ops("POST", `/ops/leads/${id}/retry`),
          await ops("PUT", "/ops/crm/token", body),
          await ops("PUT", `/ops/seminars/${id}/tickets`, body),
          await ops("PUT", `/ops/seminars/${encodeURIComponent(opsSeminar.id)}/tickets`, body),
          await ops("PUT", `/ops/promos/${id}`, body),
          await ops("PUT", "/ops/promos/hostile-campaign", body),
        ];
        for (const response of answers) {
          expectNo5xx(response, `${response.url} ${body.slice(0, 100)}`);
          // an empty id matches no ops route: the site's own 404 page answers
          if (response.status !== 404) expect(response.headers.get("content-type")).toMatch(/^application\/json/);
          await expectEscaped(response);
        }
        expectPrototypesClean();
      }),
      runs(12),
    );
  }, 60_000);
});
