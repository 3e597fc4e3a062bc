import { createElement, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { islands } from "virtual:islands";

/** Marks the island once React has hydrated it (tests and the progress bar wait for it). */
function Hydrated({ element, children }: { element: HTMLElement; children?: ReactNode }) {
  useEffect(() => {
    element.dataset.hydrated = "true";
  }, [element]);
  return children;
}

function readProps(element: HTMLElement): object {
  const script = element.nextElementSibling;
  if (!(script instanceof HTMLScriptElement) || !script.hasAttribute("data-island-props")) return {};
  return JSON.parse(script.textContent || "{}") as object;
}

async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? "";
  const load = islands[name];
  if (!load) {
    console.error(`Unknown island ${name}`);
    return;
  }
  const module = await load();
  const island = createElement(module.default.Component, readProps(element));
  hydrateRoot(element, createElement(Hydrated, { element }, island));
}

const idle = (run: () => void) =>
  "requestIdleCallback" in window ? window.requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200);

/** Hydrates every island of the page by its strategy: at once, when idle, or when (nearly) visible. */
export function hydrateIslands(root: ParentNode = document): void {
  const visible = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        visible.unobserve(entry.target);
        const island = entry.target.closest<HTMLElement>("[data-island]");
        if (island) void hydrateIsland(island);
      }
    },
    { rootMargin: "200px" },
  );
  for (const element of root.querySelectorAll<HTMLElement>("[data-island]:not([data-hydrated])")) {
    const strategy = element.dataset.hydrate;
    // the marker is `display: contents` and has no box of its own: watch what it renders
    if (strategy === "visible") visible.observe(element.firstElementChild ?? element);
    else if (strategy === "idle") idle(() => void hydrateIsland(element));
    else void hydrateIsland(element);
  }
}
