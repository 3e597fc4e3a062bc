import { type ComponentType, createElement, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";

/** Marks the island once React has hydrated it (tests wait for it), and says so to whoever waits. */
function Hydrated({ element, onHydrated, children }: { element: HTMLElement; onHydrated: () => void; children?: ReactNode }) {
  useEffect(() => {
    element.dataset.hydrated = "true";
    onHydrated();
  }, [element, onHydrated]);
  return children;
}

/**
 * React and its DOM renderer: loaded with the first island that hydrates, not with the page, so
 * a page's first paint does not wait for them (issue #8).
 */
export function hydrateWithReact(element: HTMLElement, Component: ComponentType<object>, props: object): Promise<void> {
  return new Promise((resolve) => {
    hydrateRoot(element, createElement(Hydrated, { element, onHydrated: resolve }, createElement(Component, props)));
  });
}
