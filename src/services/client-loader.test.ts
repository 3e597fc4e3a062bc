import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CLIENT_LOADER, CLIENT_LOADER_HASH } from "./client-loader";

describe("the client's loader", () => {
  it("is allowed by the hash of its exact text", () => {
    expect(CLIENT_LOADER_HASH).toBe(`'sha256-${createHash("sha256").update(CLIENT_LOADER, "utf8").digest("base64")}'`);
  });
});
