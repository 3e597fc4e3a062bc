/** The browser entry: hydrates the page's islands and runs the sitewide navigation helpers. */
import { installFooterAccordion } from "./footer-accordion";
import { installMobileMenu } from "./mobile-menu";
import { afterFirstPaint, applyFullStyle } from "./full-style";
import { hydrateIslands, pressInIsland } from "./hydrate";
import { loadChunk } from "./load-chunk";
import { addSiteFonts } from "./site-fonts";
import { installPrefetch } from "./prefetch";
import { installProgressBar } from "./progress";
import { installSwap } from "./swap";
import { askForVisitCookies, checkPartner, rememberVisit } from "./visit";
import { readPhoneMetadataWith } from "../services/leads/phone-metadata-source";

document.documentElement.classList.add("js");
// the phone field's library reads the metadata of its own package, fetched beside its chunk when a form wakes
readPhoneMetadataWith(() => import("libphonenumber-js/min/metadata").then((metadata) => metadata.default));
// at once after the class that folds the footer's columns on a phone, so nothing after it can leave them folded and dead
installFooterAccordion();
installMobileMenu();
// the program menu's types and search (program-menu.ts) come as it first opens, a desktop's (the
// button opens it without them), or at once if it was opened before this script ran
const programMenu = document.getElementById("program-menu");
if (programMenu) {
  const install = () => void loadChunk(() => import("./program-menu")).then((module) => module.installProgramMenu(programMenu, pressInIsland));
  if (programMenu.matches(":popover-open")) install();
  else programMenu.addEventListener("beforetoggle", install, { once: true });
}
afterFirstPaint(() => {
  applyFullStyle();
  addSiteFonts();
});
rememberVisit();
askForVisitCookies();
checkPartner();
hydrateIslands();
installProgressBar();
installPrefetch();
installSwap();
// forms on the page get their captcha widget before their island hydrates (decisions 010, 045 and 092); nothing waits for it
if (document.documentElement.dataset.captcha && document.querySelector("[data-captcha-widget]")) {
  void import("./captcha").then((captcha) => captcha.renderCaptchas());
}
