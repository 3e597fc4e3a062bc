import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultCatalogue } from "../support/content";
import { fakes, origin } from "./leads-helpers";
import { seedCatalogue } from "./seed";

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("tracking-v1"));
});

const setCookies = (response: Response) => response.headers.getSetCookie();
const cookie = (response: Response, name: string) => setCookies(response).find((line) => line.startsWith(`${name}=`));

describe("tracking cookies set by the server (spec 3, 4, 7, 9)", () => {
  it("keeps UTM parameters 90 days, and 120 for leadmagnet", async () => {
    const plain = await SELF.fetch(`${origin}/?utm_source=vk&utm_medium=social&utm_campaign=autumn&utm_content=a&utm_term=b`);
    const utm = cookie(plain, "utm")!;
    expect(utm).toContain("Max-Age=7776000");
    expect(utm).toContain("Path=/");
    expect(utm).toContain("SameSite=Lax");
    expect(JSON.parse(decodeURIComponent(utm.split(";")[0]!.slice(4)))).toEqual({
      utm_source: "vk",
      utm_medium: "social",
      utm_campaign: "autumn",
      utm_content: "a",
      utm_term: "b",
    });
    const leadmagnet = await SELF.fetch(`${origin}/?utm_source=leadmagnet`);
    expect(cookie(leadmagnet, "utm")).toContain(`Max-Age=${120 * 86400}`);
  });

  it("assigns the A/B variant once, for 18144000 s, with roistat_ab_submit=1", async () => {
    const first = await SELF.fetch(`${origin}/`);
    expect(cookie(first, "roistat_ab")).toMatch(/^roistat_ab=(hidden|visible); Max-Age=18144000; Path=\/; Secure; SameSite=Lax$/);
    expect(cookie(first, "roistat_ab_submit")).toBe("roistat_ab_submit=1; Max-Age=18144000; Path=/; Secure; SameSite=Lax");
    const again = await SELF.fetch(`${origin}/`, { headers: { Cookie: "roistat_ab=visible" } });
    expect(cookie(again, "roistat_ab")).toBeUndefined();
  });

  it("splits visitors about 90/10 between hidden and visible", async () => {
    const { assignVariant } = await import("../../src/services/tracking");
    let visible = 0;
    for (let i = 0; i < 10_000; i++) if (assignVariant(Math.random()) === "visible") visible++;
    expect(visible / 10_000).toBeGreaterThan(0.085);
    expect(visible / 10_000).toBeLessThan(0.115);
    expect(assignVariant(0.0999)).toBe("visible");
    expect(assignVariant(0.1)).toBe("hidden");
  });

  it("asks the affiliate network for a click id when the URL has 'a', and keeps it 90 days with the source", async () => {
    const response = await SELF.fetch(`${origin}/?a=777&o=9&sub1=x&utm_source=admitad`);
    expect(cookie(response, "click_id")).toBe("click_id=click-777; Max-Age=7776000; Path=/; HttpOnly; Secure; SameSite=Lax");
    expect(cookie(response, "click_source")).toBe("click_source=admitad; Max-Age=7776000; Path=/; HttpOnly; Secure; SameSite=Lax");
    const calls = (await (await fetch(`${fakes}/__received?sink=click&id=777`)).json()) as { query: Record<string, string> }[];
    expect(calls.at(-1)?.query).toEqual({ a: "777", o: "9", sub1: "x", return: "click_id" });
  });

  it("does not set tracking cookies on API answers", async () => {
    const response = await SELF.fetch(`${origin}/api/leads`, { method: "POST", headers: { "Content-Type": "application/json", Origin: origin }, body: "{" });
    expect(cookie(response, "roistat_ab")).toBeUndefined();
  });
});
