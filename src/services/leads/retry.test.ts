import { describe, expect, it } from "vitest";
import { config } from "../../server/config.server";
import { givenUpAfterMs, MAX_RETRY_DELAY_MS, retryDelay } from "./retry";

const HOUR = 3600_000;
/** the settings of an environment that sets none of its own */
const { OUTBOX_RETRY_BASE_MS: DEFAULT_BASE_MS, OUTBOX_MAX_ATTEMPTS: DEFAULT_MAX_ATTEMPTS } = config({ SITE_URL: "https://mip.institute" } as Env);

describe("the outbox retry schedule", () => {
  it("doubles the wait from the first retry up to an hour", () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n, DEFAULT_BASE_MS))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelay(8, DEFAULT_BASE_MS)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelay(60, DEFAULT_BASE_MS)).toBe(HOUR);
  });

  it("with the default settings keeps trying a failing delivery for more than a day before it is dead", () => {
    const givenUp = givenUpAfterMs(DEFAULT_MAX_ATTEMPTS, DEFAULT_BASE_MS);
    expect(givenUp).toBeGreaterThan(3 * 24 * HOUR);
    expect(givenUp).toBeLessThan(4 * 24 * HOUR);
  });

  it("never waits more than an hour after a sink returns, whatever the outage lasted", () => {
    for (let attempts = 1; attempts <= DEFAULT_MAX_ATTEMPTS; attempts++) expect(retryDelay(attempts, DEFAULT_BASE_MS)).toBeLessThanOrEqual(HOUR);
  });
});
