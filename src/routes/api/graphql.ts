import type { Context, Hono } from "hono";
import type { ProgramDetails } from "../../services/catalogue/build";
import { executeCatalogueQuery } from "../../services/catalogue/graphql-schema";
import { programDetailsOf } from "../../services/catalogue/program-details";
import type { AppEnv } from "../../server/env";
import { bodyKind } from "../../server/body";
import { liveTickets } from "../../server/seminar-tickets";

/** Answers are cached at the edge this long: ticket counts in them are at most a minute old. */
export const GRAPHQL_CACHE_S = 60;

interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown> | null;
  operationName: string | null;
}

class BadRequest extends Error {
  override name = "BadRequest";
  constructor(
    message: string,
    readonly status: 400 | 415 = 400,
    readonly code = "BAD_REQUEST",
  ) {
    super(message);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function checked(query: unknown, variables: unknown, operationName: unknown): GraphqlRequest {
  if (typeof query !== "string" || query.trim() === "") throw new BadRequest("Не указан запрос: передайте GraphQL-запрос в поле query");
  if (variables !== undefined && variables !== null && !isObject(variables)) {
    throw new BadRequest("Поле variables должно быть JSON-объектом");
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== "string") {
    throw new BadRequest("Поле operationName должно быть строкой");
  }
  return { query, variables: variables ?? null, operationName: operationName ?? null };
}

function fromSearchParams(url: URL): GraphqlRequest {
  const raw = url.searchParams.get("variables");
  let variables: unknown = null;
  if (raw !== null && raw !== "") {
    try {
      variables = JSON.parse(raw);
    } catch {
      throw new BadRequest("Параметр variables не удалось прочитать: это должен быть JSON-объект");
    }
  }
  return checked(url.searchParams.get("query") ?? undefined, variables, url.searchParams.get("operationName") || null);
}

async function fromBody(request: Request): Promise<GraphqlRequest> {
  if (bodyKind(request.headers.get("Content-Type") ?? undefined) !== "json") {
    throw new BadRequest("Тело запроса принимается только как application/json: {\"query\": \"...\", \"variables\": {...}}", 415, "UNSUPPORTED_MEDIA_TYPE");
  }
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    throw new BadRequest("Тело запроса не удалось прочитать: нужен JSON вида {\"query\": \"...\", \"variables\": {...}}");
  }
  if (!isObject(body)) throw new BadRequest("Тело запроса должно быть JSON-объектом с полем query");
  return checked(body.query, body.variables, body.operationName);
}

async function cacheKey(c: Context<AppEnv>, request: GraphqlRequest): Promise<Request> {
  const material = JSON.stringify([request.query, request.variables, request.operationName, c.get("catalogue").version]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(material));
  const hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return new Request(`${new URL(c.req.url).origin}/graphql/__cache/${hash}`);
}

const refusal = (c: Context<AppEnv>, error: BadRequest) =>
  c.json({ errors: [{ message: error.message, extensions: { code: error.code } }] }, error.status, { "Cache-Control": "no-store" });

async function answer(c: Context<AppEnv>, read: () => Promise<GraphqlRequest>) {
  let request: GraphqlRequest;
  try {
    request = await read();
  } catch (error) {
    if (error instanceof BadRequest) return refusal(c, error);
    throw error;
  }
  const cache = (globalThis.caches as (CacheStorage & { default?: Cache }) | undefined)?.default;
  const key = await cacheKey(c, request);
  const cached = await cache?.match(key);
  if (cached) {
    // a cached response has immutable headers: answer with a copy the middleware can add to
    const copy = new Response(cached.body, cached);
    copy.headers.set("X-Cache", "HIT");
    return copy;
  }
  const catalogue = c.get("catalogue");
  // one read of a program's details per request, however many of its fields are asked for
  const details = new Map<string, Promise<ProgramDetails>>();
  const result = await executeCatalogueQuery({
    ...request,
    catalogue,
    siteUrl: c.env.SITE_URL,
    ticketsLeft: (seminar) => liveTickets(c.env, seminar),
    programDetails: (program) => {
      const known = details.get(program.id);
      if (known) return known;
      const read = programDetailsOf(c.env.CATALOGUE, catalogue.version, program.id);
      details.set(program.id, read);
      return read;
    },
  });
  // without data the request itself was refused (syntax, validation, unknown operation)
  if (!("data" in result)) return c.json(result, 400, { "Cache-Control": "no-store" });
  if (result.errors) return c.json(result, 200, { "Cache-Control": "no-store" });
  const response = c.json(result, 200, { "Cache-Control": `public, max-age=${GRAPHQL_CACHE_S}`, "X-Cache": "MISS" });
  if (cache) {
    // the tracking middleware may have put a visitor's cookie on the answer: never share it (the cache refuses it anyway)
    const shared = new Response(response.clone().body, response);
    shared.headers.delete("Set-Cookie");
    c.executionCtx.waitUntil(cache.put(key, shared));
  }
  return response;
}

/** The read-only catalogue API for partners (docs/graphql.md). */
export function registerGraphqlApi(app: Hono<AppEnv>): void {
  app.get("/graphql", (c) => answer(c, async () => fromSearchParams(new URL(c.req.url))));
  app.post("/graphql", (c) => answer(c, () => fromBody(c.req.raw)));
  app.all("/graphql", (c) =>
    c.json({ errors: [{ message: "Поддерживаются только GET и POST" }] }, 405, { Allow: "GET, POST", "Cache-Control": "no-store" }),
  );
}
