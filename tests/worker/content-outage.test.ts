/**
 * Failure drill 1 (docs/reliability.md): KV unreachable or the content invalid. Pages keep
 * rendering from the last good content version; each distinct failure is logged once, and so is
 * the recovery; an isolate that never read content answers 503 with a Russian page.
 */
import { env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { articleBodyKey, CATALOGUE_KEY_PREFIX, CONTENT_VERSION_KEY, CURRENT_CATALOGUE_KEY, programDetailsKey } from "../../src/services/catalogue/keys";
import { programHref } from "../../src/services/catalogue/links";
import type { Catalogue } from "../../src/services/catalogue/build";
import { contentEntries } from "../../src/services/catalogue/publish";
import { getCatalogue } from "../../src/services/catalogue/repository";
import { catalogueSnapshotSchema, SNAPSHOT_SCHEMA_VERSION, type SnapshotSeal, sealOf } from "../../src/services/catalogue/snapshot";
import { freshIsolate } from "../../src/services/isolate";
import { log } from "../../src/services/log";
import { defaultCatalogue } from "../support/content";
import { decode, h1, title } from "./html";
import { outboxOf, postForm, postJson, uniqueId, validLead } from "./leads-helpers";
import { seedCatalogue } from "./seed";

const origin = "https://mip.institute";
const kvDown = () => vi.spyOn(env.CATALOGUE, "get").mockRejectedValue(new Error("KV unreachable: network connection lost"));
/** The events the content repository logged, in order. */
const events = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map(([event]) => event);

/** Moves the clock the Worker's code reads, past the few seconds an isolate trusts its content. */
function later(ms: number) {
  vi.setSystemTime(Date.now() + ms);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await SELF.fetch(`${origin}${path}`, { headers: { Accept: "text/html", ...headers }, redirect: "manual" });
  return { response, html: await response.text() };
}

describe("KV unreachable", () => {
  it("keeps rendering pages from the last good version and logs the failure once, then the recovery", async () => {
    await seedCatalogue(defaultCatalogue("outage-kv-v1"));
    expect((await page("/")).response.status).toBe(200);
    const errors = vi.spyOn(log, "error");
    const infos = vi.spyOn(log, "info");
    const get = kvDown();

    for (const path of ["/programs", "/seminars", "/teachers", "/reviews", "/contacts", "/journal"]) {
      later(10_000);
      const { response, html } = await page(path);
      expect(response.status, path).toBe(200);
      expect(decode(h1(html) ?? ""), path).not.toBe("");
    }
    expect(get).toHaveBeenCalled();
    expect(events(errors)).toEqual(["content.unavailable"]);
    expect(errors.mock.calls[0]?.[1]).toMatchObject({ failure: "kv", serving: "outage-kv-v1" });

    get.mockRestore();
    later(10_000);
    expect((await page("/webinars")).response.status).toBe(200);
    later(10_000);
    expect((await page("/vacancies")).response.status).toBe(200);
    expect(events(infos).filter((event) => event === "content.recovered")).toHaveLength(1);
    expect(events(errors)).toEqual(["content.unavailable"]);
  });

  it("does not ask KV again on every request while it is failing", async () => {
    await seedCatalogue(defaultCatalogue("outage-kv-v2"));
    await getCatalogue(env.CATALOGUE, 1_000);
    const get = kvDown();
    vi.spyOn(log, "error").mockImplementation(() => undefined);
    for (let i = 0; i < 50; i++) await getCatalogue(env.CATALOGUE, 10_000 + i);
    expect(get).toHaveBeenCalledTimes(1);
  });
});

describe("invalid content in KV", () => {
  it.each([
    ["not JSON", "{\"version\": \"broken"],
    ["a snapshot that misses its programs", JSON.stringify({ ...defaultCatalogue("outage-bad"), programs: undefined })],
    ["a program without a title", JSON.stringify({ ...defaultCatalogue("outage-bad"), programs: [{ id: "p1" }] })],
    ["the snapshot of another version", JSON.stringify(defaultCatalogue("outage-other"))],
  ])("serves the last good version when the new snapshot is %s, and logs that once", async (_label, snapshot) => {
    await seedCatalogue(defaultCatalogue("outage-good"));
    expect((await page("/")).response.status).toBe(200);
    const errors = vi.spyOn(log, "error");
    await env.CATALOGUE.put(`${CATALOGUE_KEY_PREFIX}outage-bad`, snapshot);
    await env.CATALOGUE.put(CONTENT_VERSION_KEY, "outage-bad");

    for (const path of ["/programs", "/seminars", "/teachers"]) {
      later(10_000);
      expect((await page(path)).response.status, path).toBe(200);
    }
    expect(events(errors)).toEqual(["content.unavailable"]);
    expect(errors.mock.calls[0]?.[1]).toMatchObject({ failure: "invalid:outage-bad", serving: "outage-good" });

    // a fixed push is a new version: pages switch to it
    const fixed = defaultCatalogue("outage-fixed");
    await env.CATALOGUE.put(`${CATALOGUE_KEY_PREFIX}outage-fixed`, JSON.stringify(fixed));
    await env.CATALOGUE.put(CONTENT_VERSION_KEY, "outage-fixed");
    later(10_000);
    expect((await getCatalogue(env.CATALOGUE)).version).toBe("outage-fixed");
  });

  it("accepts the snapshot content:push writes", async () => {
    await seedCatalogue(defaultCatalogue("outage-valid"));
    const errors = vi.spyOn(log, "error");
    expect((await getCatalogue(env.CATALOGUE)).version).toBe("outage-valid");
    expect(errors).not.toHaveBeenCalled();
  });
});

describe("the seal content:push puts on a snapshot (decision 043)", () => {
  /** Puts `text` as version `version`'s snapshot under `seal`, and makes it current. */
  async function putSealed(version: string, text: string, seal: SnapshotSeal) {
    await env.CATALOGUE.put(`${CATALOGUE_KEY_PREFIX}${version}`, text, { metadata: seal });
    await env.CATALOGUE.put(CONTENT_VERSION_KEY, version);
    later(10_000);
  }

  it("spares a fresh isolate the schema's check of a snapshot the push validated", async () => {
    const validate = vi.spyOn(catalogueSnapshotSchema, "safeParse");
    await seedCatalogue(defaultCatalogue("sealed-v1"));
    expect((await page("/teachers")).response.status).toBe(200);
    expect((await getCatalogue(env.CATALOGUE)).version).toBe("sealed-v1");
    expect(validate).not.toHaveBeenCalled();
  });

  it.each([
    // the seal of the snapshot as pushed, on a text changed since
    ["its text changed after the push", async (_text: string) => sealOf(JSON.stringify(defaultCatalogue("sealed-bad")))],
    ["a seal of another schema", async (text: string) => ({ ...(await sealOf(text)), schema: SNAPSHOT_SCHEMA_VERSION + 1 })],
    ["a seal of another shape", async (text: string) => ({ sha256: (await sealOf(text)).sha256 }) as SnapshotSeal],
  ])("checks in full, and refuses, an invalid snapshot whose seal does not vouch for it: %s", async (_label, sealFor) => {
    await seedCatalogue(defaultCatalogue("sealed-good"));
    expect((await page("/")).response.status).toBe(200);
    const errors = vi.spyOn(log, "error");
    const invalid = JSON.stringify({ ...defaultCatalogue("sealed-bad"), programs: [{ id: "p1" }] });
    await putSealed("sealed-bad", invalid, await sealFor(invalid));
    expect((await page("/programs")).response.status).toBe(200);
    expect((await getCatalogue(env.CATALOGUE)).version).toBe("sealed-good");
    expect(errors.mock.calls[0]?.[1]).toMatchObject({ failure: "invalid:sealed-bad", serving: "sealed-good" });
  });

  it("serves a snapshot pushed before the schema's last changes (documents and articles with their text, schema 2) after checking it in full", async () => {
    const validate = vi.spyOn(catalogueSnapshotSchema, "safeParse");
    const older = defaultCatalogue("sealed-schema-2");
    // as the push of schema 2 wrote it: the programs without their details, the documents and the articles whole, no reading minutes
    const journal = older.journal.map(({ minutes: _minutes, ...article }) => article);
    const text = JSON.stringify({ ...older, journal, programs: (JSON.parse((await contentEntries(older))[0]!.value) as Catalogue).programs });
    expect(text).toContain(JSON.stringify(older.documents[0]!.body[0]));
    await putSealed("sealed-schema-2", text, { ...(await sealOf(text)), schema: 2 });
    freshIsolate();
    const docs = await page("/docs");
    expect(docs.response.status).toBe(200);
    expect(decode(docs.html)).toContain(older.documents[0]!.title);
    const catalogue = await getCatalogue(env.CATALOGUE);
    expect(catalogue.version).toBe("sealed-schema-2");
    expect(validate).toHaveBeenCalled();
    // what the schema does not name is not kept
    expect(catalogue.documents.every((document) => !("body" in document))).toBe(true);
    // the articles' minutes are counted from their text, which is then left: the journal lists them as before
    expect(catalogue.journal.map((article) => [article.id, article.minutes, "body" in article])).toEqual(older.journal.map((article) => [article.id, article.minutes, false]));
    const list = await page("/journal");
    expect(list.response.status).toBe(200);
    expect(decode(list.html)).toContain(`${older.journal[0]!.minutes} минут`);
    // KV has no text of its own for that version's articles: the pages show the texts the snapshot carried
    const article = older.journal[0]!;
    const own = await page(`/journal/${article.slug}`);
    expect(own.response.status).toBe(200);
    expect(decode(own.html)).toContain((article.body.find((block) => block.type === "p") as { text: string }).text);
  });

  it("refuses an article with neither its reading minutes nor its text", async () => {
    await seedCatalogue(defaultCatalogue("sealed-good"));
    expect((await getCatalogue(env.CATALOGUE)).version).toBe("sealed-good");
    const bare = defaultCatalogue("sealed-bare");
    const journal = bare.journal.map(({ minutes: _minutes, body: _body, ...article }) => article);
    const text = JSON.stringify({ ...bare, journal, programs: (JSON.parse((await contentEntries(bare))[0]!.value) as Catalogue).programs });
    const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
    await putSealed("sealed-bare", text, { ...(await sealOf(text)), schema: 2 });
    expect((await getCatalogue(env.CATALOGUE)).version).toBe("sealed-good");
    expect(String(errors.mock.calls[0]?.[1]?.error)).toContain("у статьи нет ни минут чтения, ни текста");
  });

  it("still refuses a sealed snapshot that holds another version", async () => {
    await seedCatalogue(defaultCatalogue("sealed-good"));
    expect((await getCatalogue(env.CATALOGUE)).version).toBe("sealed-good");
    const other = JSON.stringify(defaultCatalogue("sealed-other"));
    vi.spyOn(log, "error").mockImplementation(() => undefined);
    await putSealed("sealed-elsewhere", other, await sealOf(other));
    expect((await getCatalogue(env.CATALOGUE)).version).toBe("sealed-good");
  });
});

describe("a program whose details KV cannot give (decision 013)", () => {
  it("answers its page 503, logs it once, leaves the lists as they were, and serves it once the details are back", async () => {
    const catalogue = await seedCatalogue(defaultCatalogue("details-lost"));
    const program = catalogue.programs[0]!;
    const path = programHref(program);
    const key = programDetailsKey("details-lost", program.id);
    const text = await env.CATALOGUE.get(key);
    await env.CATALOGUE.delete(key);
    freshIsolate();
    const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
    for (let i = 0; i < 2; i++) {
      const lost = await page(path);
      expect(lost.response.status).toBe(503);
      expect(lost.html).toContain("Пожалуйста, обновите страницу через минуту.");
    }
    expect(errors.mock.calls.filter(([event]) => event === "program.details.unavailable")).toHaveLength(1);
    const list = await page("/programs");
    expect(list.response.status).toBe(200);
    await env.CATALOGUE.put(key, text!);
    const back = await page(path);
    expect(back.response.status).toBe(200);
    expect(h1(back.html)).toBe(program.title);
  });
});

describe("an article whose text KV cannot give (decision 013, amended)", () => {
  it("answers its page 503, logs it once, leaves the journal and every other page as they were, and serves the text once it is back", async () => {
    const catalogue = await seedCatalogue(defaultCatalogue("article-lost"));
    const article = catalogue.journal[0]!;
    const key = articleBodyKey("article-lost", article.id);
    const text = await env.CATALOGUE.get(key);
    expect(JSON.parse(text!)).toEqual(article.body);
    await env.CATALOGUE.delete(key);
    freshIsolate();
    const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
    for (let i = 0; i < 2; i++) {
      const lost = await page(`/journal/${article.slug}`);
      expect(lost.response.status).toBe(503);
      expect(lost.html).toContain("Пожалуйста, обновите страницу через минуту.");
    }
    expect(errors.mock.calls.filter(([event]) => event === "article.body.unavailable")).toHaveLength(1);
    const journal = await page("/journal");
    expect(journal.response.status).toBe(200);
    expect(decode(journal.html)).toContain(article.title);
    expect((await page(`/journal/${catalogue.journal[1]!.slug}`)).response.status).toBe(200);
    await env.CATALOGUE.put(key, text!);
    const back = await page(`/journal/${article.slug}`);
    expect(back.response.status).toBe(200);
    expect(h1(back.html)).toBe(article.title);
  });
});

describe("a fresh isolate while KV is down", () => {
  it("answers 503 with a Russian page and an API 503 in JSON, keeps the leads sent as JSON, logs once, and serves again when KV is back", async () => {
    await seedCatalogue(defaultCatalogue("outage-cold"));
    freshIsolate();
    const errors = vi.spyOn(log, "error");
    const get = kvDown();

    const first = await page("/programs");
    expect(first.response.status).toBe(503);
    expect(first.response.headers.get("Retry-After")).toBe("30");
    expect(first.response.headers.get("Content-Type")).toContain("text/html");
    expect(title(first.html)).toBe("Сайт временно недоступен — Московский институт психологии");
    expect(first.html).toContain("Пожалуйста, обновите страницу через минуту.");

    const api = await SELF.fetch(`${origin}/api/search?q=психолог`);
    expect(api.status).toBe(503);
    expect(await api.json()).toMatchObject({ ok: false, message: expect.stringContaining("обновите страницу") });

    for (let i = 0; i < 5; i++) expect((await page("/")).response.status).toBe(503);
    expect(events(errors)).toEqual(["content.unavailable"]);

    // a lead or a subscription from the site's own forms needs no content: it is kept all the same
    const lead = validLead();
    const sent = await postJson("/api/leads", lead);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ ok: true, id: lead.id });
    expect((await outboxOf(lead.id).get(lead.id))?.name).toBe(lead.name);
    const subscribed = await postJson("/api/subscribe", { email: `${uniqueId("outage")}@example.ru`, consent: true });
    expect(subscribed.status).toBe(200);
    // a form posted without JavaScript comes back as a page, and a page needs the content
    const posted = await postForm("/api/leads", { form: "popup", name: "Вера", phone: "+7 (912) 000-11-22", startedAt: String(Date.now() - 60_000) });
    expect(posted.status).toBe(503);
    expect(posted.headers.get("Content-Type")).toContain("text/html");

    get.mockRestore();
    const { response, html } = await page("/programs");
    expect(response.status).toBe(200);
    expect(decode(h1(html) ?? "")).toBe("Программы обучения");
  });
});

describe("a new content version", () => {
  it("is read once for the requests that arrive together, and the read outlives the request that started it", async () => {
    await seedCatalogue(defaultCatalogue("outage-shared"));
    const get = vi.spyOn(env.CATALOGUE, "getWithMetadata");
    const kept: Promise<unknown>[] = [];
    const catalogues = await Promise.all(Array.from({ length: 20 }, () => getCatalogue(env.CATALOGUE, Date.now(), (p) => kept.push(p))));
    expect(new Set(catalogues.map((c) => c.version))).toEqual(new Set(["outage-shared"]));
    // one read of the snapshot: the current copy beside the pointer (decision 043), or the version's own
    const snapshotKeys = [`${CATALOGUE_KEY_PREFIX}outage-shared`, CURRENT_CATALOGUE_KEY];
    expect(get.mock.calls.filter(([key]) => snapshotKeys.includes(String(key)))).toHaveLength(1);
    // the copy's read and the snapshot's, each kept alive once
    expect(kept).toHaveLength(2);
  });
});
