/**
 * The Durable Object classes wrangler.toml declares are the ones the Worker exports: a class no
 * longer exported is deleted by a migration, and no environment binds it (a deploy would refuse).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { root } from "../../scripts/lib/wrangler";

const config = (env?: string) => unstable_readConfig({ config: join(root, "wrangler.toml"), env });
const exported = [...readFileSync(join(root, "src/worker/index.ts"), "utf8").matchAll(/export \{ (\w+) \} from "\.\/durable\//g)].map((m) => m[1]!);

describe("the Durable Object classes of wrangler.toml", () => {
  it("are created and deleted by the migrations so that what is left is what the Worker exports", () => {
    const alive = new Set<string>();
    for (const migration of config().migrations) {
      for (const name of [...(migration.new_classes ?? []), ...(migration.new_sqlite_classes ?? [])]) alive.add(name);
      for (const name of migration.deleted_classes ?? []) alive.delete(name);
    }
    expect([...alive].sort()).toEqual([...exported].sort());
  });

  it("no longer have SiteKeys: one key source, SIGNING_SECRET (decisions 054 and 065)", () => {
    expect(config().migrations.at(-1)).toEqual({ tag: "v4", deleted_classes: ["SiteKeys"] });
    for (const env of [undefined, "dev", "production"]) {
      const classes = config(env).durable_objects.bindings.map((binding: { class_name: string }) => binding.class_name);
      expect(classes, env ?? "local").not.toContain("SiteKeys");
      expect([...classes].sort(), env ?? "local").toEqual([...exported].sort());
    }
  });
});
