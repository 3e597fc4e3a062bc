/**
 * The header's popovers (the program menu: decision 097) stand in the page under the button that
 * opens them. A popover is in the browser's top layer, away from its button, so as it opens (or at
 * once, if it opened before this script ran) this writes where the button is, in the page's
 * coordinates so that it scrolls with the page as the header does, as its `top` and `left`
 * (header.css says where it stands until then), then calls `opened`. CSS anchor positioning would
 * say it without a script, but the W3C checker, which reads each page's inlined CSS, does not know
 * its properties yet.
 */
export function placeUnderButton(popover: HTMLElement, opened: () => void): void {
  const place = () => {
    const box = document.querySelector(`[popovertarget="${popover.id}"]`)?.getBoundingClientRect();
    if (box?.width) {
      popover.style.top = `${box.bottom + scrollY}px`;
      popover.style.left = `${box.left + scrollX}px`;
    }
    opened();
  };
  if (popover.matches(":popover-open")) place();
  popover.addEventListener("beforetoggle", (event) => (event as ToggleEvent).newState === "open" && place());
}
