/**
 * A body over 16 KB is refused with 413 through the runtime's real HTTP server, chunked or with
 * its length: the server drops a connection it answered in the middle of an upload, and a client
 * still writing met the reset before the 413 about half the time, until the Worker read such a
 * body to its end before answering. The local runtime alone does (limitBody in
 * src/server/middleware/post-guards.ts, decision 065); a deployment never reads past the limit.
 */
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { siteUrl } from "../e2e/helpers";

/** Posts `bytes` of JSON-ish text, chunked (no Content-Length) or with its length; the status. */
function upload(url: string, bytes: number, chunked: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL("/api/leads", url);
    const req = request(
      target,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: target.origin, ...(chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(bytes) }) },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

describe("a body too large", () => {
  it("gets 413 every time, 10 MB chunked or with its length", async () => {
    const url = siteUrl();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await upload(url, 10_000_000, i % 2 === 0).catch(() => -1));
    expect(statuses).toEqual([413, 413, 413, 413, 413, 413]);
  }, 120_000);
});
