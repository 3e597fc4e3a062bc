/**
 * The low-vision version as a browser's cache sees it (issue 42): its pages are the visitor's own
 * and differ by the cookie, so a browser that keeps pages (Firefox reused them, with no
 * Cache-Control, without asking) must ask again before showing one, and the version comes back
 * off with the switch.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultCatalogue } from "../support/content";
import { seedCatalogue } from "./seed";

const origin = "https://mip.institute";
const lowVision = { Cookie: "low_vision=3w10" };

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("low-vision-headers"));
});

describe("a page in the low-vision version", () => {
  it.each(["/", "/contacts", "/teachers"])("%s is never reused by the browser without asking, and says it differs by the cookie", async (path) => {
    const answer = await SELF.fetch(`${origin}${path}`, { headers: lowVision });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("lv-panel");
    const control = answer.headers.get("cache-control") ?? "";
    expect(control).toMatch(/\bno-cache\b|\bno-store\b/);
    expect(control).toContain("private");
    expect(answer.headers.get("vary") ?? "").toMatch(/\bcookie\b/i);
  });

  it("the ordinary page asked with the version's validator comes back whole, not as the low-vision page's 304", async () => {
    const kept = await SELF.fetch(`${origin}/contacts`, { headers: lowVision });
    const etag = kept.headers.get("etag");
    await kept.arrayBuffer();
    expect(etag).toBeTruthy();
    const ordinary = await SELF.fetch(`${origin}/contacts`, { headers: { "If-None-Match": etag! } });
    expect(ordinary.status).toBe(200);
    expect(await ordinary.text()).not.toContain("lv-panel");
    expect(ordinary.headers.get("cache-control")).toContain("must-revalidate");
  });
});
