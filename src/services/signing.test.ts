import { describe, expect, it } from "vitest";
import { hex } from "./digest";
import { hmacKey, keyedDigest, purposeKeyBytes, signText, verifyText } from "./signing";

describe("the one HMAC helper (decision 054)", () => {
  it("derives a key of its own for each purpose, the same from the same secret", async () => {
    const secret = "s".repeat(40);
    const visit = await purposeKeyBytes(secret, "visit");
    expect(visit).toHaveLength(32);
    expect(hex(await purposeKeyBytes(secret, "visit"))).toBe(hex(visit));
    expect(hex(await purposeKeyBytes(secret, "wheel"))).not.toBe(hex(visit));
    expect(hex(await purposeKeyBytes("t".repeat(40), "visit"))).not.toBe(hex(visit));
  });

  it("verifies what it signed, under that purpose's key and for that message only", async () => {
    const secret = "s".repeat(40);
    const wheel = await hmacKey(await purposeKeyBytes(secret, "wheel"));
    const visit = await hmacKey(await purposeKeyBytes(secret, "visit"));
    const signature = await signText(wheel, "wheel:abc.1.1767225600000");
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await verifyText(wheel, "wheel:abc.1.1767225600000", signature)).toBe(true);
    expect(await verifyText(wheel, "wheel:abc.6.1767225600000", signature)).toBe(false);
    expect(await verifyText(visit, "wheel:abc.1.1767225600000", signature)).toBe(false);
    for (const bad of ["", "x", `${signature}A`, signature.replace(/^./, (c) => (c === "A" ? "B" : "A"))]) expect(await verifyText(wheel, "wheel:abc.1.1767225600000", bad)).toBe(false);
  });

  it("counts a value by a keyed digest that says nothing of it without the key", async () => {
    const key = await hmacKey(await purposeKeyBytes("s".repeat(40), "holder"));
    const other = await hmacKey(await purposeKeyBytes("t".repeat(40), "holder"));
    const digest = await keyedDigest(key, "phone:+79123456789");
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(await keyedDigest(key, "phone:+79123456789")).toBe(digest);
    expect(await keyedDigest(other, "phone:+79123456789")).not.toBe(digest);
    const plain = hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode("phone:+79123456789")));
    expect(digest).not.toBe(plain);
  });
});
