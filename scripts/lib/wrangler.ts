/** Running wrangler offline: no telemetry, no update check, no request.cf download (STACK.md). */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { contentNow } from "./content-now";

export const root = new URL("../..", import.meta.url).pathname;

export function wranglerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_HIDE_BANNER: "true",
    ...extra,
  };
}

export function wrangler(args: string[], extra: Record<string, string> = {}): void {
  execFileSync(process.execPath, [`${root}node_modules/wrangler/bin/wrangler.js`, ...args], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: wranglerEnv(extra),
  });
}

export interface DevServer {
  url: string;
  stop(): Promise<void>;
  /** kill -9 of wrangler and workerd at once, as a crash of the machine would (the crash drill) */
  crash(): Promise<void>;
}

/** A server's devtools listen this far above its port (below it for a port near the top). */
const INSPECTOR_OFFSET = 20_000;

/**
 * Starts `wrangler dev` with the production build of React (NODE_ENV=production, minified) in its
 * own process group, and resolves once it answers HTTP.
 */
export async function startDevServer(options: {
  port: number;
  persistTo?: string;
  vars?: Record<string, string>;
  quiet?: boolean;
  /** another wrangler.toml (a copy of the site elsewhere); the project's by default */
  config?: string;
  /** where its devtools listen (a CPU profile attaches there); INSPECTOR_OFFSET above `port` by default */
  inspectorPort?: number;
}): Promise<DevServer> {
  const args = [
    `${root}node_modules/wrangler/bin/wrangler.js`,
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(options.port),
    "--minify",
    "--show-interactive-dev-session=false",
    // the cron (the pages tier's warm-up, decision 043) is never run by itself locally: this lets it be
    // run by hand, `curl http://127.0.0.1:8787/cdn-cgi/local/scheduled`
    "--test-scheduled",
    // its own devtools port: left to wrangler, servers starting at once each found 9230 free and one
    // of them then failed to bind it ("Address already in use (127.0.0.1:9230)"), exiting with 1
    "--inspector-port",
    String(options.inspectorPort ?? (options.port + INSPECTOR_OFFSET <= 65_535 ? options.port + INSPECTOR_OFFSET : options.port - INSPECTOR_OFFSET)),
  ];
  if (options.persistTo) args.push("--persist-to", options.persistTo);
  if (options.config) args.push("--config", options.config);
  for (const [key, value] of Object.entries(options.vars ?? {})) args.push("--var", `${key}:${value}`);
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    detached: true,
    stdio: ["ignore", options.quiet ? "ignore" : "inherit", "pipe"],
    env: wranglerEnv({ NODE_ENV: "production" }),
  });
  return supervise(child, options.port, "wrangler dev");
}

/**
 * `promise` settled or `ms` gone, whichever is first. The timer is cleared: left running, it kept
 * the process that stopped a server alive for the rest of the 5 s with nothing to do (4 s of idle
 * cores after the build's critical-CSS pass, before Vitest could start, and again at the end).
 */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * A server `child` (in a process group of its own) once it answers HTTP on `port`, with the means
 * to stop it and to kill it as a crash would.
 */
async function supervise(child: ChildProcess, port: number, what: string): Promise<DevServer> {
  // a browser that drops a prefetch mid-response makes workerd log a broken pipe: not news
  child.stderr?.on("data", (chunk: Buffer) => {
    const lines = chunk.toString().split("\n").filter((line) => line.trim() && !/Broken pipe|Connection reset by peer/.test(line));
    if (lines.length > 0) process.stderr.write(`${lines.join("\n")}\n`);
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    await settledWithin(exited, 5000);
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  };
  const crash = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      return;
    }
    await settledWithin(exited, 5000);
  };
  const deadline = Date.now() + ANSWER_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      // each ask cut short: a connection taken and never answered must not outlast the deadline
      const response = await fetch(`${url}/favicon.svg`, { signal: AbortSignal.timeout(5000) });
      if (response.ok) return { url, stop, crash };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new ServerSilent(`${what} did not answer within ${ANSWER_WITHIN_MS / 1000} s`);
}

/** How long a server has to answer its first request (a few seconds on a quiet machine). */
const ANSWER_WITHIN_MS = 60_000;

/** A server that started and never answered (stopped since): one CI run met it once, on a quiet machine. */
class ServerSilent extends Error {
  override name = "ServerSilent";
}

