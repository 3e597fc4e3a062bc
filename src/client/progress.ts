/**
 * The route progress bar (spec 4): it starts when the visitor follows a link of the site and
 * finishes when the next page has loaded. A flag in session storage carries it across the load.
 */
const FLAG = "route-progress";

function bar(): HTMLElement {
  let element = document.getElementById("route-progress");
  if (!element) {
    element = document.createElement("div");
    element.id = "route-progress";
    element.className = "route-progress";
    element.setAttribute("aria-hidden", "true");
    document.body.appendChild(element);
  }
  return element;
}

function isPageNavigation(event: MouseEvent, link: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (link.target && link.target !== "_self") return false;
  // list links swap their region in place and run the bar themselves (swap.ts)
  if (link.hasAttribute("download") || link.hasAttribute("data-swap")) return false;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return false;
  return !(url.pathname === location.pathname && url.search === location.search);
}

export function startProgress({ acrossLoad = true } = {}): void {
  const element = bar();
  element.className = "route-progress is-running";
  if (!acrossLoad) return;
  try {
    sessionStorage.setItem(FLAG, "1");
  } catch {
    // storage may be unavailable (private mode); the bar still runs on this page
  }
}

export function finishProgress(): void {
  const element = bar();
  element.className = "route-progress is-done";
  setTimeout(() => element.remove(), 400);
}

export function installProgressBar(): void {
  document.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.("a[href]");
    if (link instanceof HTMLAnchorElement && isPageNavigation(event, link)) startProgress();
  });
  let carried = false;
  try {
    carried = sessionStorage.getItem(FLAG) === "1";
    sessionStorage.removeItem(FLAG);
  } catch {
    carried = false;
  }
  if (carried) {
    if (document.readyState === "complete") finishProgress();
    else window.addEventListener("load", finishProgress, { once: true });
  }
  // coming back through the back-forward cache: nothing is loading any more
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) document.getElementById("route-progress")?.remove();
  });
}
