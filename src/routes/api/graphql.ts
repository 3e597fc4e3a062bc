import { type Context, Hono } from "hono";
import * as z from "zod/mini";
import { sha256Hex } from "../../services/digest";
import { locationCache } from "../../server/cache/cache-api";
import type { ProgramDetails } from "../../services/catalogue/build";
import { programDetailsOf } from "../../services/catalogue/program-details";
import type { AppEnv } from "../../server/env";
import { jsonBody } from "../../server/body";
import { GRAPHQL_METHOD, GRAPHQL_NOT_FOUND, graphqlError } from "../../server/graphql-errors";
import { validJson, validQuery } from "../../server/validate";
import { liveTickets } from "../../server/seminar-tickets";

/** Answers are cached at the edge this long: ticket counts in them are at most a minute old. */
const GRAPHQL_CACHE_S = 60;

const NO_QUERY = "Не указан запрос: передайте GraphQL-запрос в поле query";

/** A GraphQL request's envelope (GraphQL over HTTP): what the validator checks, with Russian messages. */
const envelopeSchema = z.object({
  query: z.string({ error: NO_QUERY }).check(z.refine((query) => query.trim() !== "", NO_QUERY)),
  variables: z.optional(z.nullable(z.record(z.string(), z.unknown(), { error: "Поле variables должно быть JSON-объектом" }))),
  operationName: z.optional(z.nullable(z.string({ error: "Поле operationName должно быть строкой" }))),
});

type GraphqlRequest = z.output<typeof envelopeSchema>;

/** A refusal in GraphQL's error format (docs/graphql.md). */
const refuse = (message: string, status: 400 | 415 = 400, code = "BAD_REQUEST") => graphqlError(status, message, code);

const REPEATED = "Параметры query, variables и operationName передаются по одному разу";

/** The GET form: `variables` is JSON text in the query string. */
const getEnvelope = z.object({ query: z.optional(z.string()), variables: z.optional(z.string()), operationName: z.optional(z.string()) });

function fromSearchParams(params: z.output<typeof getEnvelope>): GraphqlRequest | Response {
  let variables: unknown = null;
  if (params.variables) {
    try {
      variables = JSON.parse(params.variables);
    } catch {
      return refuse("Параметр variables не удалось прочитать: это должен быть JSON-объект");
    }
  }
  const parsed = z.safeParse(envelopeSchema, { query: params.query, variables, operationName: params.operationName || null });
  return parsed.success ? parsed.data : refuse(parsed.error.issues[0]?.message ?? NO_QUERY);
}

async function cacheKey(c: Context<AppEnv>, request: GraphqlRequest): Promise<Request> {
  const material = JSON.stringify([request.query, request.variables, request.operationName, c.get("catalogue").version]);
  return new Request(`${new URL(c.req.url).origin}/graphql/__cache/${await sha256Hex(material)}`);
}

async function answer(c: Context<AppEnv>, request: GraphqlRequest) {
  const cache = locationCache();
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
  // graphql and the schema built from it load with the first query, not with every isolate
  const { executeCatalogueQuery } = await import("../../services/catalogue/graphql-schema");
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

/**
 * The read-only catalogue API for partners (docs/graphql.md), at one address: the app's router
 * takes `/graphql/` for `/graphql`, and a POST there is told where the API is (a GET is redirected
 * before it comes here, as every address with a trailing slash).
 */
export const graphqlApi = new Hono<AppEnv>()
  .use("/graphql", (c, next) => (c.req.path === "/graphql" ? next() : Promise.resolve(graphqlError(404, GRAPHQL_NOT_FOUND, "NOT_FOUND"))))
  .get("/graphql", validQuery(getEnvelope, () => refuse(REPEATED)), async (c) => {
    const request = fromSearchParams(c.req.valid("query"));
    return request instanceof Response ? request : answer(c, request);
  })
  .post(
    "/graphql",
    jsonBody((_c, _status, _message, reason) =>
      reason === "type"
        ? refuse("Тело запроса принимается только как application/json: {\"query\": \"...\", \"variables\": {...}}", 415, "UNSUPPORTED_MEDIA_TYPE")
        : refuse(reason === "malformed" ? "Тело запроса не удалось прочитать: нужен JSON вида {\"query\": \"...\", \"variables\": {...}}" : "Тело запроса должно быть JSON-объектом с полем query"),
    ),
    validJson(envelopeSchema, (_c, _body, parsed) => (parsed.success ? undefined : refuse(parsed.error.issues[0]?.message ?? NO_QUERY))),
    (c) => answer(c, c.req.valid("json")),
  )
  .all("/graphql", () => graphqlError(405, GRAPHQL_METHOD, "METHOD_NOT_ALLOWED", { Allow: "GET, POST" }));
