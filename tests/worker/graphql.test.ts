import { env, SELF } from "cloudflare:test";
import { locationCache } from "../../src/server/cache/cache-api";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { BuiltCatalogue } from "../../src/services/catalogue/build";
import { programHref } from "../../src/services/catalogue/links";
import { MAX_ERRORS } from "../../src/services/catalogue/graphql-schema";
import { upcomingSeminars } from "../../src/services/catalogue/queries";
import { freshIsolate } from "../../src/services/isolate";
import { log } from "../../src/services/log";
import { type SortDirection, type SortField, sortPrograms } from "../../src/services/catalogue/sort";
import { defaultCatalogue } from "../support/content";
import { origin, uniqueId } from "./leads-helpers";
import { seedCatalogue } from "./seed";

let catalogue: BuiltCatalogue;
const pastSeminarId = "graphql-past-seminar";

/** A course whose address repeats a profession's: `program(slug)` without `type` is an error for it. */
const twinId = "graphql-twin-course";

beforeAll(async () => {
  const base = defaultCatalogue("graphql-v1");
  const past = { ...base.seminars[0]!, id: pastSeminarId, slug: pastSeminarId, targetDate: new Date(Date.now() - 86_400_000).toISOString() };
  const twin = { ...base.programs.findLast((p) => p.type === "Profession")!, id: twinId, type: "Course" as const, typeLabel: "Повышение квалификации" };
  catalogue = await seedCatalogue({ ...base, seminars: [...base.seminars, past], programs: [...base.programs, twin] });
});

interface Answer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

