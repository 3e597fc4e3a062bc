import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { manifest } from "../../src/render/assets";

const origin = "https://mip.institute";
const asset = (path: string) => env.ASSETS.fetch(new Request(`${origin}${path}`));

/** Static files never pass through the Worker: their headers come from public/_headers. */
describe("static files", () => {
  it("send X-Content-Type-Options once, as the one valid value nosniff", async () => {
    for (const path of [manifest.entry, manifest.css, "/favicon.svg", "/images/og-default.png", "/docs/pdf/offer.pdf"]) {
      const response = await asset(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });

  it("keep the built client assets immutable for a year", async () => {
    const response = await asset(manifest.entry);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it.each(["/favicon.svg", "/images/logo.svg", "/docs/pdf/offer.pdf"])("give %s a policy that lets it run no script", async (path) => {
    const response = await asset(path);
    expect(response.status).toBe(200);
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/^default-src 'none'/);
    expect(policy).not.toMatch(/script-src/);
  });
});
