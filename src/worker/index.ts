import { env as startEnv } from "cloudflare:workers";
import { parse } from "hono/utils/cookie";
import { createApp } from "./app";
import { warmPageTier } from "./warm-pages";
import { isPagePath, templateOf } from "./pages";
import { documentHead } from "../render/head";
import { settledEnv, warmSettings } from "../server/config.server";
import { headFirst } from "../server/head-first";
import { applySecurityHeaders } from "../server/middleware/security-headers";
import { hasReadContent } from "../services/catalogue/repository";
import { LOW_VISION_COOKIE } from "../services/low-vision";

export { CrmToken } from "./durable/CrmToken";
export { LeadOutbox } from "./durable/LeadOutbox";
export { PromoRegistry } from "./durable/PromoRegistry";
export { RateLimiter } from "./durable/RateLimiter";
export { SeminarTickets } from "./durable/SeminarTickets";
export { SiteKeys } from "./durable/SiteKeys";

const app = createApp();
/**
 * The settings' parse run once as the isolate starts (Cloudflare starts it during the visitor's
 * TLS handshake): the validators' code runs for the first time there, about 5 ms the first
 * request no longer waits for (decision 039). Nothing at start may keep the Worker from starting:
 * a parse that throws is left to the first request, which parses and answers as it always did.
 */
try {
  warmSettings(startEnv as Env);
} catch {
  // the request's own parse reports it
}

/**
 * A browser asking for a page on an isolate that has never read content: the page's head leaves
 * before its content is read (server/head-first.ts, decision 021).
 */
function wantsHeadFirst(request: Request): boolean {
  if (request.method !== "GET" || hasReadContent()) return false;
  if (!(request.headers.get("Accept") ?? "").includes("text/html")) return false;
  return isPagePath(new URL(request.url).pathname);
}

export default {
  fetch: (request: Request, env: Env, context: ExecutionContext) => {
    const settled = settledEnv(env, request);
    if (!wantsHeadFirst(request)) return app.fetch(request, settled, context);
    const cookies = parse(request.headers.get("Cookie") ?? "");
    return headFirst({
      request,
      env: settled,
      context,
      head: () => documentHead(settled, cookies[LOW_VISION_COOKIE], templateOf(new URL(request.url).pathname) ?? "form"),
      answer: async () => app.fetch(request, settled, context),
      decorate: (headers) => applySecurityHeaders(headers, settled, request.method),
    });
  },
  /** Every minute (wrangler.toml's cron): the pages tier filled with the pages it lacks (decision 036). */
  scheduled: (_controller: ScheduledController, env: Env, context: ExecutionContext) => {
    context.waitUntil(warmPageTier(app, env, context).then(() => undefined));
  },
} satisfies ExportedHandler<Env>;
