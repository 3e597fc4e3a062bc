/**
 * The program menu without React (issue 41, point 3; components/layout/header/ProgramMenu.tsx,
 * decision 097): the header's button opens the popover by `popovertarget`, and the browser closes it
 * on a press outside or Escape. This module, fetched as the menu first opens (entry.ts: nothing of it
 * runs on a page whose visitor never opens it, a phone's), selects the type the pointer comes to
 * (spec 2.4: "hovering a type selects it") or that is pressed (Enter, a tap), shows its list and
 * hides the others; the choice stays when the pointer leaves. "Найти программу", a link to the search page until then, closes the
 * menu and opens the header's search. The menu closes as the page is left, so the back-forward cache
 * brings the page back without it. It imports nothing the entry has: a module both used would be a
 * chunk the entry must fetch before it runs.
 */

const TYPE = ".program-menu__type";

function select(menu: HTMLElement, type: string): void {
  for (const button of menu.querySelectorAll<HTMLElement>(TYPE)) button.setAttribute("aria-pressed", String(button.dataset.type === type));
  for (const list of menu.querySelectorAll<HTMLElement>(".program-menu__list")) list.hidden = list.dataset.type !== type;
}

/**
 * How long a press on "Найти программу" waits for the header to wake before it goes to the search
 * page instead: the header's code is asked three times over 4 s (load-chunk.ts) before it counts as
 * lost, and React then hydrates it.
 */
const HEADER_WAIT_MS = 6000;

/**
 * Presses the header's search button: at once if the header is awake; if not, its focus wakes it
 * (hydrate.ts: a focus is an interaction) and the press comes once it has hydrated, as a held click
 * is replayed; a header whose code never comes leaves the link to the search page (`href`) to go.
 * An open search box takes the focus instead.
 */
function openSearch(href: string): void {
  const opener = document.querySelector<HTMLElement>('button[aria-controls="header-search"]');
  const island = opener?.closest<HTMLElement>("[data-island]");
  if (!opener) document.getElementById("header-search")?.focus();
  else if (!island || island.dataset.hydrated === "true") opener.click();
  else {
    const awake = new MutationObserver(() => {
      if (island.dataset.hydrated !== "true") return;
      awake.disconnect();
      clearTimeout(lost);
      opener.click();
    });
    const lost = setTimeout(() => {
      awake.disconnect();
      location.assign(href);
    }, HEADER_WAIT_MS);
    awake.observe(island, { attributes: true, attributeFilter: ["data-hydrated"] });
    opener.focus();
  }
}

/** Closes the menu: a popover, or in a browser without popovers one its button shows by `data-open` (entry.ts). */
function close(menu: HTMLElement): void {
  if (!("showPopover" in HTMLElement.prototype)) menu.removeAttribute("data-open");
  else if (menu.matches(":popover-open")) menu.hidePopover();
}

/** Installed on the menu, open or opening (entry.ts). */
export function install(menu: HTMLElement): void {
  const choose = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>(TYPE) : null;
    if (button?.dataset.type && button.getAttribute("aria-pressed") !== "true") select(menu, button.dataset.type);
  };
  // not on focus: the Tab key walks through the types to the list of the one chosen by Enter
  for (const type of ["pointerover", "click"]) menu.addEventListener(type, choose);
  // a type the pointer came to while this module was on its way
  const current = menu.querySelector<HTMLElement>(`${TYPE}:hover`);
  if (current?.dataset.type) select(menu, current.dataset.type);
  menu.addEventListener("click", (event) => {
    const search = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a.program-menu__search") : null;
    if (!search) return;
    // a press with a modifier opens the search page where the browser puts it
    if (!(event instanceof MouseEvent) || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    close(menu);
    openSearch(search.href);
  });
  window.addEventListener("pagehide", () => {
    close(menu);
  });
}
