/** A second `wrangler dev` with its own settings and state, for browser tests of optional features. */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { type DevServer, root, startDevServer } from "../../scripts/lib/wrangler";
import { E2E_VARS } from "./setup";

/** Starts it on E2E_PORT + offset with the default content; the e2e setup has built the client already. */
export async function startOwnServer(offset: number, vars: Record<string, string>): Promise<DevServer> {
  const port = Number(process.env.E2E_PORT ?? 8790) + offset;
  const persistTo = join(root, `.wrangler/e2e-own-${port}`);
  rmSync(persistTo, { recursive: true, force: true });
  execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/content.ts", "push", "--persist-to", persistTo], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  return startDevServer({ port, persistTo, vars: { SITE_URL: `http://127.0.0.1:${port}`, ...E2E_VARS, ...vars }, quiet: true });
}
