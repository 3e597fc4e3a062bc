/**
 * The network between MiniBrowser and the site, for `npm run test:webkit`: WebDriver classic can
 * neither watch nor change requests, so an HTTP proxy on 127.0.0.1 does, and the browser loads the
 * site through it (its own origin: a fresh cache for each proxy).
 * - Every page gets, first in its head, a same-origin script that records the page's errors
 *   (`window.__errors`, kept across the pages of one proxy): WebKitWebDriver has no console log to read, and a hydration error is
 *   reported while the page loads, before any script sent over WebDriver could listen. The CSP's
 *   `script-src 'self'` allows it; the head is no island's, so React hydrates the same HTML.
 * - `cut`: the first request for that path is cut off after part of its body (the socket
 *   destroyed), as a phone's dropped connection cuts a script; later ones pass.
 * - `hold`: requests whose path matches one of the patterns wait until that pattern is released
 *   (`release(i)`, or every one with `release()`), as a slow network holds them; the first page's
 *   only: a second page asked (a link followed) releases them all.
 * - `asked`: every request's path and query, in order.
 */
import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface SiteProxy {
  url: string;
  asked: string[];
  /** lets the requests held for `hold[which]` (for every pattern without `which`) go, and stops holding them */
  release(which?: number): void;
  close(): Promise<void>;
}

export interface SiteProxyOptions {
  /** the site's port on 127.0.0.1 */
  target: number;
  /** a path (no query) whose first request is cut */
  cut?: string;
  /** paths held until `release()` */
  hold?: RegExp[];
}

const RECORDER = "/__webkit/errors.js";

/**
 * The recorder: console.error's arguments, uncaught errors and unhandled rejections, each with the
 * page's path, kept in the tab's sessionStorage so a page the check leaves (a link followed) keeps
 * its errors for the next page of the same proxy to read.
 */
const RECORDER_SOURCE = `(() => {
  const key = "__webkitErrors";
  const errors = (window.__errors = JSON.parse(sessionStorage.getItem(key) || "[]"));
  const text = (value) => String((value && value.message) || value);
  const record = (line) => { errors.push(location.pathname + ": " + line); sessionStorage.setItem(key, JSON.stringify(errors)); };
  const original = console.error.bind(console);
  console.error = (...args) => { record(args.map(text).join(" ")); original(...args); };
  addEventListener("error", (event) => record(text(event.error || event.message)));
  addEventListener("unhandledrejection", (event) => record("unhandled rejection: " + text(event.reason)));
})();
`;

export function startProxy({ target, cut, hold }: SiteProxyOptions): Promise<SiteProxy> {
  const site = `http://127.0.0.1:${target}`;
  const asked: string[] = [];
  let cutDone = false;
  const holding = new Map((hold ?? []).map((pattern, index) => [index, { pattern, held: [] as (() => void)[] }]));
  let own = "";
  let pages = 0;
  const release = (which?: number) => {
    for (const [index, { held }] of holding) {
      if (which !== undefined && index !== which) continue;
      holding.delete(index);
      for (const go of held) go();
    }
  };

  const forward = (incoming: IncomingMessage, answer: ServerResponse, path: string) => {
    const headers = { ...incoming.headers, host: `127.0.0.1:${target}`, "accept-encoding": "identity" };
    // the site's checks of a write see its own origin (the proxy stands where the site is)
    if (headers.origin === own) headers.origin = site;
    if (typeof headers.referer === "string") headers.referer = headers.referer.replace(own, site);
    const upstream = request({ host: "127.0.0.1", port: target, path: incoming.url, method: incoming.method, headers }, async (response) => {
      const out = { ...response.headers };
      if (typeof out.location === "string") out.location = out.location.replace(site, own);
      const html = (out["content-type"] ?? "").startsWith("text/html");
      const cutting = cut !== undefined && path === cut && !cutDone;
      if (!html && !cutting) {
        answer.writeHead(response.statusCode ?? 502, out);
        response.pipe(answer);
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      let body = Buffer.concat(chunks);
      if (cutting) {
        cutDone = true;
        // the headers and a third of the script, then the connection is gone
        answer.writeHead(response.statusCode ?? 200, { ...out, "content-length": String(body.length) });
        answer.write(body.subarray(0, Math.floor(body.length / 3)), () => answer.socket?.destroy());
        return;
      }
      body = Buffer.from(body.toString("utf8").replace(/<head[^>]*>/, (head) => `${head}<script src="${RECORDER}"></script>`));
      answer.writeHead(response.statusCode ?? 502, { ...out, "content-length": String(body.length) });
      answer.end(body);
    });
    upstream.on("error", () => answer.destroy());
    incoming.pipe(upstream);
  };

  const server = createServer((incoming, answer) => {
    const url = incoming.url ?? "/";
    const path = url.replace(/\?.*/, "");
    asked.push(url);
    if (path === RECORDER) {
      answer.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
      answer.end(RECORDER_SOURCE);
      return;
    }
    // a second page (a link the check followed) is not held: its load, which WebDriver waits for, would wait for the release
    if (incoming.method === "GET" && /text\/html/.test(incoming.headers.accept ?? "") && ++pages > 1) release();
    const held = [...holding.values()].find(({ pattern }) => pattern.test(path));
    if (held) held.held.push(() => forward(incoming, answer, path));
    else forward(incoming, answer, path);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      own = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({
        url: own,
        asked,
        release,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
