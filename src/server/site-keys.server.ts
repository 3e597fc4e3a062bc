import { isolateSlot } from "../services/isolate";
import { hmacKey } from "../services/visit-evidence";
import type { KeyPurpose } from "../services/visit-evidence";
import { siteKeys } from "./objects";

/** The site's keys as this isolate holds them: asked of the SiteKeys object once per purpose. */
const state = isolateSlot("site-keys", () => ({ keys: new Map<KeyPurpose, Promise<CryptoKey>>(), ready: new Map<KeyPurpose, CryptoKey>() }));

export function siteKey(env: Env, purpose: KeyPurpose): Promise<CryptoKey> {
  const { keys, ready } = state();
  let key = keys.get(purpose);
  if (!key) {
    key = siteKeys(env)
      .key(purpose)
      .then(hmacKey)
      .then((loaded) => {
        ready.set(purpose, loaded);
        return loaded;
      });
    // a failed load is asked again by the next request
    key.catch(() => keys.delete(purpose));
    keys.set(purpose, key);
  }
  return key;
}

/** The key if this isolate has it already: for checks that must not wait on a Durable Object. */
export const loadedSiteKey = (purpose: KeyPurpose): CryptoKey | undefined => state().ready.get(purpose);
