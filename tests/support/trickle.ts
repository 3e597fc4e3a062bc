/**
 * A page that arrives in pieces: a proxy in front of the site that sends each page's HTML in
 * slices with a pause after each, as a slow network delivers it, or as a busy browser parses it
 * (the parser yields between two elements and the page is painted half-read). Everything else
 * passes as it comes.
 *
 * The head goes in one piece (nothing is painted before `<body>`); the body is cut only before a
 * tag, so each slice ends between two elements, never inside a word: a word that wraps when its
 * rest arrives moves on any site, and is not what this looks for. After `bodyBytes` the rest goes
 * at once.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Trickle {
  url: string;
  close(): Promise<void>;
}

export interface TrickleOptions {
  /** the site's port on 127.0.0.1 */
  target: number;
  /** about how many bytes of the body each slice carries (cut back to the tag before) */
  slice?: number;
  /** the pause after each slice, long enough for the browser to paint a frame */
  pauseMs?: number;
  /** how much of the body is sliced; the rest follows at once */
  bodyBytes?: number;
}

/** Where the slices of `html` end: after the head, then before a tag about every `slice` bytes. */
function sliceEnds(html: Buffer, slice: number, bodyBytes: number): number[] {
  const body = html.indexOf("<body");
  if (body < 0) return [html.length];
  const ends = [body];
  const last = Math.min(html.length, body + bodyBytes);
  let at = body;
  while (at + slice < last) {
    const cut = html.lastIndexOf("<", at + slice);
    at = cut > at ? cut : at + slice;
    ends.push(at);
  }
  ends.push(html.length);
  return ends;
}

export async function startTrickle({ target, slice = 300, pauseMs = 25, bodyBytes = 7_500 }: TrickleOptions): Promise<Trickle> {
  const server: Server = createServer((incoming, answer) => {
    const upstream = request(
      {
        host: "127.0.0.1",
        port: target,
        path: incoming.url,
        method: incoming.method,
        // plain text, so the slices can be cut between elements
        headers: { ...incoming.headers, host: `127.0.0.1:${target}`, "accept-encoding": "identity" },
      },
      async (response) => {
        const html = (response.headers["content-type"] ?? "").startsWith("text/html");
        const headers = { ...response.headers };
        delete headers["content-length"];
        answer.writeHead(response.statusCode ?? 502, headers);
        if (!html) {
          response.pipe(answer);
          return;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of response) chunks.push(chunk as Buffer);
        const page = Buffer.concat(chunks);
        let from = 0;
        for (const end of sliceEnds(page, slice, bodyBytes)) {
          if (answer.destroyed) return;
          answer.write(page.subarray(from, end));
          from = end;
          await new Promise((resolve) => setTimeout(resolve, pauseMs));
        }
        answer.end();
      },
    );
    upstream.on("error", () => answer.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
