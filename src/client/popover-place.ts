/**
 * The header's popovers (the program menu: decision 097; the eye's panel: decision 100) stand under
 * the button that opens them. A popover is in the browser's top layer, away from its button, so as
 * it opens (or at once, if it opened before this script ran), and as the window's size changes while
 * it is open, this tells it where its button is: `--button-bottom`, `--button-left`, and
 * `--button-right` (from the window's right edge), then calls `opened`. Its rule (header.css) says
 * which of them it stands by, how it scrolls (fixed under the sticky header, or in the page under
 * the low-vision version's static one: then the bottom is in the page's coordinates), where it
 * stands until this has run, and where a phone shows it. CSS anchor positioning would say it without
 * a script, but the W3C checker, which reads each page's inlined CSS, does not know its properties yet.
 */
export function placeUnderButton(popover: HTMLElement, opened: () => void): void {
  const place = () => {
    const box = document.querySelector(`[popovertarget="${popover.id}"]`)?.getBoundingClientRect();
    if (box) {
      popover.style.setProperty("--button-bottom", `${box.bottom + (getComputedStyle(popover).position === "fixed" ? 0 : scrollY)}px`);
      popover.style.setProperty("--button-left", `${box.left}px`);
      popover.style.setProperty("--button-right", `${document.documentElement.clientWidth - box.right}px`);
    }
    opened();
  };
  if (popover.matches(":popover-open")) place();
  popover.addEventListener("beforetoggle", (event) => (event as ToggleEvent).newState === "open" && place());
  // the button moves with the window's width (the header's bar reflows): an open popover follows it
  addEventListener("resize", () => popover.matches(":popover-open") && place());
}
