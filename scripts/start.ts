/**
 * `npm start`: builds the client, loads the default content into local KV and serves the
 * production build at http://127.0.0.1:8787 (PORT overrides). Ctrl+C stops everything.
 */
import { execFileSync } from "node:child_process";
import { buildAll } from "./build";
import { sayNode } from "./lib/node-version";
import { root, startDevServer } from "./lib/wrangler";

sayNode("npm start");
await buildAll();
execFileSync(process.execPath, [`${root}node_modules/tsx/dist/cli.mjs`, "scripts/content.ts", "push"], { cwd: root, stdio: "inherit" });
const port = Number(process.env.PORT ?? 8787);
const server = await startDevServer({ port });
console.log(`\nThe site is running at ${server.url} (Ctrl+C stops it)\n`);
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
