// The Worker's `react-dom/server` (wrangler.toml's [alias]): the string renderer alone. React's
// edge entry also bundles its streaming renderer (113 KB minified), which the Worker never calls
// since pages render to a string (decision 014); the same renderToString, from the same build.
export { renderToStaticMarkup, renderToString, version } from "../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js";
