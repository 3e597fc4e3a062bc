/**
 * The pages tier (decision 043): a fresh isolate at a quiet edge, whose location's Cache API is
 * empty, serves its first page as another isolate rendered it, read from KV beside the content's
 * version pointer, without reading the snapshot or rendering; only a page of the current content
 * version that the clock has not changed since.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cacheVersion, pageCacheKey, tierCacheKey, tierVersion } from "../../src/server/cache/key";
import { locationCache } from "../../src/server/cache/cache-api";
import { tierKey } from "../../src/server/cache/tier";
import { CATALOGUE_KEY_PREFIX, CURRENT_CATALOGUE_KEY } from "../../src/services/catalogue/keys";
import { freshIsolate } from "../../src/services/isolate";
import { log } from "../../src/services/log";
import { sitemapPaths } from "../../src/routes/pages/crawlers";
import { createApp } from "../../src/worker/app";
import worker from "../../src/worker/index";
import { WARM_BUDGET, warmPageTier } from "../../src/server/cache/warm-up";
import { warmedPages } from "../../src/worker/pages";
import { defaultCatalogue } from "../support/content";
import { h1 } from "./html";
import { origin } from "./leads-helpers";
import { seedCatalogue } from "./seed";

const shared = () => locationCache()!;
/** None of these pages reads a parameter against the content (page-params.ts) */
const facts = { seminar: () => false, about: () => false };

afterEach(() => {
  vi.restoreAllMocks();
});

/** A quiet edge: this location's Cache API has never seen the page, and the isolate is new. */
async function quietEdge(path: string, version: string): Promise<void> {
  for (const area of ["RU", "KZ", "UZ", "other"] as const) await shared().delete(pageCacheKey(new URL(`${origin}${path}`), cacheVersion(env, version), area, facts));
  freshIsolate();
}

async function visit(path: string, settings: Env = env, headers: Record<string, string> = {}, answered: () => void = () => undefined) {
  const context = createExecutionContext();
  const response = await worker.fetch(new Request(`${origin}${path}`, { headers, redirect: "manual" }), settings, context);
  const html = await response.text();
  answered();
  await waitOnExecutionContext(context);
  return { response, html, cache: response.headers.get("X-Cache") };
}

/**
 * A read held until the page has answered (or 20 s, the test's failure): whether the answer came
 * while it was held tells whether the page waited for it, on a machine of any speed.
 */
function heldRead() {
  const state = { asked: false, held: true, heldAtAnswer: false };
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    const timer = setTimeout(() => release(), 20_000);
    release = () => {
      clearTimeout(timer);
      state.held = false;
      resolve();
    };
  });
  return {
    wait: () => {
      state.asked = true;
      return gate;
    },
    /** at the answer: notes whether the read was asked and still held, and lets it go */
    answered: () => {
      state.heldAtAnswer = state.asked && state.held;
      release();
    },
    /** the read was asked, and the page answered while it was held */
    get heldAtAnswer() {
      return state.heldAtAnswer;
    },
  };
}

/** The tier's entry of a page, as KV holds it. */
async function tierEntry(path: string) {
  const key = `page:${pageCacheKey(new URL(`${origin}${path}`), tierVersion(env), "other", facts)}`;
  return env.PAGES.getWithMetadata<{ version: string; until: number; type: string; etag?: string }>(key, "text");
}

/** Another isolate has rendered `path` for `version` and kept it in the tier; then a fresh isolate at a quiet edge. */
async function inTierAtQuietEdge(path: string, version: string): Promise<void> {
  await seedCatalogue(defaultCatalogue(version));
  await quietEdge(path, version);
  await visit(path);
  await vi.waitFor(async () => expect((await tierEntry(path)).metadata?.version).toBe(version));
  await quietEdge(path, version);
}

