/**
 * The project's model of the wall Russian ISPs put in front of Cloudflare since 2025-06: a TCP proxy
 * that passes only the first bytes the server sends (about 16 KB a connection, of which the TLS
 * handshake takes a few) and then drops the rest in silence, the socket left open as a blackholed
 * flow leaves it.
 * - mode "connection": each connection has its own budget (HTTP/1.1, or a fresh connection);
 * - mode "visit": all connections share one budget until `reset()` (HTTP/2 carries a whole page
 *   load on one connection, so a page and everything it loads share the first bytes).
 */
import net from "node:net";

export interface WallOptions {
  /** the port on 127.0.0.1 the wall forwards to */
  target: number;
  /** the port it listens on; any free one by default */
  port?: number;
  /** the bytes from the server that pass, per page load or per connection */
  budget?: number;
  mode?: "visit" | "connection";
}

export interface Wall {
  port: number;
  /** a new page load's budget (mode "visit") */
  reset(): void;
  close(): void;
}

export function startWall({ target, port = 0, budget = 13_000, mode = "visit" }: WallOptions): Promise<Wall> {
  let shared = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target, "127.0.0.1");
    sockets.add(client);
    sockets.add(upstream);
    let own = 0;
    client.on("data", (chunk) => upstream.write(chunk));
    upstream.on("data", (chunk: Buffer) => {
      const used = mode === "visit" ? shared : own;
      const passed = chunk.subarray(0, Math.max(0, budget - used));
      if (passed.length > 0) client.write(passed);
      if (mode === "visit") shared += passed.length;
      else own += passed.length;
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", end);
    upstream.on("error", end);
    client.on("close", end);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address() as net.AddressInfo;
      resolve({
        port: address.port,
        reset: () => {
          shared = 0;
        },
        close: () => {
          for (const socket of sockets) socket.destroy();
          server.close();
        },
      });
    });
  });
}
