/** A server of the built site of its own (the Worker's runtime, `startSite`), with its own settings and state, for browser tests of optional features. */
import type { DevServer } from "../../scripts/lib/wrangler";
import { E2E_VARS, e2ePort, startSite } from "./setup";

/**
 * Starts it on E2E_PORT + offset with the default content; the setup has built the site already.
 * Offsets in use (each file its own, since two files run at once): 7 load and 9 crash (the drills'
 * own `wrangler dev`), 17 analytics, 18 Turnstile, 20 SmartCaptcha, 22 ALTCHA, 33 the mirror (34 and 35 its static host and wall), 41 the paid tickets and free registrations.
 */
export function startOwnServer(offset: number, vars: Record<string, string>): Promise<DevServer> {
  return startSite(e2ePort() + offset, vars);
}

/** The CRM token the fake amoCRM expects, seeded as ops seed it, so the server's leads reach the fake's amoCRM. */
export async function seedCrmToken(server: DevServer): Promise<void> {
  const seeded = await fetch(`${server.url}/ops/crm/token`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${E2E_VARS.OPS_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ access: "access-0", refresh: "refresh-0", expired_in: Math.floor(Date.now() / 1000) + 86_400 }),
  });
  if (!seeded.ok) throw new Error(`seeding the CRM token answered ${seeded.status}`);
}