describe("the pages tier", () => {
  it("serves a fresh isolate's first page as another isolate rendered it, its cookies its own", async () => {
    await seedCatalogue(defaultCatalogue("tier-v1"));
    await quietEdge("/teachers", "tier-v1");
    const rendered = await visit("/teachers");
    expect(rendered.cache).toBe("MISS");
    await vi.waitFor(async () => expect((await tierEntry("/teachers")).metadata?.version).toBe("tier-v1"));

    await quietEdge("/teachers", "tier-v1");
    const served = await visit("/teachers");
    expect(served.response.status).toBe(200);
    expect(served.cache).toBe("HIT-TIER");
    expect(served.html).toBe(rendered.html);
    expect(h1(served.html)).toBe("Преподаватели");
    // what is the visitor's own is set on this answer, as on any hit
    const cookies = served.response.headers.getSetCookie().map((cookie) => cookie.split("=")[0]);
    expect(cookies).toEqual(expect.arrayContaining(["roistat_ab", "first_visit"]));
    expect(served.response.headers.get("Vary")).toBe("CF-IPCountry");
    // and the location's Cache API now has it, for the isolates beside this one
    await vi.waitFor(async () =>
      expect(await shared().match(pageCacheKey(new URL(`${origin}/teachers`), cacheVersion(env, "tier-v1"), "other", facts))).toBeDefined(),
    );
  });

  it("serves it without waiting for the content's snapshot", async () => {
    await seedCatalogue(defaultCatalogue("tier-snapshot"));
    await quietEdge("/reviews", "tier-snapshot");
    await visit("/reviews");
    await vi.waitFor(async () => expect((await tierEntry("/reviews")).metadata?.version).toBe("tier-snapshot"));
    // the snapshot (and its copy) are held until the page has answered; the version pointer and the tier are not
    const snapshot = heldRead();
    const slowSnapshot = new Proxy(env.CATALOGUE, {
      get(target, property) {
        const value = Reflect.get(target, property) as (...args: unknown[]) => unknown;
        if (property !== "getWithMetadata") return typeof value === "function" ? value.bind(target) : value;
        return async (key: string, ...rest: unknown[]) => {
          if (key.startsWith(CATALOGUE_KEY_PREFIX) || key === CURRENT_CATALOGUE_KEY) await snapshot.wait();
          return value.call(target, key, ...rest);
        };
      },
    });
    await quietEdge("/reviews", "tier-snapshot");
    const served = await visit("/reviews", { ...env, CATALOGUE: slowSnapshot } as Env, {}, () => snapshot.answered());
    expect(served.cache).toBe("HIT-TIER");
    expect(h1(served.html)).toBe("Отзывы");
    expect(snapshot.heldAtAnswer).toBe(true);
  });

  it("serves it without waiting for the location's cache, which a fresh isolate asks beside it", async () => {
    await inTierAtQuietEdge("/programs", "tier-slow-cache");
    // the location's Cache API says it has nothing only once the page has answered
    const cache = heldRead();
    const match = shared().match.bind(shared());
    vi.spyOn(shared(), "match").mockImplementation(async (...args) => {
      await cache.wait();
      return match(...args);
    });
    const served = await visit("/programs", env, {}, () => cache.answered());
    expect(served.cache).toBe("HIT-TIER");
    expect(cache.heldAtAnswer).toBe(true);
  });

  it("serves pages when the location's cache fails: from the tier on a fresh isolate, rendered on a warm one", async () => {
    await inTierAtQuietEdge("/webinars", "tier-broken-cache");
    vi.spyOn(shared(), "match").mockRejectedValue(new Error("cache unavailable"));
    const fresh = await visit("/webinars");
    expect(fresh.response.status).toBe(200);
    expect(fresh.cache).toBe("HIT-TIER");
    // the isolate is warm now: a page it has not kept is rendered
    const warm = await visit("/teachers");
    expect(warm.response.status).toBe(200);
    expect(warm.cache).toBe("MISS");
    expect(h1(warm.html)).toBe("Преподаватели");
  });

  it("renders again after a push: a page of another content version is not served", async () => {
    await seedCatalogue(defaultCatalogue("tier-old"));
    await quietEdge("/contacts", "tier-old");
    await visit("/contacts");
    await vi.waitFor(async () => expect((await tierEntry("/contacts")).metadata?.version).toBe("tier-old"));

    await seedCatalogue(defaultCatalogue("tier-new"));
    await quietEdge("/contacts", "tier-new");
    const after = await visit("/contacts");
    expect(after.cache).toBe("MISS");
    // and the tier now holds the new version's page
    await vi.waitFor(async () => expect((await tierEntry("/contacts")).metadata?.version).toBe("tier-new"));
  });

  it("renders again once the clock may have changed the page: an entry is true until its instant", async () => {
    await seedCatalogue(defaultCatalogue("tier-clock"));
    await quietEdge("/partners", "tier-clock");
    await visit("/partners");
    const { value, metadata } = await vi.waitFor(async () => {
      const entry = await tierEntry("/partners");
      if (entry.metadata?.version !== "tier-clock") throw new Error("not in the tier yet");
      return entry;
    });
    // written to last until the day changes (or an event starts), never more than a day
    expect(metadata!.until).toBeGreaterThan(Date.now());
    expect(metadata!.until - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    // the same entry, its instant passed
    const key = `page:${pageCacheKey(new URL(`${origin}/partners`), tierVersion(env), "other", facts)}`;
    await env.PAGES.put(key, value!, { metadata: { ...metadata!, until: Date.now() - 1 } });
    await quietEdge("/partners", "tier-clock");
    expect((await visit("/partners")).cache).toBe("MISS");
  });

  it("keeps a seminar's page, whose tickets change, five minutes at most", async () => {
    const catalogue = await seedCatalogue(defaultCatalogue("tier-seminar"));
    const seminar = catalogue.seminars.find((s) => Date.parse(s.targetDate) > Date.now())!;
    const path = `/seminars/${seminar.studyFieldSlug}/${seminar.slug}`;
    await quietEdge(path, "tier-seminar");
    expect((await visit(path)).response.status).toBe(200);
    const entry = await vi.waitFor(async () => {
      const found = await tierEntry(path);
      if (found.metadata?.version !== "tier-seminar") throw new Error("not in the tier yet");
      return found;
    });
    expect(entry.metadata!.until - Date.now()).toBeLessThanOrEqual(5 * 60_000);
  });

  it("is off without its KV binding, and says so once: the first page is rendered as before", async () => {
    await seedCatalogue(defaultCatalogue("tier-off"));
    const warn = vi.spyOn(log, "warn");
    const without = { ...env, PAGES: undefined } as unknown as Env;
    await quietEdge("/vacancies", "tier-off");
    // two first pages of one fresh isolate at once: both would read the tier
    const pages = await Promise.all([visit("/vacancies", without), visit("/teachers", without)]);
    for (const page of pages) {
      expect(page.response.status).toBe(200);
      expect(page.cache).toBe("MISS");
    }
    expect(warn.mock.calls.filter(([event]) => event === "page-tier.off")).toHaveLength(1);
  });

  it("serves a first visit from an ad or a search engine, its tracking parameters the visitor's own", async () => {
    await inTierAtQuietEdge("/teachers", "tier-ad");
    const served = await visit("/teachers?utm_source=yandex&utm_medium=cpc&utm_campaign=winter&yclid=123");
    expect(served.cache).toBe("HIT-TIER");
    expect(h1(served.html)).toBe("Преподаватели");
    // the campaign is remembered for the lead, as on a rendered page
    expect(served.response.headers.getSetCookie().some((cookie) => cookie.startsWith("utm="))).toBe(true);
  });

  it("never keeps the low-vision version, which is its visitor's own", async () => {
    await seedCatalogue(defaultCatalogue("tier-low-vision"));
    await quietEdge("/ourInstitute", "tier-low-vision");
    const page = await visit("/ourInstitute", env, { Cookie: "low_vision=1" });
    expect(page.response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await tierEntry("/ourInstitute")).value).toBeNull();
  });
});

