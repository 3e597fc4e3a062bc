import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../src/worker/index";
import { origin } from "./leads-helpers";

/** The test settings with some changed: the Worker parses settings per environment object. */
export const settingsWith = (overrides: Record<string, string>): Env => ({ ...env, ...overrides }) as Env;

/** One request to the Worker running with `settings` (SELF always has the default test settings). */
export async function fetchWith(settings: Env, path: string, init: RequestInit = {}): Promise<Response> {
  const context = createExecutionContext();
  const response = await worker.fetch(new Request(`${origin}${path}`, { redirect: "manual", ...init }), settings, context);
  await waitOnExecutionContext(context);
  return response;
}
