// The Worker's `react-dom/server` (wrangler.toml's [alias]): the string renderer alone. React's
// edge entry also bundles its streaming renderer (113 KB minified), which the Worker never calls
// since pages render to a string (decision 014). The build is chosen as React's own entries
// choose theirs: the production one when NODE_ENV is "production" (`npm start`, the tests' servers,
// `npm run deploy`), the development one otherwise (`npm run dev`), whose JSX runtime calls the
// renderer's development-only hooks (a production renderer under it fails every page).
"use strict";

if (process.env.NODE_ENV === "production") {
  module.exports = require("../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js");
} else {
  module.exports = require("../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.development.js");
}