describe("what a page of the pages tier is kept under", () => {
  it("the build's id everywhere, and the deployed version where the Worker is deployed (the local runtime makes one up on every start)", () => {
    const deployed = (environment: string, id: string) => ({ ...env, ENVIRONMENT: environment, CF_VERSION_METADATA: { id, tag: "", timestamp: "" } }) as unknown as Env;
    expect(tierVersion(deployed("production", "a1"))).toContain("a1");
    expect(tierVersion(deployed("production", "a1"))).not.toBe(tierVersion(deployed("production", "b2")));
    expect(tierVersion(deployed("local", "a1"))).toBe(tierVersion(deployed("local", "b2")));
    expect(tierVersion(deployed("local", "a1"))).toMatch(/^[0-9a-f]{16}/);
  });

  it("is off with PAGE_TIER=off: a fresh isolate renders its first page", async () => {
    await inTierAtQuietEdge("/journal", "tier-switch");
    expect((await visit("/journal", { ...env, PAGE_TIER: "off" } as Env)).cache).toBe("MISS");
  });
});

describe("the pages tier filled before anyone asks (the scheduled handler)", () => {
  it("sees what it kept under a key too long for KV (named by its digest), and does not render it again", async () => {
    const catalogue = await seedCatalogue(defaultCatalogue("tier-long-keys"));
    // a deployment whose version id makes every key too long: each is named page#<digest>, which names no origin
    const long = { ...env, ENVIRONMENT: "production", CF_VERSION_METADATA: { id: "v".repeat(480), tag: "", timestamp: "" } } as unknown as Env;
    const farOff = { version: "tier-long-keys", until: Date.now() + 86_400_000, type: "text/html; charset=utf-8" };
    const keys = await Promise.all(
      sitemapPaths(catalogue)
        .filter(({ path }) => !path.endsWith(".pdf"))
        .flatMap(({ path }) => (["RU", "KZ", "UZ", "other"] as const).map((area) => tierKey(tierCacheKey(new URL(path, origin), long, area)))),
    );
    expect(keys.every((key) => key.startsWith("page#"))).toBe(true);
    for (const key of keys) await env.PAGES.put(key, "kept", { metadata: farOff });
    const context = createExecutionContext();
    const result = await warmPageTier(createApp(), long, context, warmedPages, 8);
    await waitOnExecutionContext(context);
    expect(result).toEqual({ kept: 0, left: 0 });
  });


  it("renders the sitemap's pages it lacks for the content and the build, each area's variant, a budget at a time", async () => {
    const catalogue = await seedCatalogue(defaultCatalogue("tier-warm"));
    const app = createApp();
    const run = async (budget: number) => {
      const context = createExecutionContext();
      const result = await warmPageTier(app, env, context, warmedPages, budget);
      await waitOnExecutionContext(context);
      return result;
    };
    const first = await run(8);
    expect(first.kept).toBe(8);
    const second = await run(8);
    // what the first run kept is not rendered again
    expect(second).toEqual({ kept: 8, left: first.left - 8 });
    // "/" and "/programs" come first in the sitemap: a fresh isolate's first /programs, from Kazakhstan too, is the tier's
    for (const country of ["DE", "KZ"]) {
      await quietEdge("/programs", "tier-warm");
      const served = await visit("/programs", env, { "CF-IPCountry": country });
      expect(served.cache).toBe("HIT-TIER");
      expect(h1(served.html)).toBe("Программы обучения");
      // with the ETag the warm-up's render gave it (decision 043)
      expect(served.response.headers.get("ETag")).toMatch(/^"[0-9a-f]{64}"$/);
      expect((await tierEntry("/programs")).metadata?.etag).toMatch(/^"[0-9a-f]{64}"$/);
    }
    // every page of the sitemap in four variants, a seminar's too, but its documents (PDF files)
    const pages = sitemapPaths(catalogue).filter(({ path }) => !path.endsWith(".pdf"));
    expect(pages.length).toBeGreaterThan(100);
    expect(pages.some(({ path }) => path.startsWith("/seminars/"))).toBe(true);
    expect(first.kept + first.left).toBe(pages.length * 4);
  });

  it("keeps a seminar's page five minutes, and renders it again once they have run out", async () => {
    const catalogue = await seedCatalogue(defaultCatalogue("tier-warm-seminar"));
    const seminar = catalogue.seminars.find((s) => Date.parse(s.targetDate) > Date.now())!;
    const path = `/seminars/${seminar.studyFieldSlug}/${seminar.slug}`;
    // every other page is in the tier already: the run has only the seminar's four variants to render
    const farOff = { version: "tier-warm-seminar", until: Date.now() + 86_400_000, type: "text/html; charset=utf-8" };
    const keys = async (wanted: (p: string) => boolean) =>
      Promise.all(
        sitemapPaths(catalogue)
          .filter(({ path: p }) => !p.endsWith(".pdf") && wanted(p))
          .flatMap(({ path: p }) => (["RU", "KZ", "UZ", "other"] as const).map((area) => tierKey(tierCacheKey(new URL(p, origin), env, area)))),
      );
    for (const key of await keys((p) => p !== path)) await env.PAGES.put(key, "kept", { metadata: farOff });
    const run = async () => {
      const context = createExecutionContext();
      const result = await warmPageTier(createApp(), env, context, warmedPages, 8);
      await waitOnExecutionContext(context);
      return result;
    };
    expect(await run()).toEqual({ kept: 4, left: 0 });
    const [key] = await keys((p) => p === path);
    const entry = await env.PAGES.getWithMetadata<{ version: string; until: number }>(key!, "text");
    expect(h1(entry.value!)).toBe(seminar.title);
    expect(entry.metadata!.until - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    // nothing has run out: the next run renders nothing
    expect(await run()).toEqual({ kept: 0, left: 0 });
    // five minutes later (the entry's instant passed): rendered again, with the tickets as they are then
    await env.PAGES.put(key!, entry.value!, { metadata: { ...entry.metadata!, until: Date.now() - 1 } });
    expect(await run()).toEqual({ kept: 1, left: 0 });
  });

  // the handler renders WARM_BUDGET (250) pages: 25 s beside a second suite, 42-52 s beside two
  it("is the Worker's scheduled handler", { timeout: 120_000 }, async () => {
    await seedCatalogue(defaultCatalogue("tier-cron"));
    const info = vi.spyOn(log, "info");
    const context = createExecutionContext();
    worker.scheduled({ cron: "* * * * *", scheduledTime: Date.now(), noRetry() {} } as ScheduledController, env, context);
    await waitOnExecutionContext(context);
    const warmed = info.mock.calls.find(([event]) => event === "page-tier.warmed");
    // a budget a run: the rest comes with the next ones
    const fields = (warmed?.[1] ?? {}) as { version?: string; kept?: number; left?: number };
    expect(fields).toMatchObject({ version: "tier-cron", kept: WARM_BUDGET });
    expect(fields.left).toBeGreaterThan(0);
  });
});
