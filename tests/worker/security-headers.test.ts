/**
 * What every answer of the Worker tells the browser about itself (docs/security.md): pages,
 * errors, the JSON API, ops' refusals and what a write answers all carry the same headers.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultCatalogue } from "../support/content";
import { origin } from "./leads-helpers";
import { seedCatalogue } from "./seed";

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("security-headers-v1"));
});

const expected = {
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "cross-origin-opener-policy": "same-origin",
  "x-frame-options": "DENY",
};

const answers: [string, () => Promise<Response>][] = [
  ["a page", () => SELF.fetch(`${origin}/contacts`)],
  ["a 404", () => SELF.fetch(`${origin}/no-such-page`)],
  ["the JSON API", () => SELF.fetch(`${origin}/api/search/browser`)],
  ["ops without a token", () => SELF.fetch(`${origin}/ops/leads`)],
  ["a write refused", () => SELF.fetch(`${origin}/api/leads`, { method: "POST", headers: { "Content-Type": "application/json", Origin: origin }, body: "{}" })],
  ["a redirect", () => SELF.fetch(`${origin}/programs/`, { redirect: "manual" })],
];

describe("every answer of the Worker", () => {
  it.each(answers)("%s carries the security headers and a policy of its own", async (_, fetch) => {
    const response = await fetch();
    await response.arrayBuffer();
    for (const [name, value] of Object.entries(expected)) expect(response.headers.get(name), name).toBe(value);
    expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    // nothing keeps a page from the mirror's origins (decision 042), and no header says what runs the site
    expect(response.headers.get("cross-origin-resource-policy")).toBeNull();
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  it("a page's policy allows its template's inlined CSS by hash; an answer that is not a page none", async () => {
    const page = await SELF.fetch(`${origin}/contacts`);
    await page.text();
    expect(page.headers.get("content-security-policy")).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    const api = await SELF.fetch(`${origin}/api/search/browser`);
    await api.arrayBuffer();
    expect(api.headers.get("content-security-policy")).toContain("style-src 'self';");
  });
});
