/**
 * Each template's CSS is read from the Worker's static files (decision 095): kept once read, and
 * a read that fails or brings CSS the page's policy would refuse leaves the page its whole
 * stylesheet, says so in the log, and is tried again on the next render.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import critical from "../../build/critical.json";
import { freshIsolate } from "../services/isolate";
import { criticalCss } from "./page-style";
import { readStaticFile } from "./static-files";

// the build reads every template's pages: a build without the home page's CSS fails here
const home = (critical as { templates: { home?: { file: string } } }).templates.home!;
const root = new URL("../..", import.meta.url).pathname;

/** A binding that answers each fetch with the next of `answers` and counts what was asked. */
function assets(...answers: (() => Response)[]): Fetcher & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    fetch: async (request: Request) => {
      asked.push(new URL(request.url).pathname);
      const answer = answers.shift();
      if (!answer) throw new Error("no answer left");
      return answer();
    },
  } as unknown as Fetcher & { asked: string[] };
}

afterEach(() => {
  vi.restoreAllMocks();
  freshIsolate();
});

describe("a template's CSS from the static files", () => {
  const css = readFileSync(join(root, "public", home.file), "utf8");

  it("is kept once read: the renders after it read nothing", async () => {
    const binding = assets(() => new Response(css));
    expect(await criticalCss(binding, "home")).toBe(css);
    expect(await criticalCss(binding, "home")).toBe(css);
    expect(binding.asked).toEqual([home.file]);
  });

  it("is read by each render that starts before it has come: none waits for another's read, which the Workers runtime forbids", async () => {
    const binding = assets(() => new Response(css), () => new Response(css));
    expect(await Promise.all([criticalCss(binding, "home"), criticalCss(binding, "home")])).toEqual([css, css]);
    expect(binding.asked).toEqual([home.file, home.file]);
    expect(await criticalCss(binding, "home")).toBe(css);
    expect(binding.asked).toHaveLength(2);
  });

  it("is left out when it cannot be read, said in the log, and read again for the next page", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const binding = assets(() => new Response("", { status: 404 }), () => new Response(css));
    expect(await criticalCss(binding, "home")).toBeUndefined();
    expect(JSON.parse(String(errors.mock.calls[0]?.[0]))).toMatchObject({ event: "page-style.unread", template: "home" });
    expect(await criticalCss(binding, "home")).toBe(css);
  });

  it("is left out when it is not the CSS the page's policy allows", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await criticalCss(assets(() => new Response(`${css} `)), "home")).toBeUndefined();
  });
});

describe("a static file the Worker reads", () => {
  it("is asked once more when a fetch fails in flight or the binding errs", async () => {
    const thrown = assets(() => {
      throw new Error("lost");
    }, () => new Response("ok"));
    expect(await (await readStaticFile(thrown, "/a.json")).text()).toBe("ok");
    const erred = assets(() => new Response("", { status: 503 }), () => new Response("ok"));
    expect(await (await readStaticFile(erred, "/a.json")).text()).toBe("ok");
  });

  it("is not asked again when it is not there, and the caller hears why", async () => {
    const missing = assets(() => new Response("", { status: 404 }), () => new Response("ok"));
    await expect(readStaticFile(missing, "/a.json")).rejects.toThrow("/a.json: status 404");
    expect(missing.asked).toEqual(["/a.json"]);
    const down = assets(() => new Response("", { status: 500 }), () => new Response("", { status: 500 }));
    await expect(readStaticFile(down, "/a.json")).rejects.toThrow("status 500");
  });
});
