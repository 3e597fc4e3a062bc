import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { nextMidnight } from "../../src/services/dates";
import { freshIsolate } from "../../src/services/isolate";
import { locationCache } from "../../src/server/cache/cache-api";
import { cacheVersion, pageCacheKey } from "../../src/server/cache/key";
import type { PageFacts } from "../../src/services/page-params";
import { defaultCatalogue } from "../support/content";
import { seedCatalogue } from "./seed";

const origin = "https://mip.institute";
/** A catalogue with one seminar and one program, as far as the cache key asks. */
const facts: PageFacts = { seminar: (id) => id === "sem-1", about: (label) => label === "Психолог-консультант" };

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("cache-v1"));
});

describe("the cache key of a page", () => {
  it("keeps the parameters that change the page, sorted, with the content version", () => {
    expect(pageCacheKey(new URL(`${origin}/programs?sort=price&type=course`), "v1", "other", facts)).toBe(`${origin}/programs?sort=price&type=course&__area=other&__v=v1`);
    expect(pageCacheKey(new URL(`${origin}/programs?type=course&sort=price`), "v1", "other", facts)).toBe(`${origin}/programs?sort=price&type=course&__area=other&__v=v1`);
  });

  it("drops tracking parameters", () => {
    expect(pageCacheKey(new URL(`${origin}/?utm_source=vk&utm_campaign=x&gclid=1&yclid=2&a=5`), "v1", "other", facts)).toBe(`${origin}/?__area=other&__v=v1`);
  });

  it("keeps only the parameters the page reads: a junk or random one is the same page, so it cannot force a render", () => {
    // a parameter the page does not read is the same page: no render can be forced with one
    expect(pageCacheKey(new URL(`${origin}/?junk=${Math.random()}&about=${Math.random()}&q=x`), "v1", "other", facts)).toBe(`${origin}/?__area=other&__v=v1`);
    expect(pageCacheKey(new URL(`${origin}/apply?cta=askQuestion&name=Анна&about=x`), "v1", "other", facts)).toBe(`${origin}/apply?cta=askQuestion&__area=other&__v=v1`);
    expect(pageCacheKey(new URL(`${origin}/apply?cta=askQuestion&about=Психолог-консультант`), "v1", "other", facts)).toBe(
      `${origin}/apply?about=${encodeURIComponent("Психолог-консультант")}&cta=askQuestion&__area=other&__v=v1`,
    );
    expect(pageCacheKey(new URL(`${origin}/search?q=a&sort=price`), "v1", "other", facts)).toBe(`${origin}/search?q=a&__area=other&__v=v1`);
  });

  it("keeps each value in its canonical form: what means the same page is the same key", () => {
    const key = (path: string) => pageCacheKey(new URL(`${origin}${path}`), "v1", "other", facts);
    expect(key("/programs?page=02")).toBe(key("/programs?page=2"));
    expect(key("/programs?page=1&sort=default&dir=asc")).toBe(key("/programs"));
    expect(key("/programs?type=ShortTerm")).toBe(key("/programs?type=shortterm"));
    expect(key("/courses?type=profession")).toBe(key("/courses"));
    expect(key("/apply?cta=buyTicket&seminar=sem-1")).toContain("seminar=sem-1");
    expect(key("/apply?cta=buyTicket&seminar=nope")).toBe(key("/apply?cta=buyTicket"));
    expect(key("/apply?cta=askQuestion&seminar=sem-1")).toBe(key("/apply?cta=askQuestion"));
    expect(key("/apply?cta=nope&form=nope")).toBe(key("/apply"));
    expect(key("/apply?form=freeAccess")).toContain("form=freeAccess");
    expect(key(`/search?q=${"я".repeat(150)}`)).toBe(key(`/search?q=${"я".repeat(100)}`));
    // a value the page refuses stays itself: its answer (400) is never cached
    expect(key("/programs?page=abc")).toContain("page=abc");
  });
});

describe("what a cached page depends on", () => {
  it("is the content version, the deployed version and the public settings: a deploy renders anew", () => {
    const deployed = (id: string) => ({ ...env, CF_VERSION_METADATA: { id, tag: "", timestamp: "" } }) as Env;
    expect(cacheVersion(deployed("a1"), "v1")).toBe("v1~a1");
    expect(cacheVersion({ ...deployed("a1"), TICKETS_PER_ORDER: "3" } as Env, "v1")).toBe("v1~a1~3");
    expect(cacheVersion(deployed("b2"), "v1")).not.toBe(cacheVersion(deployed("a1"), "v1"));
    expect(cacheVersion(deployed("a1"), "v2")).not.toBe(cacheVersion(deployed("a1"), "v1"));
    expect(cacheVersion({ ...deployed("a1"), YM_COUNTER_ID: "12345" } as Env, "v1")).toContain("12345");
  });
});

