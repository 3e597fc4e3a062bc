/**
 * The browser entry: what the first tap may need, in the task the script runs as (the footer's
 * columns, the menus, the islands' waking); after the first paint, the full stylesheet and the
 * faces; then the sitewide helpers no tap waits for, a chunk of their own run in tasks of their own
 * (after-paint.ts).
 */
import { installFooterAccordion } from "./footer-accordion";
import { installMobileMenu } from "./mobile-menu";
import { afterFirstPaint, applyFullStyle } from "./full-style";
import { hydrateIslands } from "./hydrate";
import { loadChunk } from "./load-chunk";
import { placeUnderButton } from "./popover-place";
import { addSiteFonts } from "./site-fonts";
import { readPhoneMetadataWith } from "../services/leads/phone-metadata-source";

document.documentElement.classList.add("js");
// the phone field's library reads the metadata of its own package, fetched beside its chunk when a form wakes
readPhoneMetadataWith(() => import("libphonenumber-js/min/metadata").then((metadata) => metadata.default));
// at once after the class that folds the footer's columns on a phone, so nothing after it can leave them folded and dead
installFooterAccordion();
installMobileMenu();
// the program menu stands under its button; its types and search (program-menu.ts) come as it first
// opens, a desktop's (the button opens it without them; without them it shows all programs, and its
// search is a link to the search page)
const programMenu = document.getElementById("program-menu");
let programMenuScript: Promise<void> | undefined;
if (programMenu) {
  placeUnderButton(programMenu, () => {
    programMenuScript ??= loadChunk(() => import("./program-menu")).then(
      (module) => module.installProgramMenu(programMenu),
      (error: unknown) => {
        // asked again as the menu next opens; meanwhile it shows all programs, and its search is a link
        programMenuScript = undefined;
        console.error("program menu: its script did not load", error);
      },
    );
  });
  // a link elsewhere that opens it on a desktop (the home page's "Подобрать программу": ProgramPickerLink.tsx,
  // decision 099); on a phone or with a modifier it is the link to the programs page
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLElement>("a[data-program-menu]") : null;
    if (!link || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || matchMedia("(max-width: 768px)").matches) return;
    event.preventDefault();
    // under the sticky header the menu is in sight wherever the page is; the low-vision version's header scrolls away
    if (getComputedStyle(programMenu).position !== "fixed") scrollTo({ top: 0, behavior: "smooth" });
    // the link is its invoker: the Tab key goes from it into the menu, and a second press keeps it open
    if (!programMenu.matches(":popover-open")) programMenu.showPopover({ source: link });
  });
}
hydrateIslands();
afterFirstPaint(() => {
  applyFullStyle();
  addSiteFonts();
  void loadChunk(() => import("./after-paint")).then(
    (module) => module.runAfterPaint(),
    (error: unknown) => console.error("after paint: the helpers' chunk did not load", error),
  );
});
// forms on the page get their captcha widget before their island hydrates (decisions 010, 045 and 092); nothing waits for it
if (document.documentElement.dataset.captcha && document.querySelector("[data-captcha-widget]")) {
  void import("./captcha").then((captcha) => captcha.renderCaptchas());
}
