/**
 * A plain static host, as a bucket behind a CDN serves the mirror (decision 042): a path is its
 * file, or its folder's index.html; anything else is 404.html with 404. No headers of the site's
 * own, no rewriting, no query read.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join, normalize } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".woff2": "font/woff2",
  ".pdf": "application/pdf",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
};

export interface StaticServer {
  url: string;
  /** the paths asked for, in order */
  requests: string[];
  close(): Promise<void>;
}

export function startStaticServer(dir: string, port: number): Promise<StaticServer> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://static.invalid").pathname);
    requests.push(path);
    const inside = normalize(join(dir, path));
    let file = inside.startsWith(dir) ? inside : join(dir, "404.html");
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    const found = existsSync(file) && statSync(file).isFile();
    if (!found) file = join(dir, "404.html");
    // the mirror's extensionless files are JSON (api/search/browser), as its upload marks them
    const type = TYPES[extname(file)] ?? "application/json";
    response.writeHead(found ? 200 : 404, { "Content-Type": type });
    if (request.method === "HEAD") return response.end();
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}
