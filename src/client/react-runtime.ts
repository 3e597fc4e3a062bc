import { type ComponentType, createElement, type ReactNode, startTransition, useEffect, useLayoutEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { handToReact, typedBefore } from "./keep-typed";

/**
 * Marks the island once React has hydrated it (tests wait for it), and says so to whoever waits.
 * What the visitor typed while the island woke up is read as hydration commits, before any
 * re-render can write the server's values back, and handed to the component right after the
 * commit, before the next keystroke can arrive.
 */
function Hydrated({ element, onHydrated, children }: { element: HTMLElement; onHydrated: () => void; children?: ReactNode }) {
  useLayoutEffect(() => {
    const typed = typedBefore(element);
    if (typed.length > 0) queueMicrotask(() => handToReact(typed));
  }, [element]);
  useEffect(() => {
    element.dataset.hydrated = "true";
    onHydrated();
  }, [element, onHydrated]);
  return children;
}

/**
 * React and its DOM renderer: loaded with the first island that hydrates, not with the page, so
 * a page's first paint does not wait for them (issue #8). Hydration runs as a transition: React
 * works in slices of a few milliseconds and gives the main thread back between them, so a tap or
 * a keystroke is answered while an island wakes up (issue 26: no long task from hydration).
 */
export function hydrateWithReact(element: HTMLElement, Component: ComponentType<object>, props: object): Promise<void> {
  return new Promise((resolve) => {
    startTransition(() => {
      hydrateRoot(element, createElement(Hydrated, { element, onHydrated: resolve }, createElement(Component, props)));
    });
  });
}
