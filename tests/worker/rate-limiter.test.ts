/**
 * A client's budgets outlive the object that counts them: an eviction, a crash or a deploy starts
 * a new instance on the same storage, and the seats an address took this hour still count.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Budget } from "../../src/services/rate-limit";
import { RateLimiter } from "../../src/worker/durable/RateLimiter";
import { uniqueId } from "./leads-helpers";

const limiter = (client: string) => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(client));
const seats = (cost: number): Budget => ({ name: "seats", limit: 20, windowMs: 3600_000, cost });
const requests: Budget = { name: "requests", limit: 5, windowMs: 60_000, cost: 1 };

describe("the rate limiter's budgets", () => {
  it("still refuse after a new instance starts on the same storage (an eviction or a deploy)", async () => {
    const stub = limiter(uniqueId("client"));
    expect(await stub.take([requests, seats(15)])).toMatchObject({ ok: true });
    expect(await stub.take([requests, seats(5)])).toMatchObject({ ok: true });
    const fresh = await runInDurableObject(stub, (_, state) => new RateLimiter(state, env).take([requests, seats(1)]));
    expect(fresh).toEqual({ ok: false, budget: "seats" });
  });

  it("still refuse after the object is reset", async () => {
    const client = uniqueId("client");
    expect(await limiter(client).take([seats(20)])).toMatchObject({ ok: true });
    await runInDurableObject(limiter(client), (_, state) => state.abort("reset drill")).catch(() => undefined);
    expect(await limiter(client).take([seats(1)])).toEqual({ ok: false, budget: "seats" });
  });

  it("take nothing from a budget when another one is spent, and count each window on its own", async () => {
    const stub = limiter(uniqueId("client"));
    const start = Date.now();
    for (let i = 0; i < 5; i++) expect(await stub.take([requests, seats(1)], start + i)).toMatchObject({ ok: true });
    expect(await stub.take([requests, seats(1)], start + 10)).toEqual({ ok: false, budget: "requests" });
    // a minute later the requests are free again; the seats of the hour still count (5, none taken by the refusal)
    expect(await stub.take([requests, seats(15)], start + 61_000)).toMatchObject({ ok: true });
    expect(await stub.take([requests, seats(1)], start + 62_000)).toEqual({ ok: false, budget: "seats" });
    expect(await stub.take([requests, seats(1)], start + 3600_000 + 61_000)).toMatchObject({ ok: true });
  });

  it("forget what is spent once its window has passed: no row stays behind", async () => {
    const stub = limiter(uniqueId("client"));
    const start = Date.now();
    await stub.take([requests, seats(3)], start);
    const rows = () => runInDurableObject(stub, (_, state) => state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM spent").one().n);
    expect(await rows()).toBe(2);
    await stub.take([requests], start + 61_000);
    // the first minute's request is gone; the hour's seats and the new request remain
    expect(await rows()).toBe(2);
    // the last window has passed: the alarm empties the table
    const alarm = await runInDurableObject(stub, (_, state) => state.storage.getAlarm());
    expect(alarm).toBeGreaterThanOrEqual(start + 3600_000);
    await runInDurableObject(stub, async (instance) => {
      await (instance as RateLimiter).expire(start + 3600_000 + 1);
    });
    expect(await rows()).toBe(0);
  });
});
