/** Starts the production build of the site on a local port with the default content, for the browser tests. */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildAll } from "../../scripts/build";
import { ensureChromium } from "../../scripts/ensure-chromium";
import { root, startDevServer } from "../../scripts/lib/wrangler";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** The browser tests type faster than people and send many leads from one address. */
export const E2E_VARS = { OPS_TOKEN: "ops-token-for-e2e-0123456789", LEAD_MIN_FILL_MS: "300", LEAD_RATE_LIMIT: "0", TICKET_RATE_LIMIT: "0" };

export default async function setup(project: TestProject) {
  ensureChromium();
  // always: a stale client bundle would not match the pages the Worker renders from source
  await buildAll();
  const port = Number(process.env.E2E_PORT ?? 8790);
  // per port, so two runs on different ports do not share state
  const persistTo = join(root, `.wrangler/e2e-state-${port}`);
  rmSync(persistTo, { recursive: true, force: true });
  execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/content.ts", "push", "--persist-to", persistTo], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const server = await startDevServer({ port, persistTo, vars: { SITE_URL: url, ...E2E_VARS }, quiet: true });
  project.provide("baseUrl", server.url);
  return () => server.stop();
}
