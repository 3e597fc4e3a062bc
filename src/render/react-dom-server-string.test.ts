import { createRequire } from "node:module";
import { jsxDEV } from "react/jsx-dev-runtime";
import { afterEach, describe, expect, it, vi } from "vitest";

const require = createRequire(import.meta.url);
const ALIAS = "./react-dom-server-string.cjs";

/** The alias as the Worker's bundle gets it under a NODE_ENV (esbuild defines it; here the module reads it when loaded). */
function aliasUnder(nodeEnv: string): typeof import("react-dom/server") {
  vi.stubEnv("NODE_ENV", nodeEnv);
  delete require.cache[require.resolve(ALIAS)];
  return require(ALIAS);
}

afterEach(() => {
  vi.unstubAllEnvs();
  delete require.cache[require.resolve(ALIAS)];
});

describe("the Worker's react-dom/server (wrangler.toml's [alias])", () => {
  it("renders the development JSX runtime's elements outside production, as `npm run dev` does", () => {
    const { renderToString } = aliasUnder("development");
    // a component's JSX, made while the renderer runs (Heading, below): the production renderer under
    // the development runtime failed every page so ("dispatcher.getOwner is not a function")
    expect(renderToString(jsxDEV(Heading, {}, undefined, false, undefined, undefined))).toBe("<h1>Программы</h1>");
  });

  it("is React's production string renderer in production, with renderToString and nothing streaming", () => {
    const server = aliasUnder("production");
    expect(server).toBe(require("../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js"));
    expect(Object.keys(server)).not.toContain("renderToReadableStream");
  });
});

/** A component whose JSX is made by the development runtime while the renderer runs. */
function Heading() {
  return jsxDEV("h1", { children: "Программы" }, undefined, false, undefined, undefined);
}
