/** A server of the built site of its own (the Worker's runtime, `startSite`), with its own settings and state, for browser tests of optional features. */
import type { DevServer } from "../../scripts/lib/wrangler";
import { e2ePort, startSite } from "./setup";

/**
 * Starts it on E2E_PORT + offset with the default content; the setup has built the site already.
 * Offsets in use (each file its own, since two files run at once): 7 load and 9 crash (the drills'
 * own `wrangler dev`), 17 analytics, 18 Turnstile, 20 SmartCaptcha, 33 the mirror (34 and 35 its static host and wall).
 */
export function startOwnServer(offset: number, vars: Record<string, string>): Promise<DevServer> {
  return startSite(e2ePort() + offset, vars);
}
