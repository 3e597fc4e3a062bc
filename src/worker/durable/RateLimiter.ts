import { DurableObject } from "cloudflare:workers";

/**
 * Counts what one client address sends in a sliding window (one object per address), so a flood
 * of leads from one place is refused across every isolate of the Worker.
 */
export class RateLimiter extends DurableObject<Env> {
  private hits: number[] = [];

  /** Records a hit and says whether it is within `limit` per `windowMs`. */
  hit(limit: number, windowMs: number, now = Date.now()): boolean {
    this.hits = this.hits.filter((at) => at > now - windowMs);
    if (this.hits.length >= limit) return false;
    this.hits.push(now);
    return true;
  }
}
