import { env as startEnv } from "cloudflare:workers";
import { createApp } from "./app";
import { warmedPages } from "./pages";
import { warmPageTier } from "../server/cache/warm-up";
import { refreshExchangeRates } from "../services/exchange-rates";
import { warmSettings } from "../server/config.server";
import { settledEnv } from "../server/settled-env";

export { CrmToken } from "./durable/CrmToken";
export { LeadOutbox } from "./durable/LeadOutbox";
export { PromoRegistry } from "./durable/PromoRegistry";
export { RateLimiter } from "./durable/RateLimiter";
export { SeminarTickets } from "./durable/SeminarTickets";

const app = createApp();
/**
 * The settings' parse run once as the isolate starts (Cloudflare starts it during the visitor's
 * TLS handshake): the validators' code runs for the first time there, about 5 ms the first
 * request no longer waits for (decision 043). Nothing at start may keep the Worker from starting:
 * a parse that throws is left to the first request, which parses and answers as it always did.
 */
try {
  warmSettings(startEnv as Env);
} catch {
  // the request's own parse reports it
}

export default {
  fetch: (request: Request, env: Env, context: ExecutionContext) => app.fetch(request, settledEnv(env, request), context),
  /** Every minute (wrangler.toml's cron): the pages tier filled with the pages it lacks (decision 043). */
  scheduled: (_controller: ScheduledController, env: Env, context: ExecutionContext) => {
    context.waitUntil(warmPageTier(app, env, context, warmedPages).then(() => undefined));
    context.waitUntil(refreshExchangeRates(env));
  },
} satisfies ExportedHandler<Env>;
