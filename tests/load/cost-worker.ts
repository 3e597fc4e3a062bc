/**
 * The Worker of `npm run bench -- costs` (tests/load/costs.ts), never deployed: the site's own entry
 * (src/worker/index.ts) and Durable Objects, with every binding the bill counts wrapped in a
 * counting proxy. costs.ts writes the entry that wrangler runs (`.wrangler/bench-costs/entry.ts`)
 * from wrangler.toml: `countingWorker(site, namespaces)` as its default export and
 * `countedClass(site.X, "X")` for each Durable Object class, so a class added or dropped needs
 * nothing here. The site's code runs unchanged; only the objects it is handed count what is done
 * with them:
 *  - each invocation of the Worker (fetch, by kind; scheduled), as Cloudflare bills requests;
 *  - KV: reads (`get`, `getWithMetadata`), writes (`put`), deletes and lists, per namespace;
 *  - Durable Objects: each call on a stub (`fetch` or an RPC method) is one billed request, from the
 *    Worker and from other objects alike; each alarm is one more; the wall time of each call as its
 *    caller saw it (the object is billed for duration while it is active);
 *  - SQLite storage inside the objects: rows read and written, as each cursor reports them
 *    (`rowsRead`, `rowsWritten`), and each `setAlarm` as one row written.
 * `GET /__costs` answers the counts so far (and how much work is still in flight, waitUntil and
 * alarms), `POST /__costs/reset` zeroes them, `POST /__costs/scheduled` runs the scheduled handler
 * (the pages tier's warm-up) as the cron would, `GET /__costs/tier-days` describes the warm-up's
 * day. None of these requests is counted. Locally the Worker and its objects share one isolate, so
 * one module-level tally sees both.
 */
import { sitemapPaths } from "../../src/routes/pages/crawlers";
import { settledEnv } from "../../src/server/settled-env";
import { getCatalogue } from "../../src/services/catalogue/repository";
import { pageTrueUntil } from "../../src/services/catalogue/time-boundaries";
import { isPagePath } from "../../src/worker/pages";

export interface Tally {
  /** Worker invocations by kind: `document`, `prefetch`, `api`, `other`, `scheduled` */
  invocations: Record<string, number>;
  /** per namespace binding: reads, writes, deletes, lists */
  kv: Record<string, { reads: number; writes: number; deletes: number; lists: number }>;
  /** per Durable Object class: requests (stub calls and alarms), the callers' wall ms of the stub calls, alarms */
  objects: Record<string, { requests: number; wallMs: number; alarms: number; methods: Record<string, number> }>;
  /** SQLite rows read and written inside the objects (setAlarm counted as a row written) */
  rows: { read: number; written: number };
  /** work still running: promises handed to waitUntil, alarms, stub calls */
  inFlight: number;
}

const fresh = (): Tally => ({ invocations: {}, kv: {}, objects: {}, rows: { read: 0, written: 0 }, inFlight: 0 });
let tally = fresh();
/** the cursors of this tally's SQL statements: their row counts grow as they are read */
let cursors: { rowsRead: number; rowsWritten: number }[] = [];

const KV_OPERATIONS: Record<string, "reads" | "writes" | "deletes" | "lists"> = {
  get: "reads",
  getWithMetadata: "reads",
  put: "writes",
  delete: "deletes",
  list: "lists",
};

function track<T>(promise: Promise<T>): Promise<T> {
  tally.inFlight++;
  return promise.finally(() => {
    tally.inFlight--;
  });
}

function countedKv(name: string, kv: KVNamespace): KVNamespace {
  return new Proxy(kv, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== "function") return value;
      const operation = KV_OPERATIONS[String(property)];
      return (...args: unknown[]) => {
        if (operation) {
          tally.kv[name] ??= { reads: 0, writes: 0, deletes: 0, lists: 0 };
          const counts = tally.kv[name];
          // a bulk get (an array of keys) is billed per key
          counts[operation] += operation === "reads" && Array.isArray(args[0]) ? args[0].length : 1;
        }
        return Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
      };
    },
  });
}

