/**
 * Checks that run inside a page, the same in every engine: the browser tests pass them to
 * playwright's `page.evaluate`, the other engines' runners (tests/webkit, tests/firefox) to their
 * driver as `return (${fn})()`. Each is self-contained: it reads only the page it runs in.
 */

/**
 * The words of the page's cards split across lines, each with the card it is in (issue 42:
 * «Профессиональна/я» in Firefox and WebKit). A word is cut where the line boxes of its letters
 * (Range.getClientRects) lie on more than one line; a hyphenated compound may wrap after its hyphen.
 */
export function brokenWords(): string[] {
  const broken: string[] = [];
  for (const card of document.querySelectorAll<HTMLElement>('[class*="card"]')) {
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (const match of text.matchAll(/[^\s\-‐–—/]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom)));
        if (lines.size > 1) broken.push(`${card.className.split(" ")[0]}: «${match[0]}» on ${lines.size} lines`);
      }
    }
  }
  return broken;
}

/** How much wider than the screen the page is, and the outermost elements that stick out (what a scroller holds aside). */
export function overflowing(): string[] {
  const width = document.documentElement.clientWidth;
  const out: string[] = [];
  if (document.documentElement.scrollWidth > width) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  for (const element of document.querySelectorAll<HTMLElement>("body *")) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.right <= width + 1) continue;
    const parent = element.parentElement?.getBoundingClientRect();
    if (parent && parent.right > width + 1) continue;
    // what a scroller (a carousel) holds is scrolled to, not wider than the page
    let scrolls = false;
    for (let above = element.parentElement; above && above !== document.body && !scrolls; above = above.parentElement) {
      scrolls = /auto|scroll|hidden|clip/.test(getComputedStyle(above).overflowX);
    }
    if (!scrolls) out.push(`${element.localName}.${element.className} ends at ${Math.round(box.right)} px`);
  }
  return out;
}
