/**
 * When the outbox tries a failing delivery again. The delay doubles from the first retry up to an
 * hour, so a sink that was down is caught up within the hour it returns; with the defaults a
 * delivery is tried for about three days before it is dead (docs/reliability.md, drill 3).
 */
export const MAX_RETRY_DELAY_MS = 3600_000;

/** The wait after the `attempts`-th failure. */
export function retryDelay(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

/** How long after its first attempt a delivery that always fails is given up (its last attempt). */
export function givenUpAfterMs(maxAttempts: number, baseMs: number): number {
  let total = 0;
  for (let attempts = 1; attempts < maxAttempts; attempts++) total += retryDelay(attempts, baseMs);
  return total;
}
