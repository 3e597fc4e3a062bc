import { createApp } from "./app";

export { CrmToken } from "./durable/CrmToken";
export { LeadOutbox } from "./durable/LeadOutbox";
export { PromoRegistry } from "./durable/PromoRegistry";
export { RateLimiter } from "./durable/RateLimiter";
export { SeminarTickets } from "./durable/SeminarTickets";

const app = createApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