function objectCounts(className: string) {
  tally.objects[className] ??= { requests: 0, wallMs: 0, alarms: 0, methods: {} };
  return tally.objects[className];
}

/** A stub whose every call (fetch or RPC method) is counted as one request to its class, with its wall time. */
function countedStub(className: string, stub: DurableObjectStub): DurableObjectStub {
  return new Proxy(stub, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== "function" || typeof property !== "string") return value;
      return (...args: unknown[]) => {
        const counts = objectCounts(className);
        counts.requests++;
        counts.methods[property] = (counts.methods[property] ?? 0) + 1;
        const started = Date.now();
        // Reflect.apply, not value.apply: on an RPC stub `.apply` would be a remote method of its own
        const result: unknown = Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
        // the clock moves across I/O: the call's wall time as the caller sees it
        if (typeof (result as PromiseLike<unknown> | undefined)?.then === "function") {
          return track(Promise.resolve(result as PromiseLike<unknown>)).finally(() => {
            objectCounts(className).wallMs += Date.now() - started;
          });
        }
        return result;
      };
    },
  });
}

/** Durable Object namespace bindings and their classes (wrangler.toml's), set by countingWorker. */
let namespaceClasses: Record<string, string> = {};

function countedNamespace(className: string, namespace: DurableObjectNamespace): DurableObjectNamespace {
  return new Proxy(namespace, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== "function") return value;
      if (property === "get" || property === "getByName") {
        return (...args: unknown[]) => countedStub(className, Reflect.apply(value as (...a: unknown[]) => DurableObjectStub, target, args));
      }
      return (...args: unknown[]) => Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
    },
  });
}

const isKv = (value: unknown): value is KVNamespace =>
  typeof value === "object" && value !== null && ["get", "getWithMetadata", "put", "list", "delete"].every((name) => typeof (value as Record<string, unknown>)[name] === "function");

const countedEnvs = new WeakMap<object, Env>();

/** The same environment with its KV namespaces and Durable Object namespaces counted; one copy per environment object, as the settings' cache expects. */
function counted(env: Env): Env {
  let copy = countedEnvs.get(env);
  if (!copy) {
    const wrapped: Record<string, unknown> = { ...env };
    for (const [name, value] of Object.entries(env)) {
      const className = namespaceClasses[name];
      if (className) wrapped[name] = countedNamespace(className, value as DurableObjectNamespace);
      else if (isKv(value)) wrapped[name] = countedKv(name, value);
    }
    copy = wrapped as unknown as Env;
    countedEnvs.set(env, copy);
  }
  return copy;
}

