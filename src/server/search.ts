import type { Context } from "hono";
import * as z from "zod/mini";
import { MAX_RESULTS, type SearchAnswer, search } from "../services/search/engine";
import { searchIndexOf } from "../services/search/repository";
import type { AppEnv } from "./env";

/** A query as the search reads it: at most 100 characters. */
const MAX_QUERY_LENGTH = 100;

export const searchQuery = (c: Context<AppEnv>) => (c.req.query("q") ?? "").slice(0, MAX_QUERY_LENGTH);

/** The search API's query (`?q=`), read as `searchQuery` reads it: absent is empty. */
export const searchParams = z.object({ q: z._default(z.string().check(z.overwrite((q) => q.slice(0, MAX_QUERY_LENGTH))), "") });

/** The results of a query over the whole catalogue, and the query they answer (the API and the /search page). */
export async function searchResults(c: Context<AppEnv>, query: string): Promise<SearchAnswer> {
  const index = await searchIndexOf(c.env.CATALOGUE, c.get("catalogue"));
  return search(index, query, MAX_RESULTS);
}
