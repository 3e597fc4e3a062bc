import { createContext, useContext } from "react";
import type { SiteSettings } from "./site-settings";

/** What one server render knows about its request; absent in the browser. */
export interface RenderContextValue {
  /** names of the islands this page rendered, so the page loads exactly their code */
  islands: Set<string>;
  /** those of them that hydrate at once */
  eager: Set<string>;
  /** the deployment's public settings, also written on <html> for the browser */
  settings?: SiteSettings;
}

export const RenderContext = createContext<RenderContextValue | null>(null);
export const useRenderContext = () => useContext(RenderContext);
