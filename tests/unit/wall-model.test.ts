import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startWall, type Wall } from "../support/wall-model";

/** A server that answers every connection's first bytes with `size` bytes and keeps it open. */
async function talkativeServer(size: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once("data", () => socket.write(Buffer.alloc(size, 0x61)));
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** Connects through the wall, says hello and counts what arrives until the line has been quiet for `quietMs`. */
function bytesThrough(wall: Wall, quietMs = 300): Promise<{ bytes: number; stillOpen: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(wall.port, "127.0.0.1", () => socket.write("hello"));
    let bytes = 0;
    let closed = false;
    let timer = setTimeout(done, quietMs * 3);
    function done() {
      resolve({ bytes, stillOpen: !closed });
      socket.destroy();
    }
    socket.on("data", (chunk) => {
      bytes += chunk.length;
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    });
    socket.on("close", () => {
      closed = true;
    });
  });
}

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const close of cleanup) close();
  cleanup = [];
});

describe("the wall model", () => {
  it("passes a connection's first bytes and drops the rest, leaving the connection open", async () => {
    const server = await talkativeServer(50_000);
    const wall = await startWall({ target: server.port, budget: 1_000, mode: "connection" });
    cleanup.push(server.close, wall.close);
    expect(await bytesThrough(wall)).toEqual({ bytes: 1_000, stillOpen: true });
    // each connection has a budget of its own
    expect((await bytesThrough(wall)).bytes).toBe(1_000);
  });

  it("shares one budget among a page load's connections until it is reset", async () => {
    const server = await talkativeServer(700);
    const wall = await startWall({ target: server.port, budget: 1_000, mode: "visit" });
    cleanup.push(server.close, wall.close);
    expect((await bytesThrough(wall)).bytes).toBe(700);
    expect((await bytesThrough(wall)).bytes).toBe(300);
    expect((await bytesThrough(wall)).bytes).toBe(0);
    wall.reset();
    expect((await bytesThrough(wall)).bytes).toBe(700);
  });

  it("passes everything under the budget", async () => {
    const server = await talkativeServer(5_000);
    const wall = await startWall({ target: server.port, budget: 13_000 });
    cleanup.push(server.close, wall.close);
    expect((await bytesThrough(wall)).bytes).toBe(5_000);
  });
});