const post = (body: unknown, headers: Record<string, string> = {}) =>
  SELF.fetch(`${origin}/graphql`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const get = (params: Record<string, string>) => SELF.fetch(`${origin}/graphql?${new URLSearchParams(params)}`);

/** Runs a query that must succeed and answers its data. */
async function query<T = Record<string, unknown>>(text: string, variables?: Record<string, unknown>): Promise<T> {
  const response = await post({ query: text, variables });
  const body = (await response.json()) as Answer;
  expect(body.errors, text).toBeUndefined();
  expect(response.status).toBe(200);
  return body.data as T;
}

async function refused(text: string, status: number, variables?: Record<string, unknown>) {
  const response = await post({ query: text, variables });
  expect(response.status, text).toBe(status);
  const body = (await response.json()) as Answer;
  expect(body.errors?.length, text).toBeGreaterThan(0);
  return body.errors!;
}

type Page = { programs: { total: number; items: { id: string; type: string; studyFieldSlug: string | null }[] } };
const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe("programs", () => {
  it.each<[string, string, SortField, SortDirection]>([
    ["DEFAULT", "ASC", "default", "asc"],
    ["PRICE", "ASC", "price", "asc"],
    ["PRICE", "DESC", "price", "desc"],
    ["IDX", "ASC", "idx", "asc"],
  ])("sort %s %s orders as the catalogue does", async (sort, direction, field, dir) => {
    const data = await query<Page>(`{ programs(sort: ${sort}, direction: ${direction}, first: 100) { total items { id } } }`);
    expect(data.programs.total).toBe(catalogue.programs.length);
    expect(ids(data.programs.items)).toEqual(ids(sortPrograms(catalogue.programs, field, dir)));
  });

  it.each([
    ["course", "Course"],
    ["COURSE", "Course"],
    ["profession", "Profession"],
    ["Profession", "Profession"],
  ])("filters by type %s in any case", async (type, expected) => {
    const data = await query<Page>(`query($type: String) { programs(type: $type, first: 100) { total items { id type } } }`, { type });
    const wanted = catalogue.programs.filter((p) => p.type === expected);
    expect(data.programs.total).toBe(wanted.length);
    expect(ids(data.programs.items)).toEqual(ids(sortPrograms(wanted)));
  });

  it.each(["shortterm", "bachelor", ""])("refuses the type %j with a clear message", async (type) => {
    const errors = await refused(`query($type: String) { programs(type: $type) { total } }`, 200, { type });
    expect(errors[0]!.message).toContain(`Неизвестный тип программы «${type}»`);
    expect(errors[0]!.extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("filters by study field, and names an unknown one", async () => {
    const field = catalogue.studyFields[1]!.slug;
    const data = await query<Page>(`{ programs(studyField: "${field}", type: "course", first: 100) { total items { id studyFieldSlug } } }`);
    const wanted = catalogue.programs.filter((p) => p.studyFieldSlug === field && p.type === "Course");
    expect(wanted.length).toBeGreaterThan(0);
    expect(data.programs.total).toBe(wanted.length);
    expect(data.programs.items.every((p) => p.studyFieldSlug === field)).toBe(true);
    const errors = await refused(`{ programs(studyField: "no-such-field") { total } }`, 200);
    expect(errors[0]!.message).toContain("Неизвестное направление «no-such-field»");
  });

  it("pages with first and offset, total counting every match", async () => {
    const sorted = ids(sortPrograms(catalogue.programs));
    const page = await query<Page>(`{ programs(first: 5, offset: 5) { total items { id } } }`);
    expect(page.programs.total).toBe(sorted.length);
    expect(ids(page.programs.items)).toEqual(sorted.slice(5, 10));
    const byDefault = await query<Page>(`{ programs { items { id } } }`);
    expect(ids(byDefault.programs.items)).toEqual(sorted.slice(0, 20));
    const beyond = await query<Page>(`{ programs(offset: 1000) { total items { id } } }`);
    expect(beyond.programs).toEqual({ total: sorted.length, items: [] });
    const tooMany = await refused(`{ programs(first: 101) { total } }`, 200);
    expect(tooMany[0]!.message).toBe("Аргумент first должен быть от 0 до 100");
  });

  it("finds one program by slug, with its modules, teachers and absolute url", async () => {
    const program = catalogue.programs.find((p) => p.type === "Profession")!;
    const data = await query<{ program: Record<string, unknown> }>(
      `query($slug: String!) { program(slug: $slug, type: Profession) {
        id title type typeLabel price discountedPrice url studyField { slug } modules { title hours topics } teachers { id }
      } }`,
      { slug: program.slug },
    );
    expect(data.program).toMatchObject({
      id: program.id,
      type: "Profession",
      typeLabel: "Проф. переподготовка",
      price: program.price,
      url: new URL(programHref(program), origin).href,
      modules: program.modules,
      teachers: program.teacherIds.map((id) => ({ id })),
    });
    expect(data.program.discountedPrice).toBeLessThan(program.price);
    const missing = await query(`{ a: program(slug: "no-such-program") { id } b: program(slug: "${program.slug}", type: Course) { id } }`);
    expect(missing).toEqual({ a: null, b: null });
  });
});

describe("other lists", () => {
  it("lists study fields with their program counts", async () => {
    const data = await query<{ studyFields: { slug: string; programCount: number }[] }>(`{ studyFields { slug title programCount } }`);
    expect(data.studyFields.map((f) => f.slug)).toEqual(catalogue.studyFields.map((f) => f.slug));
    for (const field of data.studyFields) {
      expect(field.programCount, field.slug).toBe(catalogue.programs.filter((p) => p.studyFieldSlug === field.slug).length);
    }
  });

  it("lists only future seminars, with the live count of tickets left", async () => {
    const upcoming = upcomingSeminars(catalogue, Date.now());
    const seminar = upcoming[0]!;
    await env.SEMINAR_TICKETS.get(env.SEMINAR_TICKETS.idFromName(seminar.id)).setTickets(7);
    // a unique comment keeps this answer out of the edge cache
    const data = await query<{ seminars: { id: string; date: string; ticketsLeft: number }[] }>(
      `{ seminars { id date ticketsLeft url } } # ${uniqueId("fresh")}`,
    );
    expect(data.seminars.map((s) => s.id)).toEqual(upcoming.map((s) => s.id));
    expect(data.seminars.map((s) => s.id)).not.toContain(pastSeminarId);
    expect(data.seminars[0]).toMatchObject({ id: seminar.id, date: seminar.targetDate, ticketsLeft: 7 });
  });

  it("answers teachers, reviews with their program, webinars, journal, bachelors and practical trainings", async () => {
    const data = await query<Record<string, unknown[]>>(`{
      teachers { id name } reviews { id program { id title url } } webinars { title date price speaker { name } }
      journal { slug title publishedAt url tags author { name } } bachelors { slug price } practicalTrainings { slug url }
    }`);
    expect(data.teachers).toHaveLength(catalogue.teachers.length);
    expect(data.journal).toHaveLength(catalogue.journal.length);
    expect(data.bachelors).toHaveLength(catalogue.bachelors.length);
    expect(data.practicalTrainings).toHaveLength(catalogue.practicalTrainings.length);
    expect(data.webinars).toHaveLength(catalogue.webinars.length);
    const withProgram = catalogue.reviews.find((r) => r.programId)!;
    const review = (data.reviews as { id: string; program: { id: string } | null }[]).find((r) => r.id === withProgram.id);
    expect(review?.program?.id).toBe(withProgram.programId);
  });
});

describe("limits and refusals", () => {
  it.each(["mutation { programs { total } }", "subscription { seminars { id } }"])("refuses %s: the API is read-only", async (text) => {
    const errors = await refused(text, 400);
    expect(errors.map((e) => e.extensions?.code)).toContain("OPERATION_NOT_ALLOWED");
    expect(errors.find((e) => e.extensions?.code === "OPERATION_NOT_ALLOWED")!.message).toContain("только для чтения");
  });

  it("accepts a query 6 levels deep and refuses one 7 levels deep", async () => {
    const slug = catalogue.programs[0]!.slug;
    await query(`{ program(slug: "${slug}") { reviews { program { reviews { program { id } } } } } }`);
    const errors = await refused(`{ program(slug: "${slug}") { reviews { program { reviews { program { studyField { slug } } } } } } }`, 400);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ message: "Запрос слишком глубокий: вложенность 7, допустимо не больше 6", extensions: { code: "QUERY_TOO_DEEP" } });
  });

  it("refuses a query estimated above the cost limit, counting first from variables", async () => {
    const errors = await refused(`{ programs(first: 100) { items { id teachers { name } } } }`, 400);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain("Запрос слишком дорогой: оценка 2202, допустимо не больше 2000");
    const text = `query($n: Int!) { programs(first: $n) { items { teachers { name } } } }`;
    await refused(text, 400, { n: 100 });
    await query(text, { n: 20 });
  });

  it("answers 400 to a body that is not JSON, a missing query and a syntax error", async () => {
    const malformed = await post("{ query: nope");
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as Answer).errors![0]!.message).toContain("не удалось прочитать");
    const missing = await post({ variables: {} });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Answer).errors![0]!.message).toContain("Не указан запрос");
    expect((await get({})).status).toBe(400);
    const syntax = await refused("{ programs ", 400);
    expect(syntax[0]!.message).toContain("Ошибка синтаксиса запроса");
  });

  it.each([
    ["text/plain", "{\"query\":\"{ studyFields { slug } }\"}"],
    ["application/xml", "<query>{ studyFields { slug } }</query>"],
    ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="query"\r\n\r\n{ studyFields { slug } }\r\n--x--\r\n'],
    ["application/graphql", "{ studyFields { slug } }"],
    [undefined, "{\"query\":\"{ studyFields { slug } }\"}"],
  ])("answers 415, in GraphQL's error format, to a body sent as %s", async (type, body) => {
    const response = await SELF.fetch(`${origin}/graphql`, { method: "POST", headers: type ? { "Content-Type": type } : {}, body });
    expect(response.status).toBe(415);
    expect(response.headers.get("content-type")).toContain("application/json");
    const answer = (await response.json()) as Answer;
    expect(answer.data).toBeUndefined();
    expect(answer.errors).toEqual([{ message: expect.stringContaining("application/json"), extensions: { code: "UNSUPPORTED_MEDIA_TYPE" } }]);
  });

  it("executes a JSON body whatever the charset parameter says", async () => {
    const response = await SELF.fetch(`${origin}/graphql`, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify({ query: "{ studyFields { slug } }" }),
    });
    expect(response.status).toBe(200);
  });

  it("answers a body over 16 KB with 413 in GraphQL's error format", async () => {
    const response = await post({ query: `{ studyFields { slug } } # ${"x".repeat(17 * 1024)}` });
    expect(response.status).toBe(413);
    const answer = (await response.json()) as Answer;
    expect(answer.errors).toEqual([{ message: expect.any(String), extensions: { code: "PAYLOAD_TOO_LARGE" } }]);
  });

  it("caps the errors of one answer: 500 repeated directives give at most 20 error objects", async () => {
    const errors = await refused(`{ studyFields ${"@skip(if: false) ".repeat(500)}{ slug } }`, 400);
    expect(errors).toHaveLength(20);
    expect(errors.at(-1)).toEqual({ message: expect.stringContaining("Слишком много ошибок"), extensions: { code: "TOO_MANY_ERRORS" } });
  });

  it("refuses methods other than GET and POST", async () => {
    const response = await SELF.fetch(`${origin}/graphql`, { method: "PUT", body: "{}" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST");
  });
});

