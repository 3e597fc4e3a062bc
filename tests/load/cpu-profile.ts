/**
 * CPU milliseconds of the Worker's isolate under `wrangler dev`, from V8's own sampling profiler
 * over the inspector wrangler opens (`[dev] inspector_port`). Inside workerd neither `Date.now()`
 * nor `performance.now()` advances while code runs (a Spectre mitigation, as in production), so the
 * Worker cannot time itself; the profiler can. It takes a sample every `interval` µs, and only while
 * the isolate is in use (V8 skips the sample when it is not entered), so the CPU time of a stretch
 * is the number of samples that are not `(idle)` times the sampling period actually achieved (the
 * median gap between samples taken in a row, which a busy machine stretches beyond `interval`).
 * The isolate holds the Worker and, locally, its Durable Objects: their work is counted in too (in
 * production the objects run apart and are billed by duration instead), so the figure is an upper
 * bound of the Worker's. A machine whose cores are shared stretches it too (a sample lands on time
 * the thread was descheduled), and the local KV and proxy are other isolates, not counted.
 *
 * The inspector speaks the DevTools protocol over a WebSocket; Node 20 has no WebSocket client
 * without a flag, and wrangler's inspector proxy wants an `Origin`, so this is a minimal client
 * (text frames, masked as a client must, pings answered).
 */
import { randomBytes } from "node:crypto";
import { request } from "node:http";
import type { Socket } from "node:net";

interface Inspector {
  send<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T>;
  close(): void;
}

function frame(socket: Socket, opcode: number, data: Buffer): void {
  const mask = randomBytes(4);
  const length = data.byteLength;
  let header: Buffer;
  if (length < 126) header = Buffer.from([0x80 | opcode, 0x80 | length]);
  else if (length < 65_536) {
    header = Buffer.from([0x80 | opcode, 0x80 | 126, 0, 0]);
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = 0x80 | opcode;
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  const body = Buffer.from(data);
  for (let i = 0; i < length; i++) body[i]! ^= mask[i & 3]!;
  socket.write(Buffer.concat([header, mask, body]));
}

/** Connects to the inspector's WebSocket at `url` (ws://host:port/path). */
function connectInspector(url: string): Promise<Inspector> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const upgrade = request({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      headers: { Connection: "Upgrade", Upgrade: "websocket", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": randomBytes(16).toString("base64"), Origin: "http://127.0.0.1" },
    });
    upgrade.on("response", (response) => reject(new Error(`the inspector answered ${response.statusCode} instead of a WebSocket`)));
    upgrade.on("error", reject);
    upgrade.on("upgrade", (_response, socket: Socket, head: Buffer) => {
      let buffered = head;
      let parts: Buffer[] = [];
      let nextId = 0;
      const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
      socket.on("data", (chunk: Buffer) => {
        buffered = Buffer.concat([buffered, chunk]);
        for (;;) {
          if (buffered.byteLength < 2) return;
          const final = (buffered[0]! & 0x80) !== 0;
          const opcode = buffered[0]! & 0x0f;
          let length = buffered[1]! & 0x7f;
          let offset = 2;
          if (length === 126) {
            if (buffered.byteLength < 4) return;
            length = buffered.readUInt16BE(2);
            offset = 4;
          } else if (length === 127) {
            if (buffered.byteLength < 10) return;
            length = Number(buffered.readBigUInt64BE(2));
            offset = 10;
          }
          if (buffered.byteLength < offset + length) return;
          const payload = buffered.subarray(offset, offset + length);
          buffered = buffered.subarray(offset + length);
          if (opcode === 0x8) {
            socket.end();
            return;
          }
          if (opcode === 0x9) {
            frame(socket, 0xa, payload);
            continue;
          }
          if (opcode > 0x2) continue;
          parts.push(payload);
          if (!final) continue;
          const message = JSON.parse(Buffer.concat(parts).toString("utf8")) as { id?: number; result?: unknown; error?: { message: string } };
          parts = [];
          const waiter = message.id === undefined ? undefined : waiting.get(message.id);
          // workerd answers some commands (Profiler.enable, .start) with the command itself, no result
          if (!waiter) continue;
          waiting.delete(message.id!);
          if (message.error) waiter.reject(new Error(message.error.message));
          else waiter.resolve(message.result);
        }
      });
      socket.on("close", () => {
        for (const waiter of waiting.values()) waiter.reject(new Error("the inspector closed"));
      });
      resolve({
        send<T>(method: string, params: Record<string, unknown> = {}) {
          const id = ++nextId;
          return new Promise<T>((resolveCall, rejectCall) => {
            waiting.set(id, { resolve: resolveCall as (value: unknown) => void, reject: rejectCall });
            frame(socket, 0x1, Buffer.from(JSON.stringify({ id, method, params })));
          });
        },
        close() {
          frame(socket, 0x8, Buffer.alloc(0));
          socket.destroy();
        },
      });
    });
    upgrade.end();
  });
}

interface Profile {
  nodes: { id: number; callFrame: { functionName: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** CPU ms of a profile: the samples that are not idle, times the sampling period achieved. */
export function cpuMsOf(profile: Profile, intervalUs: number): { cpuMs: number; samples: number; periodUs: number } {
  const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === "(idle)").map((node) => node.id));
  const busy: number[] = [];
  for (let i = 0; i < profile.samples.length; i++) if (!idle.has(profile.samples[i]!)) busy.push(profile.timeDeltas[i]!);
  // gaps between samples taken in a row (a longer gap spans time the isolate was not in use)
  const inRow = busy.filter((delta) => delta > 0 && delta < 10 * intervalUs).sort((a, b) => a - b);
  const periodUs = inRow.length > 0 ? inRow[inRow.length >> 1]! : intervalUs;
  return { cpuMs: (busy.length * periodUs) / 1000, samples: busy.length, periodUs };
}

/** A profiler on the Worker's isolate: `measure(work)` gives the CPU ms the isolate spent while `work` ran. */
export class CpuProfiler {
  private constructor(
    private readonly inspector: Inspector,
    private readonly intervalUs: number,
  ) {}

  /** Attaches to the first Worker the inspector at `port` lists. */
  static async attach(port: number, intervalUs = 100): Promise<CpuProfiler> {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as { webSocketDebuggerUrl: string }[];
    if (!targets[0]) throw new Error(`the inspector at ${port} lists no Worker`);
    const inspector = await connectInspector(targets[0].webSocketDebuggerUrl);
    await inspector.send("Profiler.enable");
    await inspector.send("Profiler.setSamplingInterval", { interval: intervalUs });
    return new CpuProfiler(inspector, intervalUs);
  }

  async measure<T>(work: () => Promise<T>): Promise<{ result: T; cpuMs: number; samples: number; periodUs: number }> {
    await this.inspector.send("Profiler.start");
    let result: T;
    try {
      result = await work();
    } catch (error) {
      await this.inspector.send("Profiler.stop").catch(() => undefined);
      throw error;
    }
    const { profile } = await this.inspector.send<{ profile: Profile }>("Profiler.stop");
    return { result, ...cpuMsOf(profile, this.intervalUs) };
  }

  close(): void {
    this.inspector.close();
  }
}
