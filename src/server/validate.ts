import { type Hook, zValidator } from "@hono/zod-validator";
import type { Context } from "hono";
import type * as z from "zod/mini";
import type { Parsed } from "../services/leads/schemas";
import type { AppEnv } from "./env";

/**
 * A route's JSON body validated by @hono/zod-validator with a schema of the forms; what the schema
 * refuses, and what the route adds to it (a consent, a gift's signature), is answered by `refuse`
 * in the route's own shape with the site's Russian messages, never zod's.
 */
export function validJson<S extends z.ZodMiniType>(
  schema: S,
  refuse: (c: Context<AppEnv>, body: unknown, parsed: Parsed<z.output<S>>) => Response | undefined | Promise<Response | undefined>,
) {
  const hook: Hook<z.output<S>, AppEnv, string, "json", never, S> = (result, c) =>
    refuse(c, result.data, result.success ? { success: true, data: result.data } : { success: false, error: result.error });
  return zValidator<S, "json", AppEnv, string, typeof hook>("json", schema, hook);
}

/**
 * A route's query parameters validated by @hono/zod-validator; a value it cannot read (a repeated
 * parameter is a list) is 400 in Russian, in the route's own shape when it gives `refuse`.
 */
export function validQuery<S extends z.ZodMiniType>(schema: S, refuse?: (c: Context<AppEnv>) => Response | Promise<Response>) {
  const hook: Hook<z.output<S>, AppEnv, string, "query", never, S> = (result, c) =>
    result.success ? undefined : refuse ? refuse(c) : c.json({ ok: false as const, message: "Некорректные параметры запроса" }, 400);
  return zValidator<S, "query", AppEnv, string, typeof hook>("query", schema, hook);
}

/** A route's path parameters validated by @hono/zod-validator; what the schema refuses is answered by `refuse`. */
export function validParam<S extends z.ZodMiniType>(schema: S, refuse: (c: Context<AppEnv>) => Response) {
  const hook: Hook<z.output<S>, AppEnv, string, "param", never, S> = (result, c) => (result.success ? undefined : refuse(c));
  return zValidator<S, "param", AppEnv, string, typeof hook>("param", schema, hook);
}
