/**
 * The header's popovers (the program menu: decision 097) stand under the button that opens them. A
 * popover is in the browser's top layer, away from its button, so as it opens (or at once, if it
 * opened before this script ran) this sets its `top` and `left` where the button is, then calls
 * `opened`. Its rule (header.css) says how it scrolls: fixed under the sticky header, or in the page
 * under the low-vision version's static one (then the page's coordinates); and where it stands
 * until this has run. CSS anchor positioning would say it without a script, but the W3C checker,
 * which reads each page's inlined CSS, does not know its properties yet.
 */
export function placeUnderButton(popover: HTMLElement, opened: () => void): void {
  const place = () => {
    const box = document.querySelector(`[popovertarget="${popover.id}"]`)?.getBoundingClientRect();
    if (box) {
      popover.style.top = `${box.bottom + (getComputedStyle(popover).position === "fixed" ? 0 : scrollY)}px`;
      popover.style.left = `${box.left}px`;
    }
    opened();
  };
  if (popover.matches(":popover-open")) place();
  // before it opens and before it closes: placing a closing popover changes nothing the visitor sees
  popover.addEventListener("beforetoggle", place);
}
