import { finishProgress, startProgress } from "./progress";

let swaps = 0;

/**
 * The props of the islands in a region taken from another page come with it: that page wrote them
 * at its end under ids of its own, so they join this document under ids no other island has.
 */
function adoptIslandProps(region: Element, page: Document): void {
  swaps += 1;
  for (const marker of region.querySelectorAll<HTMLElement>("[data-props]")) {
    const id = marker.dataset.props ?? "";
    const script = page.querySelector(`script[data-island-props="${CSS.escape(id)}"]`);
    const copy = document.createElement("script");
    copy.type = "application/json";
    copy.dataset.islandProps = `swap${swaps}-${id}`;
    copy.textContent = script?.textContent ?? "{}";
    document.body.appendChild(copy);
    marker.dataset.props = copy.dataset.islandProps;
  }
}

/**
 * The icons of a region taken from another page point to that page's symbols (written at its end):
 * those this document lacks join its own.
 */
function adoptIconSymbols(page: Document): void {
  const theirs = page.querySelector("svg.icon-symbols");
  if (!theirs) return;
  const ours = document.querySelector("svg.icon-symbols");
  if (!ours) {
    document.body.appendChild(document.importNode(theirs, true));
    return;
  }
  for (const symbol of theirs.querySelectorAll("symbol[id]")) if (!document.getElementById(symbol.id)) ours.appendChild(document.importNode(symbol, true));
}

/**
 * Filter, sort and page links of a list swap the list in place instead of loading a new page:
 * the server renders the same URL as a whole page (it works without JavaScript and can be shared),
 * and the browser takes just the region `[data-swap-region]` from it.
 */
async function swapTo(url: string, region: string, push: boolean): Promise<void> {
  const current = document.querySelector(`[data-swap-region="${region}"]`);
  startProgress({ acrossLoad: false });
  try {
    const response = await fetch(url, { headers: { Accept: "text/html" } });
    if (!response.ok) throw new Error(String(response.status));
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const next = page.querySelector(`[data-swap-region="${region}"]`);
    if (!current || !next) throw new Error("region missing");
    adoptIslandProps(next, page);
    adoptIconSymbols(page);
    current.replaceWith(document.importNode(next, true));
    document.title = page.title;
    if (push) history.pushState({ swap: region }, "", url);
    finishProgress();
  } catch {
    location.assign(url);
  }
}

export function installSwap(): void {
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.("a[data-swap]");
    const region = link?.closest<HTMLElement>("[data-swap-region]")?.dataset.swapRegion;
    if (!(link instanceof HTMLAnchorElement) || !region) return;
    event.preventDefault();
    void swapTo(link.href, region, true);
  });
  window.addEventListener("popstate", () => {
    const region = document.querySelector<HTMLElement>("[data-swap-region]")?.dataset.swapRegion;
    if (region) void swapTo(location.href, region, false);
  });
}
