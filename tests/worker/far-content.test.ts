/**
 * A fresh isolate whose content is far away (CATALOGUE_READ_DELAY_MS, as at an edge far from KV)
 * answers every address with its own status, however long the content takes (decision 043: no
 * page leaves before its status is known). A crawler never gets a 200 for an address that names
 * nothing, nor a page for a redirect.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { config } from "../../src/server/config.server";
import { freshIsolate } from "../../src/services/isolate";
import { log } from "../../src/services/log";
import worker from "../../src/worker/index";
import { defaultCatalogue } from "../support/content";
import { h1, metaContent, title } from "./html";
import { origin } from "./leads-helpers";
import { seedCatalogue } from "./seed";
import { settingsWith } from "./with-settings";

const DELAY_MS = 300;
const far = settingsWith({ CATALOGUE_READ_DELAY_MS: String(DELAY_MS), PAGE_TIER: "off" });
const browser = { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("far-content-v1"));
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A browser's request to a fresh isolate; the answer read to the end, and when it ended. */
async function firstVisit(settings: Env, path: string) {
  freshIsolate();
  const context = createExecutionContext();
  const started = Date.now();
  const response = await worker.fetch(new Request(`${origin}${path}`, { headers: browser, redirect: "manual" }), settings, context);
  const html = await response.text();
  const ms = Date.now() - started;
  await waitOnExecutionContext(context);
  return { response, html, ms };
}

describe("a fresh isolate's first page when the catalogue is far", () => {
  it("is the page a warm isolate serves, with its cookies and the site's headers", async () => {
    const cold = await firstVisit(far, "/teachers");
    expect(cold.response.status).toBe(200);
    // the content's reads waited: this is the far path
    expect(cold.ms).toBeGreaterThanOrEqual(DELAY_MS);
    expect(title(cold.html)).toBe("Преподаватели — МИП");
    expect(cold.response.headers.getSetCookie().some((cookie) => cookie.startsWith("first_visit="))).toBe(true);
    expect(cold.response.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
    expect(cold.response.headers.get("Vary")).toBe("CF-IPCountry");
    expect(cold.response.headers.get("ETag")).toMatch(/^"[0-9a-f]{64}"$/);
  });

  it("answers an address that names nothing with a real 404, never a 200", async () => {
    const missing = await firstVisit(far, "/professions/net-takoj/programmy");
    expect(missing.response.status).toBe(404);
    expect(missing.ms).toBeGreaterThanOrEqual(DELAY_MS);
    expect(h1(missing.html)).toBeTruthy();
    expect(metaContent(missing.html, "robots")).toMatch(/^noindex/);
  });

  it("answers an old address with its redirect", async () => {
    const moved = await firstVisit(far, "/bachelors/psihologiya");
    expect(moved.response.status).toBe(301);
    expect(moved.response.headers.get("Location")).toBe("/bachelor/psihologiya");
  });
});

describe("CATALOGUE_READ_DELAY_MS", () => {
  it("is honoured in the local runtime alone: anywhere else it is ignored, and said so", () => {
    expect(config(far).CATALOGUE_READ_DELAY_MS).toBe(DELAY_MS);
    const error = vi.spyOn(log, "error");
    const production = settingsWith({ ENVIRONMENT: "production", CATALOGUE_READ_DELAY_MS: "300" });
    expect(config(production).CATALOGUE_READ_DELAY_MS).toBe(0);
    expect(error).toHaveBeenCalledWith("config.invalid", expect.objectContaining({ setting: "CATALOGUE_READ_DELAY_MS", effect: "no delay" }));
  });
});
