/**
 * The Durable Objects the site talks to, each by the one name it has (DESIGN.md): the place that
 * names them, so no caller writes `idFromName("amo")` or `"site"` again.
 */

/** The amoCRM account's token (spec 3: the record titled 'amo'). */
export const crmToken = (env: Env) => env.CRM_TOKEN.get(env.CRM_TOKEN.idFromName("amo"));

/** The site's promos and the fortune wheel's draws. */
export const promoRegistry = (env: Env) => env.PROMO_REGISTRY.get(env.PROMO_REGISTRY.idFromName("site"));

/** One shard of the lead outbox (services/leads/outbox.ts names them). */
export const outboxShard = (env: Env, shard: string) => env.LEAD_OUTBOX.get(env.LEAD_OUTBOX.idFromName(shard));

/** One seminar's tickets. */
export const seminarTickets = (env: Env, seminarId: string) => env.SEMINAR_TICKETS.get(env.SEMINAR_TICKETS.idFromName(seminarId));

/** The rate limits of one client (an IPv4 address or an IPv6 /64). */
export const rateLimiter = (env: Env, client: string) => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(client));
