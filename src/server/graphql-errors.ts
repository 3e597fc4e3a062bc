/**
 * Every answer under /graphql is in GraphQL's error format (docs/graphql.md), whichever layer
 * refuses it: the guards, the content, the route, a crash or an unknown address.
 */

/** The catalogue API's address and anything under it. */
export const isGraphqlPath = (path: string) => path === "/graphql" || path.startsWith("/graphql/");

export type GraphqlErrorStatus = 400 | 403 | 404 | 405 | 413 | 415 | 500 | 503;

/** `{"errors": [{message, extensions: {code}}]}` with its status; never cached, always JSON. */
export function graphqlError(status: GraphqlErrorStatus, message: string, code: string, headers: Record<string, string> = {}): Response {
  return Response.json({ errors: [{ message, extensions: { code } }] }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export const GRAPHQL_NOT_FOUND = "Здесь нет API каталога: запросы принимает адрес /graphql (без косой черты в конце)";
export const GRAPHQL_INTERNAL = "Внутренняя ошибка сервера: попробуйте повторить запрос позже";
export const GRAPHQL_UNAVAILABLE = "Каталог временно недоступен: повторите запрос через полминуты";
export const GRAPHQL_METHOD = "Поддерживаются только GET и POST";
