import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getCatalogue } from "../../src/services/catalogue/repository";
import { defaultCatalogue } from "../support/content";
import { seedCatalogue } from "./seed";

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
    expect(getWithMetadata).toHaveBeenCalledTimes(1); // then the snapshot with its seal
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
});
