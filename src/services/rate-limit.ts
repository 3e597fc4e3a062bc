/** The budgets a client spends (the RateLimiter object keeps one set per client). */

/** One limit: at most `limit` units of cost within `windowMs`. */
export interface Budget {
  name: string;
  limit: number;
  windowMs: number;
  cost: number;
}

export type Take = { ok: true } | { ok: false; budget: string };
