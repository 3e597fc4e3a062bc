/** Leads are spread over a few outbox shards by a hash of their id; ops read all of them. */
export const OUTBOX_SHARDS = 4;

export function shardOf(id: string): string {
  let hash = 2166136261;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 16777619);
  return `lead-outbox-${(hash >>> 0) % OUTBOX_SHARDS}`;
}

export const allShards = () => Array.from({ length: OUTBOX_SHARDS }, (_, n) => `lead-outbox-${n}`);
