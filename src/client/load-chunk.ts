/**
 * Loading a script chunk on a phone's network: a dropped connection fails one fetch, not the
 * island. A failed load is asked again after 1 s and 3 s before it counts as failed, and each time
 * under an address of its own (decision 075): a browser that keeps a failed module in its module
 * map (Chromium 150 did) answers an `import()` of the same address from there, without the
 * network, so the island would never wake, not even on the visitor's next touch.
 */
const RETRY_AFTER_MS = [1000, 3000];

/** The chunks' folder (scripts/build.ts: `chunks/[name]-[hash]` under /assets). */
const CHUNKS = "/assets/chunks/";

/**
 * The chunk a loader asks for: the bundle writes each `() => import("./x")` as an `import()` of
 * the chunk's file, from the site's root (`/assets/chunks/x-HASH.js`: the build's `publicPath`) or
 * relative to the module (`./chunks/x-HASH.js` from the entry, `./x-HASH.js` from a chunk);
 * undefined where the loader's source names no such file (the unit tests).
 */
export function chunkOf(load: () => Promise<unknown>): string | undefined {
  const file = /import\(\s*["'`](?:\.\.?\/|\/)*(?:[\w.-]+\/)*([\w.-]+\.js)["'`]\s*\)/.exec(String(load))?.[1];
  return file === undefined ? undefined : `${CHUNKS}${file}`;
}

/**
 * The browser's `import()` of an address known only at run time, handed over by the client's
 * entry (hydrate.ts): the Worker's bundle holds this module too (the islands render on the
 * server), and its runtime refuses a module with an `import()` of anything but a literal.
 */
let importAddress: ((address: string) => Promise<unknown>) | undefined;

export function setRetryImport(load: (address: string) => Promise<unknown>): void {
  importAddress = load;
}

/** How often each chunk has been asked again on this page: each retry's address is new. */
const retries = new Map<string, number>();

/**
 * The load again, under a new address (`?retry=N`, which the assets serve as the chunk itself and
 * cache as it: public/_headers) that no module map has seen fail. Its static imports resolve to
 * their usual addresses, so the modules it shares with the page stay one copy.
 */
function again<T>(load: () => Promise<T>): Promise<T> {
  const chunk = chunkOf(load);
  if (chunk === undefined || importAddress === undefined) return load();
  const n = (retries.get(chunk) ?? 0) + 1;
  retries.set(chunk, n);
  return importAddress(`${chunk}?retry=${n}`) as Promise<T>;
}

export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  const chunk = chunkOf(load);
  for (let attempt = 0; ; attempt++) {
    try {
      // a chunk that failed before on this page (a round given up, now asked by a touch) is asked anew at once
      return await (attempt === 0 && (chunk === undefined || !retries.has(chunk)) ? load() : again(load));
    } catch (error) {
      const wait = RETRY_AFTER_MS[attempt];
      if (wait === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
