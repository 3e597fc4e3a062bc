import { encodeLowVision, LOW_VISION_COOKIE, type LowVision } from "../../services/low-vision";

const YEAR_S = 365 * 24 * 3600;

/**
 * Keeps the low-vision settings in the cookie the server reads (null: the ordinary version), and
 * resolves once the browser's cookie store has them. Chromium hands a `document.cookie` write to
 * its network service on one channel and a navigation on another, so a reload started right after
 * the write was sometimes sent with the old cookie (2 reloads in 300 with the CPU busy) and came
 * back in the mode just left; the Cookie Store API's promise settles once the store has the
 * cookie (0 in 300). A browser without it (Firefox) writes `document.cookie`.
 */
export async function saveLowVision(settings: LowVision | null): Promise<void> {
  const store = "cookieStore" in window ? window.cookieStore : undefined;
  if (store) {
    try {
      if (settings) {
        await store.set({ name: LOW_VISION_COOKIE, value: encodeLowVision(settings), path: "/", expires: Date.now() + YEAR_S * 1000, sameSite: "lax" });
      } else {
        await store.delete({ name: LOW_VISION_COOKIE, path: "/" });
      }
      return;
    } catch {
      // a store that refuses (an insecure page): the cookie as any browser writes it
    }
  }
  const secure = location.protocol === "https:" ? "; secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the fallback of a browser without the Cookie Store API
  document.cookie = settings
    ? `${LOW_VISION_COOKIE}=${encodeLowVision(settings)}; path=/; max-age=${YEAR_S}; samesite=lax${secure}`
    : `${LOW_VISION_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`;
}

/** Switches the low-vision version on from the header card; the page reloads in it once the cookie is kept. */
export async function enableLowVision(): Promise<void> {
  await saveLowVision({ size: 1, scheme: "white", images: true, spacing: 0 });
  window.location.reload();
}
