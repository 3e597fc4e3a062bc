import { createApp } from "./app";
import { settledEnv } from "../server/config.server";

export { CrmToken } from "./durable/CrmToken";
export { LeadOutbox } from "./durable/LeadOutbox";
export { PromoRegistry } from "./durable/PromoRegistry";
export { RateLimiter } from "./durable/RateLimiter";
export { SeminarTickets } from "./durable/SeminarTickets";
export { SiteKeys } from "./durable/SiteKeys";

const app = createApp();

export default {
  fetch: (request: Request, env: Env, context: ExecutionContext) => app.fetch(request, settledEnv(env, request), context),
} satisfies ExportedHandler<Env>;
