import { encodeLowVision, LOW_VISION_COOKIE, type LowVision } from "../../services/low-vision";

const YEAR_S = 365 * 24 * 3600;

/** Keeps the low-vision settings in the cookie the server reads (null: the ordinary version). */
export function saveLowVision(settings: LowVision | null): void {
  const secure = location.protocol === "https:" ? "; secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox
  document.cookie = settings
    ? `${LOW_VISION_COOKIE}=${encodeLowVision(settings)}; path=/; max-age=${YEAR_S}; samesite=lax${secure}`
    : `${LOW_VISION_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`;
}

/** Switches the low-vision version on from the header card; the page reloads in it. */
export function enableLowVision(): void {
  saveLowVision({ size: 1, scheme: "white", images: true, spacing: 0 });
  window.location.reload();
}
