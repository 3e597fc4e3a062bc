/**
 * The CPU cost of rendering a page, in Node, in-process: the page's real route handler runs
 * against the default catalogue, its React tree is taken as the handler hands it to React, and
 * that same tree is rendered again and again by React's edge build (the one workerd runs), once
 * streamed (renderToReadableStream, read to the end) and once as a string (renderToString,
 * encoded to bytes as a response would be).
 */
import { createRequire } from "node:module";
import type { ReactNode } from "react";
import type * as ReactDomServer from "react-dom/server";
import { join } from "node:path";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import type { AppEnv } from "../../src/server/env";

export interface RenderCost {
  /** median CPU ms of one streamed render, read to the last byte */
  streamMs: number;
  /** median CPU ms of one renderToString, encoded to UTF-8 */
  stringMs: number;
  bytes: number;
}

const require = createRequire(import.meta.url);
type Server = typeof ReactDomServer;
/** What the Worker runs (the `workerd` export condition maps react-dom/server to it). */
const edge: Server = require("react-dom/server.edge");

/** The local catalogue namespace of wrangler.toml, where `content:push --local` writes. */
const CATALOGUE_ID = "catalogue-local";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

function cpuMs<T>(run: () => T): [T, number] {
  const start = process.cpuUsage();
  const result = run();
  const used = process.cpuUsage(start);
  return [result, (used.user + used.system) / 1000];
}

async function streamed(tree: ReactNode): Promise<number> {
  const stream = await edge.renderToReadableStream(tree);
  let bytes = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return bytes;
}

async function cpuMsAsync(run: () => Promise<number>): Promise<number> {
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * Renders each path `rounds` times both ways (after a warm-up) and gives the medians. The data is
 * what the Worker reads: the local KV that `content:push --persist-to persistTo` wrote, through
 * wrangler's platform proxy. The tree is caught where the page hands it to React: react-dom/server's
 * CommonJS exports are replaced before the Worker's modules are loaded, so the handler's own call
 * reaches the capture.
 */
export async function renderCosts(paths: string[], persistTo: string, rounds = 60): Promise<Map<string, RenderCost>> {
  const server: Server = require("react-dom/server");
  let captured: ReactNode;
  // the Worker renders pages to a string (decision 014); either call hands over the tree. The
  // page's own call comes first: the header and footer, rendered once (RenderedOnce), call
  // renderToString again from inside it and must not replace it
  server.renderToString = (tree, options) => {
    captured ??= tree;
    return edge.renderToString(tree, options);
  };
  server.renderToReadableStream = (tree, options) => {
    captured ??= tree;
    return edge.renderToReadableStream(tree, options);
  };
  const { Hono } = await import("hono");
  process.env.WRANGLER_LOG ??= "error";
  const { getPlatformProxy } = await import("wrangler");
  const { registerPages } = await import("../../src/worker/pages");
  const { withCatalogue } = await import("../../src/server/middleware/catalogue");
  // a configuration with the catalogue alone: the proxy cannot serve the Worker's own Durable Objects
  const configDir = mkdtempSync(join(tmpdir(), "render-cost-"));
  const configPath = join(configDir, "wrangler.json");
  writeFileSync(configPath, JSON.stringify({ name: "render-cost", compatibility_date: "2026-11-17", kv_namespaces: [{ binding: "CATALOGUE", id: CATALOGUE_ID }] }));
  const proxy = await getPlatformProxy<Env>({ configPath, persist: { path: join(persistTo, "v3") } });
  try {
    const app = new Hono<AppEnv>();
    app.use(async (c, next) => {
      c.set("requestId", "render-cost");
      await next();
    });
    app.use(withCatalogue);
    registerPages(app);
    // the seminar page asks its ticket counter (a Durable Object, not served by the proxy): every ticket is left
    const tickets = { idFromName: (name: string) => name, get: () => ({ ticketsLeft: async (quantity: number) => quantity }) };
    const env = { ...proxy.env, SITE_URL: "http://127.0.0.1:8787", ENVIRONMENT: "local", SEMINAR_TICKETS: tickets } as unknown as Env;

    const costs = new Map<string, RenderCost>();
    for (const path of paths) {
      captured = undefined;
      const response = await app.request(path, {}, env);
      if (response.status !== 200 || captured === undefined) throw new Error(`render cost: ${path} answered ${response.status}`);
      await response.arrayBuffer();
      const tree = captured;
      const encoder = new TextEncoder();
      for (let i = 0; i < 20; i++) {
        await streamed(tree);
        encoder.encode(edge.renderToString(tree));
      }
      const stream: number[] = [];
      const string: number[] = [];
      let bytes = 0;
      for (let i = 0; i < rounds; i++) {
        stream.push(await cpuMsAsync(() => streamed(tree)));
        const [encoded, ms] = cpuMs(() => encoder.encode(edge.renderToString(tree)));
        string.push(ms);
        bytes = encoded.length;
      }
      costs.set(path, { streamMs: median(stream), stringMs: median(string), bytes });
    }
    return costs;
  } finally {
    await proxy.dispose();
    rmSync(configDir, { recursive: true, force: true });
  }
}