describe("the edge HTML cache", () => {
  it("renders a page once, then serves it from the cache until the content changes", async () => {
    const first = await SELF.fetch(`${origin}/teachers`);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const html = await first.text();
    const second = await SELF.fetch(`${origin}/teachers`);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toBe(html);
    expect(second.headers.get("content-security-policy")).toContain("script-src 'self'");
    await seedCatalogue(defaultCatalogue("cache-v2"));
    expect((await SELF.fetch(`${origin}/teachers`)).headers.get("x-cache")).toBe("MISS");
  });

  it("keeps the pages an isolate served last in memory, in front of the Cache API", async () => {
    await seedCatalogue(defaultCatalogue("cache-memory"));
    freshIsolate();
    const shared = locationCache()!;
    const first = await SELF.fetch(`${origin}/contacts`);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const html = await first.text();
    const key = pageCacheKey(new URL(`${origin}/contacts`), cacheVersion(env, "cache-memory"), "other", facts)!;
    // the shared cache has the page; with it gone, the isolate still answers from memory
    await vi.waitFor(async () => expect(await shared.match(key)).toBeDefined());
    expect(await shared.delete(key)).toBe(true);
    const second = await SELF.fetch(`${origin}/contacts`);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toBe(html);
    // a fresh isolate has nothing in memory: with the location's cache empty, its first page comes from the pages tier (decision 043)
    freshIsolate();
    expect((await SELF.fetch(`${origin}/contacts`)).headers.get("x-cache")).toBe("HIT-TIER");
  });

  it("keeps a page in memory no longer than what is left of its lifetime in the Cache API", async () => {
    await seedCatalogue(defaultCatalogue("cache-lifetime"));
    freshIsolate();
    const shared = locationCache()!;
    const key = pageCacheKey(new URL(`${origin}/partners`), cacheVersion(env, "cache-lifetime"), "other", facts)!;
    const asked = Date.now();
    await (await SELF.fetch(`${origin}/partners`)).text();
    const stored = await vi.waitFor(async () => {
      const found = await shared.match(key);
      if (!found) throw new Error("not in the Cache API yet");
      return found;
    });
    const expires = Number(stored.headers.get("X-Kept-Until"));
    // some minutes, cut short by the next midnight of a clock the page is written by (at 23:58 in Tashkent, two)
    expect(expires - asked).toBeGreaterThan(Math.min(200_000, nextMidnight(asked) - asked - 1000));
    expect(expires - Date.now()).toBeLessThanOrEqual(300_000);
    // another isolate put it there long ago: a second left
    const headers = new Headers(stored.headers);
    headers.set("X-Kept-Until", String(Date.now() + 1000));
    await shared.put(key, new Response(await stored.text(), { headers }));
    // a fresh isolate asks the pages tier beside the Cache API (decision 043): here only the Cache API has the page
    for (const { name } of (await env.PAGES.list({ prefix: "page:" })).keys) if (name.includes("/partners?")) await env.PAGES.delete(name);
    freshIsolate();
    expect((await SELF.fetch(`${origin}/partners`)).headers.get("x-cache")).toBe("HIT");
    // once the Cache API lets it go, memory lets it go too
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await shared.delete(key);
    expect((await SELF.fetch(`${origin}/partners`)).headers.get("x-cache")).toBe("MISS");
  });

  it("serves the same page whatever the tracking parameters, and still sets the visitor's cookies", async () => {
    await (await SELF.fetch(`${origin}/reviews`)).text();
    const hit = await SELF.fetch(`${origin}/reviews?utm_source=leadmagnet&utm_campaign=winter`);
    expect(hit.headers.get("x-cache")).toBe("HIT");
    const cookies = hit.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("utm="))).toBe(true);
    expect(cookies.some((c) => c.startsWith("roistat_ab="))).toBe(true);
  });

  it("never stores a visitor's cookies in the cache", async () => {
    await (await SELF.fetch(`${origin}/journal?utm_source=vk`)).text();
    const hit = await SELF.fetch(`${origin}/journal`, { headers: { Cookie: "roistat_ab=hidden" } });
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(hit.headers.getSetCookie().some((c) => c.startsWith("utm="))).toBe(false);
  });

  it("does not cache the low-vision version, errors or APIs", async () => {
    expect((await SELF.fetch(`${origin}/webinars`, { headers: { Cookie: "low_vision=1" } })).headers.get("x-cache")).toBeNull();
    await (await SELF.fetch(`${origin}/net-takoj-stranicy`)).text();
    expect((await SELF.fetch(`${origin}/net-takoj-stranicy`)).headers.get("x-cache")).toBe(null);
    expect((await SELF.fetch(`${origin}/api/search?q=x`)).headers.get("x-cache")).toBeNull();
  });

  it("serves the cached page to a low-vision cookie that names no settings: junk forces no render", async () => {
    await (await SELF.fetch(`${origin}/reviews`)).text();
    for (const junk of ["x", "9z99", "1b0", ""]) {
      const answer = await SELF.fetch(`${origin}/reviews`, { headers: { Cookie: `low_vision=${junk}` } });
      expect(answer.headers.get("x-cache"), junk).toBe("HIT");
    }
  });
});