/** A digest of package-lock.json, wrangler.toml, every file under `dirs` and `salt`: 16 hex digits. */
function sourceKey(dirs: string[], salt = ""): string {
  const hash = createHash("sha256").update(salt);
  const under = (dir: string) => (readdirSync(join(root, dir), { recursive: true }) as string[]).map((file) => join(dir, file));
  for (const file of ["package-lock.json", "wrangler.toml", ...dirs.flatMap(under)].sort()) {
    const path = join(root, file);
    if (statSync(path).isFile()) hash.update(file).update("\0").update(readFileSync(path)).update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * The default content pushed into a local KV of its own, once for each content, code and day in
 * Moscow (the catalogue's dates are read from that day: scripts/lib/content-now.ts; src/ builds the snapshot): `.wrangler/content-<key>`. A push
 * is a tsx and a wrangler process, about 5 s of CPU; a run starts some ten servers, each from a
 * copy, the build's critical-CSS pass among them (so the key leaves out build/, which that pass
 * changes). Kept by `keptFolder`.
 */
function pushedContent(): string {
  // keyed by the day in Moscow (UTC+3 all year), whose dates the catalogue's seminars are read in
  const moscowDay = new Date(contentNow().getTime() + 3 * 3600_000).toISOString().slice(0, 10);
  return keptFolder("content", sourceKey(["content", "src"], `moscow-${moscowDay}`), (fresh) =>
    execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/content.ts", "push", "--persist-to", fresh], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
}

/**
 * `.wrangler/<kind>-<key>`, made by `make` once for each key: written under another name and
 * renamed, so processes that make it at once never read half of one; older ones of the kind are
 * removed.
 */
function keptFolder(kind: string, key: string, make: (fresh: string) => void): string {
  const name = `${kind}-${key}`;
  const dir = join(root, ".wrangler", name);
  if (existsSync(dir)) return dir;
  const fresh = `${dir}.${process.pid}`;
  rmSync(fresh, { recursive: true, force: true });
  make(fresh);
  try {
    renameSync(fresh, dir);
  } catch {
    // another process made the same first
    rmSync(fresh, { recursive: true, force: true });
  }
  const older = new RegExp(`^${kind}-[0-9a-f]{16}$`);
  for (const other of readdirSync(join(root, ".wrangler"))) {
    if (older.test(other) && other !== name) rmSync(join(root, ".wrangler", other), { recursive: true, force: true });
  }
  return dir;
}

/**
 * The built site on `port` with the default content, its state in a folder of its own made afresh
 * (`.wrangler/<state>`, a copy of the pushed content): the browser tests' servers, the build's
 * critical CSS and the mirror's source. In scripts/site-runtime.ts, not `wrangler dev`, whose proxy
 * in front of the Worker now and then holds a GET until the next request and answers a POST 503
 * (decision 064).
 */
export async function startSiteWithContent(options: { port: number; state: string; vars?: Record<string, string>; quiet?: boolean }): Promise<DevServer> {
  const persistTo = join(root, ".wrangler", options.state);
  const start = () => {
    rmSync(persistTo, { recursive: true, force: true });
    cpSync(pushedContent(), persistTo, { recursive: true });
    const runtime = JSON.stringify({ port: options.port, bundle: workerBundle(), persistTo, vars: options.vars ?? {} });
    const child = spawn(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/site-runtime.ts", runtime], {
      cwd: root,
      detached: true,
      stdio: ["ignore", options.quiet === false ? "inherit" : "ignore", "pipe"],
      env: wranglerEnv(),
    });
    return supervise(child, options.port, "the site's runtime");
  };
  try {
    return await start();
  } catch (error) {
    // a runtime that exited said why on stderr; one that stayed silent is started once more, afresh
    if (!(error instanceof ServerSilent)) throw error;
    process.stderr.write(`${error.message} on port ${options.port}: starting it once more\n`);
    return start();
  }
}

/**
 * The Worker bundled as `wrangler deploy --dry-run` bundles it (production React, minified), once
 * for each code and build: `.wrangler/bundle-<key>/index.js` (`keptFolder`). About 1.5 s.
 */
function workerBundle(): string {
  const dir = keptFolder("bundle", sourceKey(["src", "build"]), (fresh) =>
    execFileSync(process.execPath, [join(root, "node_modules/wrangler/bin/wrangler.js"), "deploy", "--dry-run", "--env", "", "--minify", "--outdir", fresh], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: wranglerEnv({ NODE_ENV: "production" }),
    }),
  );
  return join(dir, "index.js");
}
