/** Links are prefetched when they come within this margin of the viewport (spec 9). */
const PREFETCH_MARGIN = "200px";

function worthPrefetching(link: HTMLAnchorElement): boolean {
  if (link.target && link.target !== "_self") return false;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || url.protocol !== location.protocol) return false;
  if (url.pathname === location.pathname) return false;
  return !/\.(pdf|zip|docx?)$/i.test(url.pathname);
}

/** Prefetches same-site pages whose links come near the viewport, unless the visitor saves data. */
export function installPrefetch(): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (connection?.saveData || /2g/.test(connection?.effectiveType ?? "")) return;
  const done = new Set<string>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const link = entry.target as HTMLAnchorElement;
        observer.unobserve(link);
        const url = new URL(link.href, location.href);
        url.hash = "";
        if (done.has(url.href)) continue;
        done.add(url.href);
        const hint = document.createElement("link");
        hint.rel = "prefetch";
        hint.href = url.href;
        document.head.appendChild(hint);
      }
    },
    { rootMargin: PREFETCH_MARGIN },
  );
  const watch = (root: Document | HTMLElement) => {
    for (const link of root.querySelectorAll<HTMLAnchorElement>("a[href]")) if (worthPrefetching(link)) observer.observe(link);
  };
  watch(document);
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof HTMLElement) watch(node);
  }).observe(document.body, { childList: true, subtree: true });
}
