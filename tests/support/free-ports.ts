/**
 * Ports for a run of the suite. The tests' servers and fakes listen at fixed offsets from
 * E2E_PORT and FAKE_PORT (decision 030); a run that is not given them takes a block of free
 * ports of its own, so two suites on one machine (two clones, a CI job beside a developer's run)
 * never meet on a port.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });

/**
 * The first port the system hands out to outgoing connections (Linux: 32768 by default; elsewhere
 * IANA's 49152). A block above it could be taken, after it was found free, by the source port of
 * any connection the run opens (a browser's, a fake's): two suites at once met on a port that way.
 */
function ephemeralStart(): number {
  try {
    return Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || 49152;
  } catch {
    return 49152;
  }
}

/**
 * The first port of `size` consecutive ports that are free now: a block, aligned to its size, from
 * a random start between 10000 and the system's ephemeral ports.
 */
export async function freePortBlock(size: number): Promise<number> {
  const blocks = Math.floor((ephemeralStart() - 10000) / size) - 1;
  for (let tries = 0; tries < 50; tries++) {
    const base = 10000 + size * Math.floor(Math.random() * blocks);
    let free = true;
    for (let port = base; port < base + size && free; port++) free = await bindable(port);
    if (free) return base;
  }
  throw new Error(`no ${size} consecutive free ports found: set E2E_PORT and FAKE_PORT`);
}
