/**
 * Leads are spread over outbox shards (Durable Objects named `lead-outbox-N`) by a hash of their
 * id. The shard count can change: OUTBOX_SHARD_COUNTS lists the current count first and the
 * earlier ones after it, and a lead is looked for in the shard each count gives it before it is
 * stored anew, so idempotency and ops retries survive the change (docs/operations.md, "Outbox
 * shards", says how to change the count and when an earlier count may be dropped).
 */
const OUTBOX_SHARD_COUNTS: readonly number[] = [4];

/** What storing a lead came to: new, the same request again, or another request under a used id. */
export type AcceptOutcome = "accepted" | "duplicate" | "conflict";

export type DeliveryStatus = "pending" | "delivered" | "skipped" | "dead";

/** A lead as ops see it: no personal field, its deliveries one per sink. */
export interface LeadView {
  id: string;
  kind: string;
  receivedAt: number;
  redacted: boolean;
  deliveries: {
    sink: string;
    status: DeliveryStatus;
    attempts: number;
    nextAttemptAt: number | null;
    lastError: string | null;
    detail: string | null;
  }[];
}

const shardName = (n: number) => `lead-outbox-${n}`;

function hash(id: string): number {
  let value = 2166136261;
  for (let i = 0; i < id.length; i++) value = Math.imul(value ^ id.charCodeAt(i), 16777619);
  return value >>> 0;
}

/** The shard of a new lead (or of a lead under a given count). */
export function shardOf(id: string, count = OUTBOX_SHARD_COUNTS[0]!): string {
  return shardName(hash(id) % count);
}

/** Where a lead may be stored: its shard under the current count first, then under each earlier one. */
export function shardsOf(id: string, counts: readonly number[] = OUTBOX_SHARD_COUNTS): string[] {
  return [...new Set(counts.map((count) => shardOf(id, count)))];
}

/** Every shard ops read, under every count still listed. */
export function allShards(counts: readonly number[] = OUTBOX_SHARD_COUNTS): string[] {
  const most = Math.max(...counts);
  return Array.from({ length: most }, (_, n) => shardName(n));
}

/** What the shard lookup needs of an outbox shard. */
export interface ShardStub<Lead, Outcome> {
  accept(lead: Lead, fingerprint: string): Promise<{ outcome: Outcome }>;
  has(id: string): Promise<boolean>;
}

/**
 * Stores a lead where it belongs: in the shard an earlier count gave it if it is there already
 * (the same id again is then a duplicate or a conflict there), otherwise in its current shard.
 */
export async function acceptInItsShard<Lead extends { id: string }, Outcome>(
  lead: Lead,
  fingerprint: string,
  stubOf: (shard: string) => ShardStub<Lead, Outcome>,
  counts: readonly number[] = OUTBOX_SHARD_COUNTS,
): Promise<Outcome> {
  const [current, ...earlier] = shardsOf(lead.id, counts);
  for (const shard of earlier) {
    if (await stubOf(shard).has(lead.id)) return (await stubOf(shard).accept(lead, fingerprint)).outcome;
  }
  return (await stubOf(current!).accept(lead, fingerprint)).outcome;
}

/** The shard that holds a lead, under any count still listed; the current one when none does. */
export async function shardHolding(id: string, has: (shard: string) => Promise<boolean>, counts: readonly number[] = OUTBOX_SHARD_COUNTS): Promise<string> {
  const shards = shardsOf(id, counts);
  for (const shard of shards) if (await has(shard)) return shard;
  return shards[0]!;
}
