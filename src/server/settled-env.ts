/**
 * The environment each request and each scheduled run works with (src/worker/index.ts): the
 * Worker's own, with SITE_URL settled and, where CATALOGUE_READ_DELAY_MS asks for it (benches and
 * tests of a far KV), KV reads that wait first.
 */
import { isolateSlot } from "../services/isolate";
import { config, sameSettings } from "./config.server";

/**
 * The environment the app sees: the same object, unless SITE_URL is missing or bad; then the
 * site's own address is the origin the request came to (canonical links, cookies, the same-origin
 * guard), and config() has logged the setting once.
 */
export function settledEnv(env: Env, request: Request): Env {
  const settings = config(env);
  const delayed = withReadDelay(env, settings.CATALOGUE_READ_DELAY_MS);
  if (settings.SITE_URL) return delayed;
  return { ...delayed, SITE_URL: new URL(request.url).origin } as Env;
}

const delayedEnvs = isolateSlot("delayed-envs", () => new WeakMap<object, Env>());

/** The environment whose KV reads (the catalogue's and the pages tier's) wait `ms` first (CATALOGUE_READ_DELAY_MS); one per environment object. */
function withReadDelay(env: Env, ms: number): Env {
  if (ms === 0) return env;
  const known = delayedEnvs();
  let delayed = known.get(env);
  if (!delayed) {
    const wait = () => new Promise((resolve) => setTimeout(resolve, ms));
    const reads = new Set<PropertyKey>(["get", "getWithMetadata", "list"]);
    const slow = (kv: KVNamespace) =>
      new Proxy(kv, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property);
          if (typeof value !== "function") return value;
          const bound = (value as (...args: unknown[]) => unknown).bind(target);
          if (!reads.has(property)) return bound;
          return async (...args: unknown[]) => {
            await wait();
            return bound(...args);
          };
        },
      });
    delayed = { ...env, CATALOGUE: slow(env.CATALOGUE), ...(env.PAGES ? { PAGES: slow(env.PAGES) } : {}) } as Env;
    known.set(env, delayed);
    sameSettings(delayed, env);
  }
  return delayed;
}
