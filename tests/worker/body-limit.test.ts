/**
 * A body over 16 KB is refused with 413, and a deployed Worker never reads such a body to its end:
 * a declared length over the limit is refused unread, a chunked body as soon as it passes the
 * limit. Only the local runtime reads the rest first (decision 065: its HTTP server resets a
 * connection answered mid-upload; tests/http/body-limit.test.ts drives it over HTTP).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { refusals } from "../../src/services/leads/messages";
import { defaultCatalogue } from "../support/content";
import { origin, uniqueId } from "./leads-helpers";
import { seedCatalogue } from "./seed";
import { fetchWith, settingsWith } from "./with-settings";

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("body-limit-v1"));
});

const LIMIT = 16 * 1024;
const TOTAL = 4 * 1024 * 1024;

/** A 4 MB upload in 16 KB pieces that counts what the Worker pulled of it. */
function upload() {
  const piece = new Uint8Array(LIMIT).fill(97);
  const counted = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counted.pulled >= TOTAL) return controller.close();
      counted.pulled += piece.byteLength;
      controller.enqueue(piece);
    },
  });
  return { body, counted };
}

const post = async (environment: Record<string, string>, declared: boolean) => {
  const { body, counted } = upload();
  const headers: Record<string, string> = { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": uniqueId("ip") };
  if (declared) headers["Content-Length"] = String(TOTAL);
  const response = await fetchWith(settingsWith(environment), "/api/leads", { method: "POST", headers, body, duplex: "half" } as RequestInit);
  return { response, counted };
};

describe("a body over 16 KB", () => {
  it.each([
    ["with its length declared", true],
    ["chunked", false],
  ])("%s: 413 in a deployment, read no further than the limit", async (_, declared) => {
    const { response, counted } = await post({ ENVIRONMENT: "production", SIGNING_SECRET: "s".repeat(40) }, declared);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ ok: false, message: refusals.tooLarge });
    expect(counted.pulled).toBeLessThanOrEqual(declared ? 2 * LIMIT : 4 * LIMIT);
  });

  it.each([
    ["with its length declared", true],
    ["chunked", false],
  ])("%s: 413 in the local runtime, which reads the upload to its end first", async (_, declared) => {
    const { response, counted } = await post({}, declared);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ ok: false, message: refusals.tooLarge });
    expect(counted.pulled).toBe(TOTAL);
  });

  it("a body within the limit is read as usual", async () => {
    const response = await fetchWith(settingsWith({ ENVIRONMENT: "production", SIGNING_SECRET: "s".repeat(40) }), "/api/leads", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": uniqueId("ip") },
      body: JSON.stringify({ name: "x".repeat(LIMIT - 100) }),
    });
    expect(response.status).toBe(400);
  });
});
