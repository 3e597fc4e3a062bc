/** The browser entry: hydrates the page's islands and runs the sitewide navigation helpers. */
import { hydrateIslands } from "./hydrate";
import { installPrefetch } from "./prefetch";
import { installProgressBar } from "./progress";
import { installSwap } from "./swap";
import { checkPartner, rememberVisit } from "./visit";

document.documentElement.classList.add("js");
rememberVisit();
checkPartner();
hydrateIslands();
installProgressBar();
installPrefetch();
installSwap();
