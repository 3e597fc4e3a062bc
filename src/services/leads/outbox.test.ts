import { describe, expect, it } from "vitest";
import { acceptInItsShard, allShards, shardHolding, shardOf, shardsOf } from "./outbox";

/** Shards in memory: what accept does to idempotency, without Durable Objects. */
function memoryShards() {
  const shards = new Map<string, Map<string, string>>();
  const stubOf = (shard: string) => {
    const leads = shards.get(shard) ?? new Map<string, string>();
    shards.set(shard, leads);
    return {
      async accept(lead: { id: string }, fingerprint: string) {
        const stored = leads.get(lead.id);
        if (stored !== undefined) return { outcome: stored === fingerprint ? "duplicate" : "conflict" };
        leads.set(lead.id, fingerprint);
        return { outcome: "accepted" };
      },
      async has(id: string) {
        return leads.has(id);
      },
    };
  };
  return { shards, stubOf };
}

describe("outbox shards", () => {
  it("spreads ids over the current count's shards", () => {
    const used = new Set(Array.from({ length: 200 }, (_, i) => shardOf(`lead-${i}`)));
    expect(used).toEqual(new Set(allShards()));
  });

  it("survives a change of the shard count: a lead stored before is found, not stored twice", async () => {
    const { shards, stubOf } = memoryShards();
    const ids = Array.from({ length: 100 }, (_, i) => `lead-${i}`);
    for (const id of ids) expect(await acceptInItsShard({ id }, "f", stubOf, [4])).toBe("accepted");
    // the count goes from 4 to 8; 4 stays listed while its shards may hold leads
    const moved = ids.filter((id) => shardOf(id, 8) !== shardOf(id, 4));
    expect(moved.length).toBeGreaterThan(0);
    for (const id of ids) expect(await acceptInItsShard({ id }, "f", stubOf, [8, 4])).toBe("duplicate");
    for (const id of moved) expect(await acceptInItsShard({ id }, "other", stubOf, [8, 4])).toBe("conflict");
    const copies = [...shards.values()].reduce((sum, leads) => sum + leads.size, 0);
    expect(copies).toBe(ids.length);
    // a new lead goes to its shard under the new count
    expect(await acceptInItsShard({ id: "new-lead" }, "f", stubOf, [8, 4])).toBe("accepted");
    expect(shards.get(shardOf("new-lead", 8))?.has("new-lead")).toBe(true);
    // ops find each lead where it is
    for (const id of moved) expect(await shardHolding(id, (shard) => stubOf(shard).has(id), [8, 4])).toBe(shardOf(id, 4));
    expect(allShards([8, 4])).toHaveLength(8);
    expect(shardsOf("x", [8, 4]).length).toBeLessThanOrEqual(2);
  });
});
