import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fakeSinkEnv } from "../tests/support/fake-third-parties";
import { DEFAULT_FAKES_PORT, describeReceipt, devFakesCaptcha, devFakesVars } from "./dev-fakes";
import { root } from "./lib/wrangler";

const receipt = (sink: string, method: string, path: string, body: unknown, query: Record<string, string> = {}) => ({ sink, method, path, body, query, headers: {}, at: 0 });

describe("what npm run dev:fakes prints for each request a fake receives", () => {
  it("names the sink and the lead, wherever the request carries its id", () => {
    expect(describeReceipt(receipt("genezis", "POST", "/genezis", { id: "lead-1" }))).toContain("lead lead-1");
    expect(describeReceipt(receipt("amocrm", "POST", "/amocrm/api/v4/leads/complex", [{ request_id: "lead-2" }]))).toContain("lead lead-2");
    expect(describeReceipt(receipt("admitad", "GET", "/admitad", undefined, { order_id: "lead-3" }))).toContain("lead lead-3");
    expect(describeReceipt(receipt("roistat", "GET", "/roistat", undefined, { "fields[lead_id]": "lead-4" }))).toContain("lead lead-4");
    expect(describeReceipt(receipt("oauth", "POST", "/amocrm/oauth2/access_token", { grant_type: "refresh_token" }))).not.toContain("lead");
  });

  it("prints an e-ticket's letter whole: to whom, its subject and its text", () => {
    const letter = { message: { recipients: [{ email: "vera@example.ru" }], subject: "Ваш билет: Тело и психика", body: { plaintext: "Здравствуйте!\nКод билета: o-1.abc", html: "" } } };
    const printed = describeReceipt(receipt("mail", "POST", "/mail/email/send.json", letter));
    expect(printed).toContain("to vera@example.ru: Ваш билет: Тело и психика");
    expect(printed).toContain("    Код билета: o-1.abc");
  });
});

describe(".dev.vars.example and npm run dev:fakes", () => {
  const example = readFileSync(join(root, ".dev.vars.example"), "utf8");
  /** Each setting the example names (commented out or not), with its whole line. */
  const lines = new Map(
    example
      .split("\n")
      .map((line) => [/^#?\s*([A-Z][A-Z0-9_]*)=/.exec(line)?.[1], line] as const)
      .filter((entry): entry is [string, string] => entry[0] !== undefined),
  );
  const fakes = `http://127.0.0.1:${DEFAULT_FAKES_PORT}`;
  const vars = { ...devFakesVars(fakes, "turnstile"), ...devFakesVars(fakes, "smartcaptcha") };

  it("names every setting dev:fakes and the tests' fakes set", () => {
    const missing = [...Object.keys(fakeSinkEnv(fakes)), ...Object.keys(vars)].filter((name) => !lines.has(name));
    expect(missing).toEqual([]);
  });

  it("points each address at the fakes where dev:fakes does, on the same port", () => {
    const atFakes = Object.entries(vars).filter(([, value]) => value.startsWith(`${fakes}/`));
    expect(atFakes.length).toBeGreaterThan(8);
    for (const [name, url] of atFakes) expect(lines.get(name), name).toContain(url);
    const local = [...example.matchAll(/http:\/\/127\.0\.0\.1:(\d+)(\/[^\s)]*)?/g)].filter(([, port]) => port !== "8787");
    expect(local.map(([url]) => url).filter((url) => !Object.values(vars).includes(url))).toEqual([]);
  });
});

describe("the captcha of npm run dev:fakes", () => {
  it("is SmartCaptcha with WITH_SMARTCAPTCHA, Turnstile with WITH_TURNSTILE, none otherwise; each checked at the fakes", () => {
    expect(devFakesCaptcha({ WITH_SMARTCAPTCHA: "1", WITH_TURNSTILE: "1" })).toBe("smartcaptcha");
    expect(devFakesCaptcha({ WITH_TURNSTILE: "1" })).toBe("turnstile");
    expect(devFakesCaptcha({})).toBeUndefined();
    const smart = devFakesVars("http://127.0.0.1:9180", "smartcaptcha");
    expect(smart).toMatchObject({ CAPTCHA_PROVIDER: "smartcaptcha", SMARTCAPTCHA_VERIFY_URL: "http://127.0.0.1:9180/smartcaptcha/validate" });
    expect(smart).not.toHaveProperty("TURNSTILE_SITE_KEY");
    expect(devFakesVars("http://127.0.0.1:9180")).not.toHaveProperty("CAPTCHA_PROVIDER");
  });
});
