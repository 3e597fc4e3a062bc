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
/**
 * A header's popover, drawn by the server, stands under its button (popover-place.ts); its behaviour
 * comes in a module fetched as it first opens, and asked again if it could not be loaded. A press on
 * one of its buttons before the module has come is held and replayed once it has (one press at a
 * time: two quick presses of "Включить" would reload twice; a link goes at once). Without the module
 * the popover shows what the server drew. A browser without popovers (Safari before 17) gets the
 * panel shown and hidden by its button, where its rule puts it without this script.
 */
function popoverWithScript(id: string, load: () => Promise<{ install(popover: HTMLElement): void }>): HTMLElement | null {
  const popover = document.getElementById(id);
  if (!popover) return null;
  let script: Promise<void> | undefined;
  let installed = false;
  let held: HTMLElement | undefined;
  const ensure = () =>
    (script ??= loadChunk(load)
      .then((module) => {
        module.install(popover);
        installed = true;
      })
      .catch((error: unknown) => {
        script = undefined;
        console.error(`${id}: its script did not load`, error);
      }));
  popover.addEventListener(
    "click",
    (event) => {
      const button = event.target instanceof Element ? event.target.closest("button") : null;
      if (installed || !button || !event.isTrusted) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (!held) {
        void ensure().then(() => {
          if (installed) held?.click();
          held = undefined;
        });
      }
      held = button;
    },
    { capture: true },
  );
  if (!("showPopover" in HTMLElement.prototype)) {
    document.querySelector(`[popovertarget="${id}"]`)?.addEventListener("click", () => {
      popover.toggleAttribute("data-open");
      void ensure();
    });
    return null;
  }
  placeUnderButton(popover, () => void ensure());
  return popover;
}

// what the visit came with (its UTM, an outside referrer) is kept, the partner checked, and the mirror
// asks the Worker for the visit's cookies, as soon as the module has come: a link followed before it
// has loses the referrer (the server keeps the UTM in its cookie, but for the mirror's)
void loadChunk(() => import("./visit")).then(
  (visit) => {
    visit.rememberVisit();
    visit.askForVisitCookies();
    visit.checkPartner();
  },
  (error: unknown) => console.error("visit: its script did not load", error),
);
// the program menu, a desktop's (decision 097): its types and search come with program-menu.ts; without
// it, it shows all programs, and its search is a link to the search page
const programMenu = popoverWithScript("program-menu", () => import("./program-menu"));
// the eye's panel (decision 100): its "Включить" comes with account-panel.ts
popoverWithScript("account-dropdown", () => import("./account-panel"));
if (programMenu) {
  // a link elsewhere that opens it on a desktop (the home page's "Подобрать программу": ProgramPickerLink.tsx,
  // decision 099); on a phone or with a modifier it is the link to the programs page
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLElement>("a[data-program-menu]") : null;
    if (!link || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || matchMedia("(max-width: 768px)").matches) return;
    event.preventDefault();
    // under the sticky header the menu is in sight wherever the page is; the low-vision version's header scrolls away
    if (getComputedStyle(programMenu).position !== "fixed") scrollTo({ top: 0, behavior: "smooth" });
    // the link is its invoker (the Tab key goes from it into the menu), and a second press keeps it open;
    // pressed from the keyboard, the focus goes to its first type, where a browser knows no invoker too
    if (!programMenu.matches(":popover-open")) programMenu.showPopover({ source: link });
    if (!event.detail) programMenu.querySelector("button")?.focus();
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
