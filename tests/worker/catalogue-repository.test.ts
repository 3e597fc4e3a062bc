import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CURRENT_CATALOGUE_KEY } from "../../src/services/catalogue/keys";
import { getCatalogue } from "../../src/services/catalogue/repository";
import { settledEnv } from "../../src/server/settled-env";
import { freshIsolate } from "../../src/services/isolate";
import { defaultCatalogue } from "../support/content";
import { seedCatalogue } from "./seed";
import { settingsWith } from "./with-settings";

afterEach(() => vi.restoreAllMocks());

describe("the catalogue repository", () => {
  it("reads KV once per content version and shares the parsed snapshot", async () => {
    await seedCatalogue(defaultCatalogue("repo-v1"));
    const get = vi.spyOn(env.CATALOGUE, "get");
    const getWithMetadata = vi.spyOn(env.CATALOGUE, "getWithMetadata");
    const first = await getCatalogue(env.CATALOGUE, 1_000);
    const second = await getCatalogue(env.CATALOGUE, 2_000);
    expect(second).toBe(first);
    expect(get).toHaveBeenCalledTimes(1); // the version key
    expect(getWithMetadata).toHaveBeenCalledTimes(1); // beside it, the current snapshot (its copy) with its seal
  });

  it("switches to a new content version once the short version check expires", async () => {
    await seedCatalogue(defaultCatalogue("repo-v2"));
    expect((await getCatalogue(env.CATALOGUE, 10_000)).version).toBe("repo-v2");
    const next = defaultCatalogue("repo-v3");
    await env.CATALOGUE.put("catalogue:repo-v3", JSON.stringify(next));
    await env.CATALOGUE.put("content:version", "repo-v3");
    expect((await getCatalogue(env.CATALOGUE, 11_000)).version).toBe("repo-v2");
    expect((await getCatalogue(env.CATALOGUE, 16_000)).version).toBe("repo-v3");
  });

  it("keeps serving the last good version when KV fails, and logs that once", async () => {
    await seedCatalogue(defaultCatalogue("repo-v4"));
    await getCatalogue(env.CATALOGUE, 20_000);
    vi.spyOn(env.CATALOGUE, "get").mockRejectedValue(new Error("KV unreachable"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (let i = 1; i <= 3; i++) expect((await getCatalogue(env.CATALOGUE, 20_000 + i * 10_000)).version).toBe("repo-v4");
    expect(logged).toHaveBeenCalledTimes(1);
  });

  /** Records when each KV read of the catalogue starts and ends, in order. */
  function recordReads(): string[] {
    const events: string[] = [];
    const kv = env.CATALOGUE;
    for (const method of ["get", "getWithMetadata"] as const) {
      const real = kv[method].bind(kv) as (...args: unknown[]) => Promise<unknown>;
      vi.spyOn(kv, method).mockImplementation((async (...args: unknown[]) => {
        events.push(`start ${String(args[0])}`);
        const result = await real(...args);
        events.push(`end ${String(args[0])}`);
        return result;
      }) as never);
    }
    return events;
  }

  /** KV far away: every catalogue read waits this long (CATALOGUE_READ_DELAY_MS). */
  const DELAY_MS = 500;
  const farKv = () => settledEnv(settingsWith({ CATALOGUE_READ_DELAY_MS: String(DELAY_MS) }), new Request("https://mip.institute/")).CATALOGUE;

  it("reads a fresh isolate's content with KV at hand as always: the version pointer, then its snapshot", async () => {
    await seedCatalogue(defaultCatalogue("repo-v5"));
    freshIsolate();
    const events = recordReads();
    expect((await getCatalogue(env.CATALOGUE, 100_000)).version).toBe("repo-v5");
    expect(events).toEqual(["start content:version", "end content:version", "start catalogue:repo-v5", "end catalogue:repo-v5"]);
  });

  /** `kv` with each read written down when it is asked for, before KV's wait, and when it is answered. */
  function recordAsked(kv: KVNamespace, asked: string[]): KVNamespace {
    return new Proxy(kv, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property);
        if (typeof value !== "function") return value;
        const bound = (value as (...args: unknown[]) => Promise<unknown>).bind(target);
        if (property !== "get" && property !== "getWithMetadata") return bound;
        return async (...args: unknown[]) => {
          asked.push(`ask ${String(args[0])}`);
          const result = await bound(...args);
          asked.push(`answer ${String(args[0])}`);
          return result;
        };
      },
    });
  }

  it("reads a fresh isolate's content with KV far away in one round: the current snapshot's copy overlaps the pointer", async () => {
    await seedCatalogue(defaultCatalogue("repo-v6"));
    freshIsolate();
    const events = recordReads();
    const asked: string[] = [];
    const started = Date.now();
    expect((await getCatalogue(recordAsked(farKv(), asked), 200_000)).version).toBe("repo-v6");
    expect(Date.now() - started).toBeGreaterThanOrEqual(DELAY_MS);
    // one round: the copy was asked for while the pointer's answer was still on its way (a count of
    // the order, not of milliseconds, so a busy machine's pauses do not read as a second round)
    expect(asked.indexOf(`ask ${CURRENT_CATALOGUE_KEY}`)).toBeGreaterThan(-1);
    expect(asked.indexOf(`ask ${CURRENT_CATALOGUE_KEY}`)).toBeLessThan(asked.indexOf("answer content:version"));
    expect(asked.filter((event) => event.startsWith("ask"))).toHaveLength(2);
    expect(events.filter((event) => event.startsWith("start")).sort()).toEqual([`start ${CURRENT_CATALOGUE_KEY}`, "start content:version"]);
    // warm: the pointer alone, never the copy
    events.length = 0;
    await getCatalogue(farKv(), 210_000);
    expect(events).toEqual(["start content:version", "end content:version"]);
  });

  it("reads the version's own snapshot when the copy is of another version (a push between the two, or an edge's stale copy)", async () => {
    await seedCatalogue(defaultCatalogue("repo-v7"));
    const next = defaultCatalogue("repo-v8");
    await env.CATALOGUE.put("catalogue:repo-v8", JSON.stringify(next));
    await env.CATALOGUE.put("content:version", "repo-v8");
    freshIsolate();
    const events = recordReads();
    expect((await getCatalogue(farKv(), 300_000)).version).toBe("repo-v8");
    expect(events.filter((event) => event.startsWith("start")).at(-1)).toBe("start catalogue:repo-v8");
    expect(events).toContain(`start ${CURRENT_CATALOGUE_KEY}`);
  });

  it("reads the version's own snapshot when the copy was altered by hand, and says so", async () => {
    await seedCatalogue(defaultCatalogue("repo-v9"));
    await env.CATALOGUE.put(CURRENT_CATALOGUE_KEY, "{not a snapshot", { metadata: { version: "repo-v9", schema: 0, sha256: "" } });
    freshIsolate();
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect((await getCatalogue(farKv(), 400_000)).version).toBe("repo-v9");
    expect(warned.mock.calls.some(([line]) => String(line).includes("content.copy-refused"))).toBe(true);
  });
});
