/** The browser entry: hydrates the page's islands and runs the sitewide navigation helpers. */
import { hydrateIslands } from "./hydrate";
import { installPrefetch } from "./prefetch";
import { installProgressBar } from "./progress";
import { installSwap } from "./swap";
import { askForVisitCookies, checkPartner, rememberVisit } from "./visit";

document.documentElement.classList.add("js");
rememberVisit();
askForVisitCookies();
checkPartner();
hydrateIslands();
installProgressBar();
installPrefetch();
installSwap();
// forms on the page get their Turnstile widget before their island hydrates (decision 010)
if (document.documentElement.dataset.turnstileSiteKey && document.querySelector("[data-turnstile-widget]")) {
  void import("./turnstile").then((turnstile) => turnstile.renderTurnstiles());
}
