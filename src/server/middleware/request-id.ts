import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";

/** Every request gets an id: logged with its errors and returned to the visitor as X-Request-Id. */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const id = c.req.header("cf-ray") ?? crypto.randomUUID();
  c.set("requestId", id);
  // before the answer too: a page whose head leaves before its data (head-first.ts) sends it then
  c.header("X-Request-Id", id);
  await next();
  c.header("X-Request-Id", id);
});
