import { hmacKey } from "../services/visit-evidence";
import type { KeyPurpose } from "./durable/SiteKeys";

/** The site's keys as this isolate holds them: asked of the SiteKeys object once per purpose. */
const keys = new Map<KeyPurpose, Promise<CryptoKey>>();
const ready = new Map<KeyPurpose, CryptoKey>();

export function siteKey(env: Env, purpose: KeyPurpose): Promise<CryptoKey> {
  let key = keys.get(purpose);
  if (!key) {
    key = env.SITE_KEYS.get(env.SITE_KEYS.idFromName("site"))
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
export const loadedSiteKey = (purpose: KeyPurpose): CryptoKey | undefined => ready.get(purpose);
