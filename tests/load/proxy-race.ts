/**
 * `npm run bench -- proxy-race`: does `wrangler dev`'s own proxy still lose a request that comes just
 * as its pooled connection to the Worker's runtime, idle about 5 s, meets the runtime's keep-alive
 * close (workers-sdk#14641; decision 064)? With wrangler 4.86 a GET was then parked until the next
 * request and a POST answered 503. Each round asks once, stays idle for a gap around 5 s, then sends
 * a GET and a POST; a request is counted as held when it takes over 2 s, and every status other
 * than the Worker's own is counted. Figures, not assertions.
 */
import { type DevServer, startDevServer } from "../../scripts/lib/wrangler";

/** idle gaps around the keep-alive timeout, ms */
const GAPS = [4_800, 4_900, 4_950, 5_000, 5_050, 5_100, 5_200];
const HELD_MS = 2_000;

async function timed(request: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  try {
    const response = await request();
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  } catch {
    return { ms: performance.now() - started, status: 0 };
  }
}

export async function printProxyRace(port: number, persistTo: string, rounds = Number(process.env.PROXY_RACE_ROUNDS ?? 3)): Promise<void> {
  const server: DevServer = await startDevServer({ port, persistTo, quiet: true });
  const tally = { requests: 0, held: 0, statuses: new Map<number, number>(), slowestMs: 0 };
  try {
    const get = () => fetch(`${server.url}/teachers`, { signal: AbortSignal.timeout(30_000) });
    // a POST the Worker answers itself (a read-only GraphQL query)
    const post = () =>
      fetch(`${server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "{ __typename }" }),
        signal: AbortSignal.timeout(30_000),
      });
    await timed(get);
    for (let round = 0; round < rounds; round++) {
      for (const gap of GAPS) {
        for (const request of [get, post]) {
          await new Promise((resolve) => setTimeout(resolve, gap));
          const { ms, status } = await timed(request);
          tally.requests++;
          if (ms > HELD_MS) tally.held++;
          tally.slowestMs = Math.max(tally.slowestMs, ms);
          tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
        }
      }
    }
  } finally {
    await server.stop();
  }
  const statuses = [...tally.statuses].map(([status, n]) => `${status || "no answer"} x${n}`).join(", ");
  console.log(`wrangler dev after an idle gap of ${GAPS[0]! / 1000}-${GAPS.at(-1)! / 1000} s: ${tally.requests} requests, ${tally.held} held over ${HELD_MS / 1000} s, slowest ${tally.slowestMs.toFixed(0)} ms; statuses ${statuses}\n`);
}