/** The context with each waitUntil's promise tracked, so the bench knows when a request's work is done. */
function trackedContext(context: ExecutionContext): ExecutionContext {
  return new Proxy(context, {
    get(target, property) {
      if (property === "waitUntil") return (promise: Promise<unknown>) => target.waitUntil(track(promise));
      const value: unknown = Reflect.get(target, property);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The state's SQL cursors kept for their row counts, and setAlarm counted as a row written. */
function countedState(ctx: DurableObjectState): DurableObjectState {
  const sql = ctx.storage.sql;
  const exec = sql.exec.bind(sql);
  Object.defineProperty(sql, "exec", {
    value: (...args: Parameters<SqlStorage["exec"]>) => {
      const cursor = exec(...args);
      cursors.push(cursor);
      return cursor;
    },
  });
  const setAlarm = ctx.storage.setAlarm.bind(ctx.storage);
  Object.defineProperty(ctx.storage, "setAlarm", {
    value: (...args: Parameters<DurableObjectStorage["setAlarm"]>) => {
      tally.rows.written++;
      return setAlarm(...args);
    },
  });
  return ctx;
}

// biome-ignore lint/suspicious/noExplicitAny: a Durable Object class, its constructor as TypeScript's mixins require
type ObjectClass = new (...args: any[]) => any;

/**
 * The site's class, its state and environment counted, and its alarms.
 * @public the entry costs.ts writes into .wrangler/ imports it
 */
export function countedClass<C extends ObjectClass>(Base: C, className: string): C {
  return class extends Base {
    // biome-ignore lint/suspicious/noExplicitAny: passed through to the site's constructor
    constructor(...args: any[]) {
      super(countedState(args[0] as DurableObjectState), counted(args[1] as Env));
    }

    async alarm(...args: unknown[]): Promise<void> {
      const counts = objectCounts(className);
      counts.requests++;
      counts.alarms++;
      const base = Base.prototype as { alarm?: (...a: unknown[]) => Promise<void> };
      if (base.alarm) await track(base.alarm.apply(this, args));
    }
  };
}


function kindOf(request: Request): string {
  const url = new URL(request.url);
  if (/prefetch/i.test(request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "")) return "prefetch";
  if (url.pathname.startsWith("/api/")) return "api";
  if ((request.headers.get("Accept") ?? "").includes("text/html")) return "document";
  return "other";
}

function snapshot(): Tally {
  let read = 0;
  let written = 0;
  for (const cursor of cursors) {
    read += cursor.rowsRead;
    written += cursor.rowsWritten;
  }
  return { ...tally, rows: { read: tally.rows.read + read, written: tally.rows.written + written } };
}

/** A scheduled event as the cron hands one over. */
const controller = (): ScheduledController => ({ cron: "* * * * *", scheduledTime: Date.now(), noRetry() {} });

/**
 * What the warm-up has to render in a day: the page variants of the sitemap (four areas each), those
 * with a five-minute life (seminars), and how often in the next 24 hours every page stops being true
 * by the clock (midnight, and each instant the catalogue names: pageTrueUntil).
 */
async function tierDays(env: Env): Promise<Record<string, number>> {
  const settled = settledEnv(env, new Request(env.SITE_URL));
  const catalogue = await getCatalogue(settled.CATALOGUE, Date.now());
  const paths = sitemapPaths(catalogue)
    .map(({ path }) => path)
    .filter(isPagePath);
  const now = Date.now();
  let boundaries = 0;
  for (let at = pageTrueUntil(catalogue, now); at <= now + 86_400_000; at = pageTrueUntil(catalogue, at)) boundaries++;
  return {
    pages: paths.length,
    variants: paths.length * 4,
    shortLived: paths.filter((path) => /^\/(seminars|lectorium)\/./.test(path)).length * 4,
    boundariesPerDay: boundaries,
  };
}

type Site = { fetch(request: Request, env: Env, context: ExecutionContext): Response | Promise<Response>; scheduled(controller: ScheduledController, env: Env, context: ExecutionContext): void };

/**
 * The site's handlers with their bindings counted, and the bench's own addresses beside them.
 * @public the entry costs.ts writes into .wrangler/ imports it
 */
export function countingWorker(site: Site, namespaces: Record<string, string>): ExportedHandler<Env> {
  namespaceClasses = namespaces;
  return {
  async fetch(request: Request, env: Env, context: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/__costs") return Response.json(snapshot());
    if (pathname === "/__costs/reset" && request.method === "POST") {
      tally = fresh();
      cursors = [];
      return Response.json({ ok: true });
    }
    if (pathname === "/__costs/tier-days") return Response.json(await tierDays(env));
    if (pathname === "/__costs/scheduled" && request.method === "POST") {
      // the cron's invocation, run here so the bench knows when it is over
      tally.invocations.scheduled = (tally.invocations.scheduled ?? 0) + 1;
      const pending: Promise<unknown>[] = [];
      const ctx = { waitUntil: (promise: Promise<unknown>) => pending.push(promise), passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
      site.scheduled(controller(), counted(env), ctx);
      // the renders hand their own work to the same context: wait until nothing new comes
      for (let done = 0; done < pending.length; done = pending.length) await Promise.allSettled(pending.slice(done));
      return Response.json({ ok: true });
    }
    const kind = kindOf(request);
    tally.invocations[kind] = (tally.invocations[kind] ?? 0) + 1;
    return site.fetch(request, counted(env), trackedContext(context));
  },
  };
}
