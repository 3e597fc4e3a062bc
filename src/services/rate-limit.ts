/** The budgets a client spends (the RateLimiter object keeps one set per client). */

/** One limit: at most `limit` units of cost within `windowMs`. */
export interface Budget {
  name: string;
  limit: number;
  windowMs: number;
  cost: number;
}

/** A take that went through carries its receipt: the rows to give back if another group refuses the same request. */
export type Take = { ok: true; receipt: number[] } | { ok: false; budget: string };
