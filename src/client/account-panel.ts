/**
 * The header's eye panel without React (components/layout/header/AccountDropdown.tsx, decision 100):
 * the eye button opens the popover by `popovertarget`. This module, fetched as the panel first opens
 * (entry.ts), makes its "Включить" switch the low-vision version on: the cookie kept, the page
 * reloaded in it.
 */
import { enableLowVision } from "./low-vision-cookie";

/** Installed on the panel, open or opening (entry.ts). */
export function install(panel: HTMLElement): void {
  panel.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("[data-low-vision-on]")) void enableLowVision();
  });
}
