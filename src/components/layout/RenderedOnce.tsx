import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { isolateSlot } from "../../services/isolate";
import { RenderContext, renderContext, useRenderContext } from "../render-context";
import type { IconName } from "../ui/icon-shapes";

interface Rendered {
  html: string;
  islands: string[];
  /** its islands' props, by the ids its HTML names: written with the page's own at the document's end */
  props: [string, string][];
  /** the icons it drew, whose symbols the page writes */
  icons: IconName[];
}

/** Parts kept per isolate: the header, the footer, the mobile menu, the program menu and the eye's panel of four areas (decision 020) and two modes, for a few content versions. */
const KEPT = 48;
const state = isolateSlot("rendered-once", () => new Map<string, Rendered>());

/**
 * A part that is the same on every page (the header, the footer, the menus, the eye's panel), rendered to HTML once per key and isolate
 * and then reused: React's work on a cache miss is the page's own (issue #8). `cacheKey` must
 * name everything the part depends on (the content version, the visitor's area, the settings it reads). The islands
 * inside still register with the page's render, so their code loads and their props are written at
 * the document's end; their ids start with the part's class name, apart from the page's. Server only.
 */
export function RenderedOnce({ cacheKey, as: Host, className, children }: { cacheKey: string; as: "footer" | "div"; className: string; children: ReactElement }) {
  const context = useRenderContext();
  const rendered = state();
  let part = rendered.get(cacheKey);
  if (!part) {
    const inner = renderContext(context?.settings, `${className.replace(/[^a-z]/g, "")}-`);
    const html = renderToString(<RenderContext.Provider value={inner}>{children}</RenderContext.Provider>);
    part = { html, islands: [...inner.islands], props: [...inner.props], icons: [...inner.icons] };
    rendered.set(cacheKey, part);
    if (rendered.size > KEPT) rendered.delete(rendered.keys().next().value!);
  }
  for (const name of part.islands) context?.islands.add(name);
  for (const [id, json] of part.props) context?.props.set(id, json);
  for (const name of part.icons) context?.icons.add(name);
  return <Host className={className} dangerouslySetInnerHTML={{ __html: part.html }} />;
}
