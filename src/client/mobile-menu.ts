/**
 * The mobile menu without React (issue 41, point 3; components/layout/header/MobileMenu.tsx): the
 * burger opens the dialog at once, before any island has woken. Browsers with invoker commands
 * open it from the burger's own `commandfor`/`command`; for the others this opens it. It closes on a
 * swipe to the right, on a press beside its panel (on the backdrop), and as the page is left (a link
 * followed, the search sent), so the page comes back from the back-forward cache without it; its
 * close button and Escape are the browser's.
 */

/**
 * MobileMenu.tsx's MOBILE_MENU_ID, written again: imported from there or here, the constant would put
 * this module in a chunk the entry and the header's island share, one more request before the entry runs.
 */
const MOBILE_MENU_ID = "mobile-menu";

/** A horizontal swipe to the right longer than this closes the menu. */
const SWIPE_CLOSE_PX = 60;

const menuOf = (): HTMLDialogElement | null => {
  const menu = document.getElementById(MOBILE_MENU_ID);
  return menu instanceof HTMLDialogElement ? menu : null;
};

export function installMobileMenu(): void {
  const menu = menuOf();
  if (!menu) return;
  if (!("command" in HTMLButtonElement.prototype)) {
    document.addEventListener("click", (event) => {
      const button = event.target instanceof Element ? event.target.closest(`button[commandfor="${MOBILE_MENU_ID}"][command="show-modal"]`) : null;
      if (button && !event.defaultPrevented && !menu.open) menu.showModal();
    });
  }
  let start: { x: number; y: number } | null = null;
  menu.addEventListener(
    "touchstart",
    (event) => {
      const touch = event.touches[0];
      start = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    { passive: true },
  );
  menu.addEventListener(
    "touchend",
    (event) => {
      const touch = event.changedTouches[0];
      const from = start;
      start = null;
      if (!from || !touch) return;
      const dx = touch.clientX - from.x;
      if (dx > SWIPE_CLOSE_PX && Math.abs(dx) > Math.abs(touch.clientY - from.y)) menu.close();
    },
    { passive: true },
  );
  menu.addEventListener("click", (event) => {
    // the dialog itself is what lies beside the panel
    if (event.target === menu) menu.close();
  });
  window.addEventListener("pagehide", () => menu.close());
}
