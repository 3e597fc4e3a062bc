/** The browser entry: hydrates the page's islands and runs the sitewide navigation helpers. */
import { hydrateIslands } from "./hydrate";
import { installPrefetch } from "./prefetch";
import { installProgressBar } from "./progress";
import { installSwap } from "./swap";

document.documentElement.classList.add("js");
hydrateIslands();
installProgressBar();
installPrefetch();
installSwap();
