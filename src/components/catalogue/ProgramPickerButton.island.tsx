import type { MouseEvent } from "react";
import { defineIsland } from "../island";
import { PROGRAM_MENU_ID } from "../layout/header/ProgramMenu";

/**
 * Opens the header's program menu (the popover the server drew: decision 097) from anywhere on the
 * page; on a phone, with a modifier or without JavaScript it is a plain link to the
 * programs page.
 */
function ProgramPickerButton({ label, main = false }: { label: string; /** the page's main call to action (`data-main-action`) */ main?: boolean }) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || window.matchMedia("(max-width: 768px)").matches) return;
    const menu = document.getElementById(PROGRAM_MENU_ID);
    if (!menu) return;
    event.preventDefault();
    // under the sticky header the menu is in sight wherever the page is; the low-vision version's header scrolls away
    if (getComputedStyle(menu).position !== "fixed") window.scrollTo({ top: 0, behavior: "smooth" });
    menu.showPopover();
  };
  return (
    <a className="btn btn--primary" href="/programs" onClick={open} data-replay="" data-main-action={main ? "" : undefined}>
      <span className="btn__label">{label}</span>
    </a>
  );
}

export default defineIsland("catalogue/ProgramPickerButton", ProgramPickerButton, "interaction");
