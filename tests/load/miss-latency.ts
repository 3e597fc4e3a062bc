/**
 * The render time of a page on an edge-cache miss, measured from outside the runtime (inside
 * workerd `performance.now()` does not advance during CPU work): the median latency of uncached
 * requests of the page minus that of a small static asset, sequential, over one kept-alive
 * connection. The low-vision version is never cached (it is rendered for its visitor), so a
 * request with its cookie is a miss of the same page every time: the same tree, plus the
 * low-vision panel. (A query parameter no longer does it: parameters a page does not read are not
 * in the cache key, so `?x=random` is the cached page.)
 */
import { Agent, request } from "node:http";

export interface MissLatency {
  /** median ms of a rendered page (cache bypassed) */
  missMs: number;
  /** median ms of the same page from the edge cache */
  hitMs: number;
  /** median ms of the static asset */
  staticMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

function timedGet(agent: Agent, url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    request(url, { agent, headers }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
      response.on("data", () => {});
      response.on("end", () => resolve(Number(process.hrtime.bigint() - start) / 1e6));
    })
      .on("error", reject)
      .end();
  });
}

/** Requests, in turn: the page uncached, the page cached, the asset; `rounds` of each after a warm-up. */
export async function missLatencies(base: string, paths: string[], staticPath = "/favicon.svg", rounds = 60): Promise<Map<string, MissLatency>> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const figures = new Map<string, MissLatency>();
  try {
    const lowVision = { Cookie: "low_vision=1" };
    for (const path of paths) {
      for (let i = 0; i < 10; i++) {
        await timedGet(agent, base + path, lowVision);
        await timedGet(agent, base + path);
        await timedGet(agent, base + staticPath);
      }
      const miss: number[] = [];
      const hit: number[] = [];
      const asset: number[] = [];
      for (let i = 0; i < rounds; i++) {
        miss.push(await timedGet(agent, base + path, lowVision));
        hit.push(await timedGet(agent, base + path));
        asset.push(await timedGet(agent, base + staticPath));
      }
      figures.set(path, { missMs: median(miss), hitMs: median(hit), staticMs: median(asset) });
    }
  } finally {
    agent.destroy();
  }
  return figures;
}
