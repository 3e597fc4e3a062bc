import { encodeLowVision, LOW_VISION_COOKIE, type LowVision } from "../services/low-vision";

const YEAR_S = 365 * 24 * 3600;

/** The low-vision cookie's value as the page reads it now ("" when there is none). */
function cookieNow(): string {
  const prefix = `${LOW_VISION_COOKIE}=`;
  const found = document.cookie.split(/;\s*/).find((pair) => pair.startsWith(prefix));
  return found ? found.slice(prefix.length) : "";
}

/**
 * Keeps the low-vision settings in the cookie the server reads (null: the ordinary version), and
 * resolves once the browser keeps them. Chromium hands a `document.cookie` write to its network
 * service on one channel and a navigation on another, so a reload started right after the write
 * was sometimes sent with the old cookie (2 reloads in 300 with the CPU busy) and came back in the
 * mode just left; the Cookie Store API's promise settles once the store has the cookie (0 in 300).
 * WebKit's store resolves `set` and `delete` and keeps nothing (issue 42), and Firefox has none:
 * there, and wherever the store's answer is not what the page then reads, `document.cookie`.
 */
export async function saveLowVision(settings: LowVision | null): Promise<void> {
  const wanted = settings ? encodeLowVision(settings) : "";
  const store = "cookieStore" in window ? window.cookieStore : undefined;
  if (store) {
    try {
      if (settings) {
        await store.set({ name: LOW_VISION_COOKIE, value: wanted, path: "/", expires: Date.now() + YEAR_S * 1000, sameSite: "lax" });
      } else {
        await store.delete({ name: LOW_VISION_COOKIE, path: "/" });
      }
      if (cookieNow() === wanted) return;
    } catch {
      // a store that refuses (an insecure page): the cookie as any browser writes it
    }
  }
  const secure = location.protocol === "https:" ? "; secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: where the Cookie Store API is missing or keeps nothing
  document.cookie = settings
    ? `${LOW_VISION_COOKIE}=${wanted}; path=/; max-age=${YEAR_S}; samesite=lax${secure}`
    : `${LOW_VISION_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`;
  // a round trip to the browser's cookie store after the write, sent after it: in Chromium, with a store that kept
  // nothing, a reload right after the write came back in the mode just left beside a second suite (the write travels
  // on its own channel); WebKit's store answers at once, and Firefox has none
  await store?.get(LOW_VISION_COOKIE).catch(() => undefined);
}

/** Switches the low-vision version on from the header card; the page reloads in it once the cookie is kept. */
export async function enableLowVision(): Promise<void> {
  await saveLowVision({ size: 1, scheme: "white", images: true, spacing: 0 });
  window.location.reload();
}
