/**
 * The built Worker in workerd through Miniflare alone, with the bindings of wrangler.toml's top
 * level: the server the tests, the critical-CSS pass and the mirror talk to
 * (`startSiteWithContent` in lib/wrangler.ts spawns it; decision 064).
 *   tsx scripts/site-runtime.ts '{"port":8790,"bundle":"…/index.js","persistTo":"…","vars":{…}}'
 *
 * Not `wrangler dev`: that puts a proxy Worker in a workerd of its own in front of this one, a
 * second runtime's start and CPU in every test server. (Its old race with the runtime's keep-alive
 * close, cloudflare/workers-sdk#14641, which parked a GET or answered a POST 503, is gone with
 * wrangler 4.164: decision 090.) Here the browser talks to the runtime itself.
 */
import { join } from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { root } from "./lib/wrangler";

interface RuntimeOptions {
  port: number;
  /** the Worker as `wrangler deploy --dry-run --outdir` wrote it */
  bundle: string;
  /** as `wrangler dev --persist-to`: KV and Durable Objects under `<persistTo>/v3` */
  persistTo: string;
  vars: Record<string, string>;
}

const options = JSON.parse(process.argv[2] ?? "") as RuntimeOptions;
// the bundle is one module of its own (modulesRules are for a Worker's sources, and Miniflare 5 has no such option)
const { modulesRules: _sourceRules, ...workerOptions } = unstable_getMiniflareWorkerOptions(join(root, "wrangler.toml")).workerOptions;

// wrangler still describes a Worker in Miniflare 4's shape; Miniflare 5 converts it
const runtime = new Miniflare(convertV4MiniflareOptions({
  ...workerOptions,
  name: "mip-site",
  modules: true,
  scriptPath: options.bundle,
  bindings: { ...(workerOptions.bindings as Record<string, string> | undefined), ...options.vars },
  host: "127.0.0.1",
  port: options.port,
  resourcePersistencePath: join(options.persistTo, "v3"),
  // the fallback request.cf, never a download (STACK.md)
  cf: false,
}));
await runtime.ready;

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    void runtime.dispose().finally(() => process.exit(0));
  });
}
