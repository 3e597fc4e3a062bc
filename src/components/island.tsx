import type { ComponentType } from "react";
import { useRenderContext } from "./render-context";

/**
 * When an island hydrates: at once, when it scrolls into view, on the first interaction with it
 * (hover, focus, touch; a first click is replayed, but for a link's, a field's or a form's, which
 * do at once what they do without JavaScript, unless the link is marked `data-replay`: its press
 * opens something on the page once awake) or once React came for another island, the same
 * for a seminar's seat count and when its live count, read
 * without React, differs from the page's (`live`), at once for a visitor with a campaign (the
 * promo banner), or when the analytics consent must ask (when the browser is idle, for a visitor
 * who has not answered): src/client/hydrate.ts. Nothing of React is fetched before an island
 * needs it (issue 41).
 */
export type Hydration = "load" | "visible" | "interaction" | "live" | "campaign" | "consent";

export interface Island<P> {
  (props: P): React.ReactElement;
  islandName: string;
  Component: ComponentType<P>;
}

const escapes: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** JSON that is safe inside a <script> element: no `</script>`, no HTML entities, no JS line breaks. */
export function serializeProps(props: unknown): string {
  return JSON.stringify(props).replace(/[<>&\u2028\u2029]/g, (ch) => escapes[ch] ?? ch);
}

/**
 * Declares the component of a `*.island.tsx` file as an island: rendered on the server inside a
 * marker element that names its props by id, and hydrated in the browser by src/client. The props
 * (safe JSON) are written at the end of the document, after the first screen (Document.tsx).
 * `name` is the file's path below src/components without `.island.tsx` (checked by a test).
 */
export function defineIsland<P extends object>(name: string, Component: ComponentType<P>, hydrate: Hydration = "load"): Island<P> {
  function IslandMarker(props: P) {
    const context = useRenderContext();
    let id: string | undefined;
    if (context) {
      context.islands.add(name);
      id = `${context.propsPrefix}${context.props.size}`;
      context.props.set(id, serializeProps(props));
    }
    return (
      <div className="island" data-island={name} data-hydrate={hydrate} data-props={id}>
        <Component {...props} />
      </div>
    );
  }
  IslandMarker.displayName = `Island(${name})`;
  return Object.assign(IslandMarker, { islandName: name, Component });
}
