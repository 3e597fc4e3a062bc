/**
 * The program menu without React (issue 41, point 3; components/layout/header/ProgramMenu.tsx,
 * decision 097): the header's button opens the popover by `popovertarget`, and the browser closes it
 * on a press outside or Escape. This module, fetched as the menu first opens (entry.ts: nothing of it
 * runs on a page whose visitor never opens it, a phone's), selects the type the pointer or the focus
 * comes to (spec 2.4: "hovering a type selects it"), shows its list and hides the others; the choice
 * stays when the pointer leaves. "Найти программу", a link to the search page until then, closes the menu and opens the header's search.
 * The menu closes as the page is left, so the back-forward cache brings the page back without it;
 * and where the browser cannot anchor it to the button (CSS anchor positioning), it is placed under
 * the button here. It imports nothing the entry has: a module both used would be a chunk the entry
 * must fetch before it runs (what it needs of the entry, it is handed).
 */

/** ProgramMenu.tsx's PROGRAM_MENU_ID, written again: imported, it would share a chunk with the header's island. */
const PROGRAM_MENU_ID = "program-menu";

const TYPE = ".program-menu__type";

function select(menu: HTMLElement, type: string): void {
  for (const button of menu.querySelectorAll<HTMLElement>(TYPE)) button.setAttribute("aria-pressed", String(button.dataset.type === type));
  for (const list of menu.querySelectorAll<HTMLElement>(".program-menu__list")) list.hidden = list.dataset.type !== type;
}

function openSearch(press: (button: HTMLElement) => void): void {
  const opener = document.querySelector<HTMLElement>('button[aria-controls="header-search"]');
  if (opener) press(opener);
  else document.getElementById("header-search")?.focus();
}

/** Places the menu under its button where CSS cannot anchor it (the stylesheet's fallback reads these). */
function placeUnder(menu: HTMLElement): void {
  const button = document.querySelector(`[popovertarget="${PROGRAM_MENU_ID}"]`);
  if (!button) return;
  const box = button.getBoundingClientRect();
  menu.style.setProperty("--program-menu-top", `${box.bottom + window.scrollY}px`);
  menu.style.setProperty("--program-menu-left", `${box.left + window.scrollX}px`);
}

/** Installed on the menu, open or opening; `pressInIsland` is hydrate.ts's. */
export function installProgramMenu(menu: HTMLElement, pressInIsland: (button: HTMLElement) => void): void {
  const choose = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>(TYPE) : null;
    if (button?.dataset.type && button.getAttribute("aria-pressed") !== "true") select(menu, button.dataset.type);
  };
  for (const type of ["pointerover", "focusin", "click"]) menu.addEventListener(type, choose);
  // a type the pointer or the focus came to while this module was on its way
  const current = menu.querySelector<HTMLElement>(`${TYPE}:hover, ${TYPE}:focus`);
  if (current?.dataset.type) select(menu, current.dataset.type);
  menu.addEventListener("click", (event) => {
    if (!(event.target instanceof Element) || !event.target.closest(".program-menu__search")) return;
    // a press with a modifier opens the search page where the browser puts it
    if (!(event instanceof MouseEvent) || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    menu.hidePopover();
    openSearch(pressInIsland);
  });
  if (!CSS.supports("anchor-name: --program-menu")) {
    placeUnder(menu);
    menu.addEventListener("beforetoggle", () => placeUnder(menu));
  }
  window.addEventListener("pagehide", () => {
    if (menu.matches(":popover-open")) menu.hidePopover();
  });
}
