import { createMiddleware } from "hono/factory";
import { getCatalogue } from "../../services/catalogue/repository";
import type { AppEnv } from "../env";

/** Puts the current catalogue on the context; KV is read once per content version per isolate. */
export const withCatalogue = createMiddleware<AppEnv>(async (c, next) => {
  c.set("catalogue", await getCatalogue(c.env.CATALOGUE));
  await next();
});
