import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { findIslands } from "../../scripts/build";
import { defineIsland, serializeProps } from "./island";
import { RenderContext, renderContext } from "./render-context";

describe("island props", () => {
  it("escape everything that could end the script element or break JavaScript", () => {
    const json = serializeProps({ text: "</script><script>alert(1)</script> & \u2028\u2029" });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({ text: "</script><script>alert(1)</script> & \u2028\u2029" });
  });
});

describe("defineIsland", () => {
  const Greeting = defineIsland("test/Greeting", ({ name }: { name: string }) => <p>Привет, {name}</p>, "visible");

  it("renders the component inside a marker with its name, strategy and the id of its props, kept for the document's end", () => {
    const context = renderContext(undefined);
    const html = renderToString(
      <RenderContext.Provider value={context}>
        <Greeting name="<Анна>" />
        <Greeting name="Борис" />
      </RenderContext.Provider>,
    );
    expect(html).toContain('<div class="island" data-island="test/Greeting" data-hydrate="visible" data-props="p0"><p>Привет, <!-- -->&lt;Анна&gt;</p></div>');
    expect(html).toContain('data-props="p1"');
    expect(html).not.toContain("<script");
    expect([...context.props]).toEqual([
      ["p0", '{"name":"\\u003cАнна\\u003e"}'],
      ["p1", '{"name":"Борис"}'],
    ]);
  });

  it("tells the page which islands it rendered, so only their code loads", () => {
    const context = renderContext(undefined);
    const Eager = defineIsland("test/Eager", () => <p>сразу</p>, "load");
    renderToString(
      <RenderContext.Provider value={context}>
        <Greeting name="x" />
        <Eager />
      </RenderContext.Provider>,
    );
    expect([...context.islands]).toEqual(["test/Greeting", "test/Eager"]);
  });
});

describe("island files", () => {
  const componentsDir = join(import.meta.dirname);
  const files = (readdirSync(componentsDir, { recursive: true }) as string[]).filter((f) => f.endsWith(".island.tsx"));

  it("are all found by the build", () => {
    expect(Object.keys(findIslands()).sort()).toEqual(files.map((f) => f.replace(/\.island\.tsx$/, "")).sort());
  });

  it.each(files)("%s declares itself under its own path", (file) => {
    const source = readFileSync(join(componentsDir, file), "utf8");
    const name = file.replace(/\.island\.tsx$/, "");
    expect(source).toContain(`export default defineIsland("${name}",`);
  });
});
