/**
 * Ports for a run of the suite. The tests' servers and fakes listen at fixed offsets from
 * E2E_PORT and FAKE_PORT (decision 030); a run that is not given them takes a block of free
 * ports of its own, so two suites on one machine (two clones, a CI job beside a developer's run)
 * never meet on a port.
 */
import { createServer } from "node:net";

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });

/** The first port of `size` consecutive ports that are free now, from a random start in 20000-59999. */
export async function freePortBlock(size: number): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const base = 20000 + Math.floor(Math.random() * 40000);
    let free = true;
    for (let port = base; port < base + size && free; port++) free = await bindable(port);
    if (free) return base;
  }
  throw new Error(`no ${size} consecutive free ports found: set E2E_PORT and FAKE_PORT`);
}
