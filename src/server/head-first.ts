/**
 * The head before the data (issue #18, decision 021). A fresh isolate at a quiet edge has no
 * content yet: its first page waits for KV, which may be far away. Rather than send nothing while
 * it waits, the Worker answers at once with the start of the document (render/head.tsx: charset,
 * viewport, the fonts, the stylesheet, the client entry), so the browser fetches those while the
 * content is read, then sends the rest of the page as rendered.
 *
 * The app runs as always; this only changes when its headers leave. The visitor's cookies are
 * decided first (middleware/tracking.ts signs the visit then), and the content middleware, just
 * before it would wait for the catalogue, releases the head (middleware/catalogue.ts).
 *
 * The status leaves with the head. So the head waits a little (HEAD_AFTER_MS) for the content
 * first: KV near at hand, or failing at once, answers within it, and the page goes out whole with
 * its own status (a 404, the 503 of no content). Only content slower than that is preceded by the
 * head, with a 200: a page that then turns out not to exist, or content that cannot be read at
 * all, still shows its 404 or 503 page, marked `noindex`, and is logged (`head-first.late-status`).
 * Only addresses that match a page route take this path, and only on an isolate that has never
 * read content: once it has, pages are answered as always.
 */
import { type ContentRead, readContent } from "../services/catalogue/repository";
import { log } from "../services/log";
import { COUNTRY_HEADER } from "../services/visitor-area";

interface HeadChannel {
  /** the content, read from the request's start, beside the cookies and the visitor's key */
  content: ContentRead;
  /** the app has its headers and is about to wait for content: they leave with the head */
  release(headers: Headers): void;
}

/** How long a page waits for its content before its head leaves without it. */
export const HEAD_AFTER_MS = 40;

const channels = new WeakMap<Request, HeadChannel>();

/** The request's channel, when its head may leave before its data. */
export const headChannel = (request: Request): HeadChannel | undefined => channels.get(request);

const NOINDEX = '<meta name="robots" content="noindex"/>';
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The rest of the document after `head`, whatever the app answered in the end. */
export async function remainderOf(response: Response, head: string): Promise<string> {
  const status = response.status;
  const location = response.headers.get("Location");
  if (status >= 300 && status < 400 && location) {
    const href = escapeHtml(location);
    return `<title>Страница переехала</title>${NOINDEX}<meta http-equiv="refresh" content="0; url=${href}"/></head><body><main><h1>Страница переехала</h1><p><a href="${href}">Перейти на новый адрес</a></p></main></body></html>`;
  }
  const html = (response.headers.get("Content-Type") ?? "").startsWith("text/html") ? await response.text() : "";
  if (html.startsWith(head)) {
    const rest = html.slice(head.length);
    return status === 200 || /<meta name="robots" content="noindex/.test(rest) ? rest : NOINDEX + rest;
  }
  // a page with no dependencies (bare-pages.ts: no content at all, or the shell failed): its title and body
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? "Ошибка на сервере";
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? "<main><h1>Что-то пошло не так</h1><p>Обновите страницу через минуту.</p></main>";
  return `<title>${title}</title>${NOINDEX}</head><body>${body}</body></html>`;
}

export interface HeadFirstOptions {
  request: Request;
  env: Env;
  context: ExecutionContext;
  /**
   * the document's first bytes for this visitor (render/head.tsx), made only when they leave before
   * the page: a page that comes within the wait (from a cache) needs no renderer on a fresh isolate
   */
  head: () => string;
  /** the app's answer to the request */
  answer: () => Promise<Response>;
  /** headers every answer carries that the app adds on the way out (security headers) */
  decorate: (headers: Headers) => void;
}

/**
 * Answers a page request whose content is not at hand: the head as soon as the app has its
 * headers, then the rest. When the app answers without waiting for content (a redirect, an
 * error before it), that answer goes out as it is.
 */
export async function headFirst({ request, env, context, head, answer, decorate }: HeadFirstOptions): Promise<Response> {
  const started = Date.now();
  let release!: (headers: Headers) => void;
  const released = new Promise<Headers>((resolve) => {
    release = resolve;
  });
  const content = readContent(env.CATALOGUE, Date.now(), (promise) => context.waitUntil(promise));
  // their failure is the content middleware's to answer (503); here it must not go unhandled
  content.version.catch(() => undefined);
  channels.set(request, { content, release });
  const whole = answer();
  const first = await Promise.race([released.then((headers) => ({ headers })), whole.then((response) => ({ response }))]);
  if ("response" in first) return first.response;
  // content near at hand answers within the wait, with its own status
  const wait = Math.max(0, HEAD_AFTER_MS - (Date.now() - started));
  const soon = await Promise.race([whole.then((response) => ({ response })), new Promise<null>((resolve) => setTimeout(() => resolve(null), wait))]);
  if (soon) return soon.response;

  const headHtml = head();
  const headers = new Headers(first.headers);
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "public, max-age=0, must-revalidate");
  // every page is written for the visitor's area (decision 020), this one too
  headers.set("Vary", COUNTRY_HEADER);
  headers.delete("Content-Length");
  decorate(headers);
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  const path = new URL(request.url).pathname;
  const rest = whole
    .then(async (response) => {
      if (response.status !== 200) log.warn("head-first.late-status", { path, status: response.status });
      return remainderOf(response, headHtml);
    })
    .catch((error: unknown) => {
      log.error("head-first.error", { path, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      return remainderOf(new Response("", { status: 500 }), headHtml);
    });
  context.waitUntil(
    (async () => {
      try {
        await writer.write(encoder.encode(headHtml));
        await writer.write(encoder.encode(await rest));
        await writer.close();
      } catch {
        // the visitor went away: nothing to finish
      }
    })(),
  );
  return new Response(readable, { status: 200, headers });
}
