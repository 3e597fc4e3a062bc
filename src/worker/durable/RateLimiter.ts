import { DurableObject } from "cloudflare:workers";
import type { Budget, Take } from "../../services/rate-limit";

/**
 * Counts what one client (an IPv4 address or an IPv6 /64) sends in sliding windows, one object
 * per client, so a flood is refused across every isolate of the Worker. A request is taken only
 * when every budget it draws on has room: leads count one each, ticket orders also their seats.
 */
export class RateLimiter extends DurableObject<Env> {
  private spent = new Map<string, { at: number; cost: number }[]>();

  take(budgets: Budget[], now = Date.now()): Take {
    const live = budgets.map((budget) => {
      const entries = (this.spent.get(budget.name) ?? []).filter((entry) => entry.at > now - budget.windowMs);
      this.spent.set(budget.name, entries);
      return { budget, used: entries.reduce((sum, entry) => sum + entry.cost, 0) };
    });
    const over = live.find(({ budget, used }) => used + budget.cost > budget.limit);
    if (over) return { ok: false, budget: over.budget.name };
    for (const { budget } of live) this.spent.get(budget.name)!.push({ at: now, cost: budget.cost });
    return { ok: true };
  }
}
