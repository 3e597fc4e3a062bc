/** Small readers for rendered HTML, so tests state what a visitor or crawler sees. */
export function jsonLdTypes(html: string): string[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => (JSON.parse(match[1] ?? "{}") as { "@type": string })["@type"],
  );
}

export function metaContent(html: string, name: string): string | undefined {
  const byName = new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(html);
  return byName?.[1];
}

export function canonical(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
}

export function title(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}

export function h1(html: string): string | undefined {
  return /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, "");
}

/** Decodes the few entities React writes in text and attributes. */
export function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The props of the first island named `name`: its marker names them by id, the document's end holds them (decision 041). */
export function islandProps<T>(html: string, name: string): T | undefined {
  const id = new RegExp(`data-island="${name}"[^>]*data-props="([^"]+)"`).exec(html)?.[1];
  const json = id === undefined ? undefined : new RegExp(`<script type="application/json" data-island-props="${id}">(.*?)</script>`, "s").exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as T);
}

/** The elements with no end tag, hence no text. */
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/**
 * The text of each element matching a CSS selector, as the browser's `textContent` reads it (entities
 * decoded), found by workerd's own HTML parser rather than by a pattern.
 */
export async function textsOf(html: string, selector: string): Promise<string[]> {
  const texts: string[] = [];
  // the matches open now: a match inside another adds its text to the outer one's too, as textContent does
  const open: number[] = [];
  await new HTMLRewriter()
    .on(selector, {
      element(element) {
        const index = texts.push("") - 1;
        if (VOID.has(element.tagName)) return;
        open.push(index);
        element.onEndTag(() => {
          open.splice(open.indexOf(index), 1);
        });
      },
      text(chunk) {
        for (const index of open) texts[index] += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  return texts.map(decode);
}

/** The value of one attribute (null where absent) on each element matching a CSS selector. */
export async function attributesOf(html: string, selector: string, name: string): Promise<(string | null)[]> {
  const values: (string | null)[] = [];
  await new HTMLRewriter()
    .on(selector, {
      element(element) {
        values.push(element.getAttribute(name));
      },
    })
    .transform(new Response(html))
    .text();
  return values.map((value) => (value === null ? null : decode(value)));
}

/**
 * For each element matching `outer`: its text, and the texts of the elements matching `inner` inside
 * it (a card and its price, a fact's label and value), as `textsOf` reads them.
 */
export async function within(html: string, outer: string, inner: string): Promise<{ text: string; inner: string[] }[]> {
  type Part = { text: string; inner: string[] };
  const outers: Part[] = [];
  // the texts being read now: an outer element's, an inner one's (a part and the index of its inner text)
  const open: Part[] = [];
  const openInner: [Part, number][] = [];
  const closing = <T>(list: T[], item: T) => () => {
    list.splice(list.indexOf(item), 1);
  };
  await new HTMLRewriter()
    .on(outer, {
      element(element) {
        const part: Part = { text: "", inner: [] };
        outers.push(part);
        if (VOID.has(element.tagName)) return;
        open.push(part);
        element.onEndTag(closing(open, part));
      },
      text(chunk) {
        for (const part of open) part.text += chunk.text;
      },
    })
    .on(`${outer} ${inner}`, {
      element(element) {
        // the innermost outer element open now holds it
        const part = open.at(-1)!;
        const reading: [Part, number] = [part, part.inner.push("") - 1];
        if (VOID.has(element.tagName)) return;
        openInner.push(reading);
        element.onEndTag(closing(openInner, reading));
      },
      text(chunk) {
        for (const [part, index] of openInner) part.inner[index] += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  return outers.map((part) => ({ text: decode(part.text), inner: part.inner.map(decode) }));
}