describe("parameters a page does not read", () => {
  it("serve the cached page: a random value forces no render", async () => {
    // read as a browser reads it: the copy for the cache is taken as the page streams out
    await (await SELF.fetch(`${origin}/ourInstitute`)).text();
    for (const junk of ["about", "q", "name", "zzz"]) {
      const response = await SELF.fetch(`${origin}/ourInstitute?${junk}=${Math.random().toString(36)}`);
      expect(response.headers.get("x-cache"), junk).toBe("HIT");
      await response.text();
    }
  });

  it("never put a person's values from a link into a page", async () => {
    const html = await (await SELF.fetch(`${origin}/apply?cta=askQuestion&name=${encodeURIComponent("Тест Ссылкин")}&phone=79160000000`)).text();
    expect(html).not.toContain("Тест Ссылкин");
    expect(html).not.toContain("79160000000");
  });
});

describe("junk values of the parameters a page reads", () => {
  const random = () => Math.random().toString(36).slice(2);

  it("/apply?about=<random> is the same cached page after the first, and shows no value nobody wrote", async () => {
    await (await SELF.fetch(`${origin}/apply?cta=askQuestion`)).text();
    for (let i = 0; i < 3; i++) {
      const junk = `junk-${random()}`;
      const response = await SELF.fetch(`${origin}/apply?cta=askQuestion&about=${junk}`);
      expect(response.headers.get("x-cache"), junk).toBe("HIT");
      expect(await response.text()).not.toContain(junk);
    }
  });

  it("a label a CTA of the site carries to /apply is kept, shown and sent with the lead", async () => {
    const title = defaultCatalogue().programs[0]!.title;
    const response = await SELF.fetch(`${origin}/apply?cta=signUpForProfession&about=${encodeURIComponent(title)}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<p class="form-page__about">${title}</p>`);
    expect(html).toContain(`name="blockForAmo" value="${title}"`);
  });

  it("an unknown cta, form or seminar is the page without it, served from the cache", async () => {
    await (await SELF.fetch(`${origin}/apply`)).text();
    await (await SELF.fetch(`${origin}/apply?cta=buyTicket`)).text();
    for (const path of [`/apply?cta=${random()}`, `/apply?cta=submitApplication`, `/apply?form=${random()}`, `/apply?cta=buyTicket&seminar=${random()}`]) {
      const response = await SELF.fetch(`${origin}${path}`);
      expect(response.headers.get("x-cache"), path).toBe("HIT");
      await response.text();
    }
  });

  it("page=02 is the same entry as page=2, and a default written out is the page without it", async () => {
    await (await SELF.fetch(`${origin}/programs?page=2`)).text();
    await (await SELF.fetch(`${origin}/programs`)).text();
    await (await SELF.fetch(`${origin}/programs?type=course`)).text();
    await (await SELF.fetch(`${origin}/professions`)).text();
    for (const path of ["/programs?page=02", "/programs?page=2.0", "/programs?page=1", "/programs?sort=default&dir=asc", "/programs?type=Course", `/professions?type=${random()}`]) {
      const response = await SELF.fetch(`${origin}${path}`);
      expect(response.headers.get("x-cache"), path).toBe("HIT");
      await response.text();
    }
  });
});
