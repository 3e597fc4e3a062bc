import { createContext, useContext } from "react";
import type { SiteSettings } from "./site-settings";
import type { IconName } from "./ui/icon-shapes";

/** What one server render knows about its request; absent in the browser. */
export interface RenderContextValue {
  /** names of the islands this page rendered, so the page loads exactly their code */
  islands: Set<string>;
  /**
   * the islands' props as safe JSON, by the id their marker names: written at the end of the
   * document (Document.tsx), after everything the first screen needs (decision 041)
   */
  props: Map<string, string>;
  /** the icons this page drew: their symbols are written at the end of the document, so no sprite is asked for before the first paint (decision 063) */
  icons: Set<IconName>;
  /** what the ids of this render's props start with: a part rendered apart (RenderedOnce) has its own */
  propsPrefix: string;
  /** the deployment's public settings, also written on <html> for the browser */
  settings?: SiteSettings;
}

/** A fresh context for one render (a page, or a part rendered once and kept). */
export function renderContext(settings: SiteSettings | undefined, propsPrefix = "p"): RenderContextValue {
  return { islands: new Set(), props: new Map(), icons: new Set(), propsPrefix, settings };
}

export const RenderContext = createContext<RenderContextValue | null>(null);
export const useRenderContext = () => useContext(RenderContext);
