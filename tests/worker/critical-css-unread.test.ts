/**
 * A template's CSS is a static file the Worker reads (decision 095). When it cannot be read, the
 * page is drawn with the whole stylesheet linked, says `no-store`, and is kept by no cache: the
 * next visit, the file readable again, draws it whole and is the one kept.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { freshIsolate } from "../../src/services/isolate";
import worker from "../../src/worker/index";
import { defaultCatalogue } from "../support/content";
import { h1 } from "./html";
import { origin } from "./leads-helpers";
import { seedCatalogue } from "./seed";

/** The Worker's bindings with its static files answering 503 for the templates' CSS. */
const unreadable: Env = {
  ...env,
  ASSETS: {
    fetch: (request: Request) => (new URL(request.url).pathname.startsWith("/critical/") ? Promise.resolve(new Response("", { status: 503 })) : env.ASSETS.fetch(request)),
  } as unknown as Fetcher,
};

async function visit(path: string, settings: Env) {
  const context = createExecutionContext();
  const response = await worker.fetch(new Request(`${origin}${path}`), settings, context);
  const html = await response.text();
  await waitOnExecutionContext(context);
  return { response, html };
}

afterEach(() => {
  vi.restoreAllMocks();
  freshIsolate();
});

describe("a page whose template's CSS cannot be read", () => {
  it("links the whole stylesheet, says no-store and is kept nowhere; the next visit draws it whole and keeps it", async () => {
    await seedCatalogue(defaultCatalogue("css-unread"));
    freshIsolate();
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const first = await visit("/contacts", unreadable);
    expect(first.response.status).toBe(200);
    expect(h1(first.html)).toBe("Контакты");
    expect(first.html).not.toContain("<style>");
    expect(first.html.slice(0, first.html.indexOf("</head>"))).toMatch(/<link rel="stylesheet" href="\/assets\/site-[^"]+\.css"[^>]*>/);
    expect(first.response.headers.get("Cache-Control")).toBe("no-store");
    expect(first.response.headers.get("X-Cache")).toBeNull();
    // the file was asked twice (a 503 is worth a second try), and the log says it was not read
    expect(errors.mock.calls.map(([line]) => JSON.parse(String(line)) as { event: string })).toContainEqual(expect.objectContaining({ event: "page-style.unread", template: "info" }));

    const second = await visit("/contacts", env);
    expect(second.html).toContain("<style>");
    expect(second.response.headers.get("X-Cache")).toBe("MISS");
    const third = await visit("/contacts", env);
    expect(third.response.headers.get("X-Cache")).toBe("HIT");
    expect(third.html).toBe(second.html);
  });
});