describe("GET and the edge cache", () => {
  it("answers GET, and the second identical GET from the edge cache", async () => {
    const params = { query: `query Fields($n: Int) { programs(first: $n) { total } } # ${uniqueId("cache")}`, variables: JSON.stringify({ n: 2 }), operationName: "Fields" };
    const first = await get(params);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toContain("application/json");
    expect(first.headers.get("cache-control")).toBe("public, max-age=60");
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(await first.json()).toEqual({ data: { programs: { total: catalogue.programs.length } } });

    const second = await get(params);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("content-security-policy")).toBeTruthy();
    expect(await second.json()).toEqual({ data: { programs: { total: catalogue.programs.length } } });

    const otherVariables = await get({ ...params, variables: JSON.stringify({ n: 3 }) });
    expect(otherVariables.headers.get("x-cache")).toBe("MISS");
  });

  it("caches POST answers too, and never answers with errors from the cache", async () => {
    const body = { query: `{ studyFields { slug } } # ${uniqueId("post")}` };
    expect((await post(body)).headers.get("x-cache")).toBe("MISS");
    expect((await post(body)).headers.get("x-cache")).toBe("HIT");
    const bad = { query: `{ programs(type: "nope") { total } } # ${uniqueId("bad")}` };
    await post(bad);
    const again = await post(bad);
    expect(again.headers.get("x-cache")).toBeNull();
    expect(again.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 400 to GET variables that are not JSON", async () => {
    const response = await get({ query: "{ studyFields { slug } }", variables: "{nope" });
    expect(response.status).toBe(400);
  });

  it("refuses a POST from another site", async () => {
    const response = await post({ query: "{ studyFields { slug } }" }, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    const answer = (await response.json()) as Answer;
    expect(answer.errors).toEqual([{ message: expect.any(String), extensions: { code: "FORBIDDEN" } }]);
  });
});

describe("every refusal, whoever gives it", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const graphql = (init: RequestInit & { path?: string; search?: string } = {}) =>
    SELF.fetch(`${origin}${init.path ?? "/graphql"}${init.search ?? ""}`, { redirect: "manual", ...init });
  const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const slug = () => catalogue.programs.find((p) => p.id === twinId)!.slug;
  const aliases = (count: number, field: (i: number) => string) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${field(i)}`).join(" ")} }`;

  /** [what is refused, the request, its status, the code of its first error] */
  const refusals: [string, () => Promise<Response>, number, string][] = [
    ["a body that is not JSON", () => graphql(json("{ query: nope")), 400, "BAD_REQUEST"],
    ["a JSON body that is not an object", () => graphql(json("[1]")), 400, "BAD_REQUEST"],
    ["a body without query", () => graphql(json({ variables: {} })), 400, "BAD_REQUEST"],
    ["variables that are not an object", () => graphql(json({ query: "{ studyFields { slug } }", variables: [1] })), 400, "BAD_REQUEST"],
    ["a GET without query", () => graphql(), 400, "BAD_REQUEST"],
    ["GET variables that are not JSON", () => graphql({ search: `?${new URLSearchParams({ query: "{ studyFields { slug } }", variables: "{nope" })}` }), 400, "BAD_REQUEST"],
    ["a GET with a repeated parameter", () => graphql({ search: "?query=%7BstudyFields%7Bslug%7D%7D&query=%7Bteachers%7Bid%7D%7D" }), 400, "BAD_REQUEST"],
    ["a syntax error", () => graphql(json({ query: "{ programs " })), 400, "GRAPHQL_PARSE_FAILED"],
    ["an unknown field", () => graphql(json({ query: "{ nope }" })), 400, "GRAPHQL_VALIDATION_FAILED"],
    ["a wrong argument type", () => graphql(json({ query: "{ programs(first: \"x\") { total } }" })), 400, "GRAPHQL_VALIDATION_FAILED"],
    ["a query too deep", () => graphql(json({ query: "{ programs { items { reviews { program { reviews { program { id } } } } } } }" })), 400, "QUERY_TOO_DEEP"],
    ["a query too costly", () => graphql(json({ query: "{ programs(first: 100) { items { id teachers { name } } } }" })), 400, "QUERY_TOO_COSTLY"],
    ["a mutation", () => graphql(json({ query: "mutation { programs { total } }" })), 400, "OPERATION_NOT_ALLOWED"],
    ["a variable of the wrong type", () => graphql(json({ query: "query($n: Int!) { programs(first: $n) { total } }", variables: { n: "many" } })), 400, "BAD_USER_INPUT"],
    ["an unknown operation name", () => graphql(json({ query: "query A { studyFields { slug } }", operationName: "B" })), 400, "BAD_USER_INPUT"],
    ["a wrong argument value", () => graphql(json({ query: `{ programs(type: "bachelor") { total } }` })), 200, "BAD_USER_INPUT"],
    ["more validation errors than an answer carries", () => graphql(json({ query: `{ studyFields ${"@skip(if: false) ".repeat(50)}{ slug } }` })), 400, "GRAPHQL_VALIDATION_FAILED"],
    ["more execution errors than an answer carries", () => graphql(json({ query: aliases(MAX_ERRORS + 5, () => `program(slug: "${slug()}") { id }`) })), 200, "BAD_USER_INPUT"],
    ["a POST from another site", () => graphql(json({ query: "{ studyFields { slug } }" }, { Origin: "https://evil.example" })), 403, "FORBIDDEN"],
    ["a body over 16 KB", () => graphql(json({ query: `{ studyFields { slug } } # ${"x".repeat(17 * 1024)}` })), 413, "PAYLOAD_TOO_LARGE"],
    ["a form", () => graphql({ method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "query=%7B%7D" }), 415, "UNSUPPORTED_MEDIA_TYPE"],
    ["PUT", () => graphql({ method: "PUT", body: "{}" }), 405, "METHOD_NOT_ALLOWED"],
    ["DELETE", () => graphql({ method: "DELETE" }), 405, "METHOD_NOT_ALLOWED"],
    ["OPTIONS", () => graphql({ method: "OPTIONS" }), 405, "METHOD_NOT_ALLOWED"],
    ["a POST to /graphql/", () => graphql({ ...json({ query: "{ studyFields { slug } }" }), path: "/graphql/" }), 404, "NOT_FOUND"],
    ["a GET of an address under /graphql", () => graphql({ path: "/graphql/schema" }), 404, "NOT_FOUND"],
    [
      "a field that fails on our side",
      () => {
        vi.spyOn(log, "error").mockImplementation(() => undefined);
        const read = env.CATALOGUE.get.bind(env.CATALOGUE);
        vi.spyOn(env.CATALOGUE, "get").mockImplementation(((key: string, ...rest: never[]) =>
          key.startsWith("program:") ? Promise.reject(new Error("KV lost the details")) : read(key, ...rest)) as typeof env.CATALOGUE.get);
        freshIsolate();
        return graphql(json({ query: `{ program(slug: "${slug()}", type: Course) { modules { title } } }` }));
      },
      200,
      "INTERNAL_SERVER_ERROR",
    ],
    [
      "a crash of the route",
      () => {
        vi.spyOn(log, "error").mockImplementation(() => undefined);
        vi.spyOn(locationCache()!, "match").mockRejectedValue(new Error("the cache is gone"));
        return graphql(json({ query: "{ teachers { id } }" }));
      },
      500,
      "INTERNAL_SERVER_ERROR",
    ],
    [
      "no content to answer from",
      async () => {
        vi.spyOn(log, "error").mockImplementation(() => undefined);
        freshIsolate();
        vi.spyOn(env.CATALOGUE, "get").mockRejectedValue(new Error("KV unreachable"));
        try {
          return await graphql({ search: `?${new URLSearchParams({ query: "{ studyFields { slug } }" })}` });
        } finally {
          vi.restoreAllMocks();
          freshIsolate();
        }
      },
      503,
      "SERVICE_UNAVAILABLE",
    ],
  ];

  it.each(refusals)("answers %s in GraphQL's error format: {errors: [{message, extensions: {code}}]}", async (_what, send, status, code) => {
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const answer = (await response.json()) as Record<string, unknown>;
    // errors only when the request was refused; with the data (null where a field failed) when it ran
    expect(Object.keys(answer).sort()).toEqual(status === 200 ? ["data", "errors"] : ["errors"]);
    const errors = answer.errors as Record<string, unknown>[];
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.length).toBeLessThanOrEqual(MAX_ERRORS);
    for (const error of errors) {
      expect(error).toMatchObject({ message: expect.stringMatching(/\S/), extensions: { code: expect.stringMatching(/^[A-Z_]+$/) } });
      expect(Object.keys(error).every((key) => ["message", "locations", "path", "extensions"].includes(key))).toBe(true);
    }
    expect((errors[0]!.extensions as { code: string }).code).toBe(code);
    if (status === 405) expect(response.headers.get("allow")).toBe("GET, POST");
    if (status === 503) expect(response.headers.get("retry-after")).toBe("30");
  });

  it("cuts an answer with more errors than it carries to 20, the last saying so, validation and execution alike", async () => {
    const validation = (await (await graphql(json({ query: `{ studyFields ${"@skip(if: false) ".repeat(50)}{ slug } }` }))).json()) as Answer;
    const execution = (await (await graphql(json({ query: aliases(MAX_ERRORS + 5, () => `program(slug: "${slug()}") { id }`) }))).json()) as Answer;
    for (const answer of [validation, execution]) {
      expect(answer.errors).toHaveLength(MAX_ERRORS);
      expect(answer.errors!.at(-1)).toEqual({ message: expect.stringContaining("Слишком много ошибок"), extensions: { code: "TOO_MANY_ERRORS" } });
    }
    expect(execution.errors![0]!.message).toContain("несколько: укажите аргумент type");
    expect(Object.values(execution.data!)).toEqual(Array(MAX_ERRORS + 5).fill(null));
  });

  it("sends GET /graphql/ to /graphql with its query, as every address with a trailing slash", async () => {
    const response = await graphql({ path: "/graphql/", search: "?query=%7BstudyFields%7Bslug%7D%7D" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`${origin}/graphql?query=%7BstudyFields%7Bslug%7D%7D`);
  });
});
