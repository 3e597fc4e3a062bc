/**
 * Yandex Metrika, loaded from our own code (no inline snippet, decision 002) and only after the
 * visitor has accepted analytics (decision 011). The queue stub is Metrika's own contract: calls
 * made before tag.js arrives wait in `ym.a`.
 */
const TAG_URL = "https://mc.yandex.ru/metrika/tag.js";

type Ym = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };

declare global {
  interface Window {
    ym?: Ym;
    __YM_ID__?: number;
  }
}

export function loadMetrika(counterId: number): void {
  if (window.ym) return;
  const ym: Ym = (...args: unknown[]) => {
    ym.a ??= [];
    ym.a.push(args);
  };
  ym.l = Date.now();
  window.ym = ym;
  window.__YM_ID__ = counterId;
  const script = document.createElement("script");
  script.src = TAG_URL;
  script.async = true;
  document.head.appendChild(script);
  // no session replay: it would record what people type into the lead forms
  ym(counterId, "init", { clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: false });
}

/** Metrika is on this page already: withdrawing consent needs the page reloaded without it. */
export const metrikaLoaded = (): boolean => typeof window.ym === "function";

/** Removes Metrika's own cookies (`_ym_*`) for this host and its parent domain. */
export function forgetMetrikaCookies(): void {
  const names = document.cookie
    .split("; ")
    .map((part) => part.split("=")[0] ?? "")
    .filter((name) => name.startsWith("_ym"));
  const host = location.hostname;
  const domains = ["", `; domain=${host}`, `; domain=.${host.split(".").slice(-2).join(".")}`];
  for (const name of names) {
    for (const domain of domains) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox
      document.cookie = `${name}=; path=/; max-age=0${domain}`;
    }
  }
}
