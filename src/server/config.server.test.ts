import { describe, expect, it } from "vitest";
import { fakeSinkEnv, SMARTCAPTCHA_TEST_KEYS } from "../../tests/support/fake-third-parties";
import type { LeadRecord } from "../services/leads/record";
import { partner, roistat } from "../services/leads/sinks/webhooks.server";
import { amocrm } from "../services/leads/sinks/amocrm.server";
import { mailTicket } from "../services/leads/sinks/mail.server";
import { readSettings } from "./config.server";
import { captchaOf } from "./intake/captcha.settings";
import { LOCAL_SIGNING_SECRET, signingSecret, UNSIGNED_EFFECT } from "./signing.settings";

const sinkEnv = fakeSinkEnv("http://127.0.0.1:9");
const lead: LeadRecord = {
  id: "lead-settings-1",
  kind: "lead",
  receivedAt: 0,
  name: "Анна",
  phone: "+79123456789",
  utm: { utm_source: "admitad" },
  roistatAB: "hidden",
  consent: { personalData: null, news: null, variant: "hidden" },
};
const unreachable = async (): Promise<Response> => {
  throw new Error("a sink that is off sends nothing");
};

describe("settings that need each other", () => {
  it("switch the Admitad postback off when ADMITAD_URL has no campaign code or postback key, naming each missing setting", async () => {
    for (const missing of ["ADMITAD_CAMPAIGN_CODE", "ADMITAD_POSTBACK_KEY"] as const) {
      const { config, problems } = readSettings({ ...sinkEnv, [missing]: undefined });
      expect(config.ADMITAD_URL).toBeUndefined();
      expect(problems).toEqual([{ setting: missing, reason: "ADMITAD_URL needs ADMITAD_CAMPAIGN_CODE and ADMITAD_POSTBACK_KEY; this one is not set", effect: "the Admitad postback is off", absent: true }]);
      expect(await partner.send(lead, { config, fetch: unreachable, crmAccessToken: async () => "" })).toEqual({ status: "skipped", detail: "partner admitad: no endpoint configured" });
    }
  });

  it("switch Roistat off when ROISTAT_URL has no ROISTAT_KEY", async () => {
    const { config, problems } = readSettings({ ...sinkEnv, ROISTAT_KEY: "" });
    expect(config.ROISTAT_URL).toBeUndefined();
    expect(problems).toEqual([{ setting: "ROISTAT_KEY", reason: "ROISTAT_URL needs ROISTAT_KEY; it is not set", effect: "Roistat is off", absent: true }]);
    expect(await roistat.send(lead, { config, fetch: unreachable, crmAccessToken: async () => "" })).toEqual({ status: "skipped", detail: "roistat: no endpoint configured" });
  });

  it("are no problem when both halves are set, or neither", () => {
    expect(readSettings(sinkEnv).problems).toEqual([]);
    expect(readSettings({}).problems).toEqual([]);
    expect(readSettings({ ROISTAT_KEY: "k", ADMITAD_POSTBACK_KEY: "k" }).problems).toEqual([]);
  });
});

describe("amoCRM's address and its client (decision 053)", () => {
  it("switch amoCRM off when AMOCRM_BASE_URL has no client id or secret, naming each missing setting", async () => {
    for (const missing of ["AMOCRM_CLIENT_ID", "AMOCRM_CLIENT_SECRET"] as const) {
      const { config, problems } = readSettings({ ...sinkEnv, [missing]: "" });
      expect(config.AMOCRM_BASE_URL).toBeUndefined();
      expect(problems).toEqual([{ setting: missing, reason: "AMOCRM_BASE_URL needs AMOCRM_CLIENT_ID and AMOCRM_CLIENT_SECRET; this one is not set", effect: "amoCRM is off", absent: true }]);
      expect(await amocrm.send({ ...lead }, { config, fetch: unreachable, crmAccessToken: async () => "" })).toEqual({ status: "skipped", detail: "amocrm: no endpoint configured" });
    }
  });
});

describe("the mail API of the e-tickets (issue 40)", () => {
  it("is off when MAIL_API_URL has no key or sender, naming each missing setting, and a paid order's letter is then skipped, not sent keyless", async () => {
    const order: LeadRecord = { ...lead, kind: "ticket", email: "anna@example.ru", ticket: { seminar_id: "s", seminar_title: "Семинар", tickets: 1, date: 0, seminar_tickets_quantity: 10, paidAt: 1 } };
    for (const missing of ["MAIL_API_KEY", "MAIL_FROM_EMAIL"] as const) {
      const { config, problems } = readSettings({ ...sinkEnv, [missing]: "" });
      expect(config.MAIL_API_URL).toBeUndefined();
      expect(problems).toEqual([
        { setting: missing, reason: "MAIL_API_URL needs MAIL_API_KEY and MAIL_FROM_EMAIL; this one is not set", effect: "the e-ticket by mail is off (the order's page still shows it), and a free seminar's registration is not confirmed by e-mail: it holds its seats until the seminar (decision 093)", absent: true },
      ]);
      expect(await mailTicket.send(order, { config, fetch: unreachable, crmAccessToken: async () => "" })).toEqual({ status: "skipped", detail: "mail: no endpoint configured" });
    }
  });

  it("refuses a sender that is not an address, and names only the setting", () => {
    const { config, problems } = readSettings({ ...sinkEnv, MAIL_FROM_EMAIL: "tickets at mip" });
    expect(config.MAIL_API_URL).toBeUndefined();
    expect(problems.map((problem) => problem.setting)).toContain("MAIL_FROM_EMAIL");
    expect(JSON.stringify(problems)).not.toContain("tickets at mip");
  });
});

describe("a bad setting is named with its reason, never its value (decision 053)", () => {
  it("shows at most a URL's scheme and host: never its path, query or credentials", () => {
    const secrets = ["hunter2", "s3cr3t-key", "token=abc", "p%40ss"];
    for (const [value, shown] of [
      ["ftp://user:hunter2@crm.example/hook?key=s3cr3t-key", " (ftp://crm.example)"],
      ["https://user:p%40ss@crm.example:99999/hook?token=abc#frag", " (https://)"],
      ["javascript://crm.example/%0aalert(1)?s3cr3t-key", " (javascript://crm.example)"],
      ["crm.example/hook?key=s3cr3t-key", ""],
      ["http://", " (http://)"],
    ] as const) {
      const { problems } = readSettings({ CRM_WEBHOOK_URL: value });
      expect(problems, value).toHaveLength(1);
      expect(problems[0]!.setting).toBe("CRM_WEBHOOK_URL");
      expect(problems[0]!.reason.endsWith(shown), problems[0]!.reason).toBe(true);
      for (const secret of secrets) expect(JSON.stringify(problems)).not.toContain(secret);
    }
  });

  it("shows nothing of a value that is not a URL, a secret put under another name included", () => {
    const { problems } = readSettings({ LEAD_RATE_LIMIT: "sk_live_0123456789abcdef", YM_COUNTER_ID: "sk_live_0123456789abcdef" });
    expect(problems.map((p) => p.setting).sort()).toEqual(["LEAD_RATE_LIMIT", "YM_COUNTER_ID"]);
    expect(JSON.stringify(problems)).not.toContain("sk_live");
  });
});

describe("the signing secret (decision 054)", () => {
  it("is SIGNING_SECRET, or in the local runtime alone a known default; a deployment without one is told what is off", () => {
    expect(signingSecret(readSettings({ SIGNING_SECRET: "x".repeat(32) }).config)).toBe("x".repeat(32));
    expect(signingSecret(readSettings({}).config)).toBe(LOCAL_SIGNING_SECRET);
    const deployed = readSettings({ ENVIRONMENT: "production", SITE_URL: "https://mip.institute" });
    expect(signingSecret(deployed.config)).toBeNull();
    expect(deployed.problems).toEqual([{ setting: "SIGNING_SECRET", reason: 'a deployed site signs with its own secret; it is not set in "production"', effect: UNSIGNED_EFFECT, absent: true }]);
    const short = readSettings({ ENVIRONMENT: "production", SIGNING_SECRET: "too-short" });
    expect(short.problems.map((p) => [p.setting, p.reason])).toEqual([
      ["SIGNING_SECRET", "shorter than 32 characters"],
      ["SIGNING_SECRET", 'a deployed site signs with its own secret; it is not set in "production"'],
    ]);
    expect(JSON.stringify(short.problems)).not.toContain("too-short");
  });
});

describe("the captcha's settings (decision 045)", () => {
  const turnstile = { TURNSTILE_SITE_KEY: "1x00000000000000000000AA", TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA" };
  const smart = { SMARTCAPTCHA_CLIENT_KEY: SMARTCAPTCHA_TEST_KEYS.clientKey, SMARTCAPTCHA_SERVER_KEY: SMARTCAPTCHA_TEST_KEYS.serverKeyPasses };

  it("runs ALTCHA by default, Turnstile when its keys are set, SmartCaptcha when chosen, each with its own keys and check", () => {
    expect(captchaOf(readSettings({ ...turnstile, ...smart }).config)).toEqual({
      provider: "turnstile",
      siteKey: turnstile.TURNSTILE_SITE_KEY,
      secret: turnstile.TURNSTILE_SECRET_KEY,
      verifyUrl: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
    });
    const { config, problems } = readSettings({ ...turnstile, ...smart, CAPTCHA_PROVIDER: "smartcaptcha" });
    expect(problems).toEqual([]);
    expect(captchaOf(config)).toEqual({ provider: "smartcaptcha", siteKey: smart.SMARTCAPTCHA_CLIENT_KEY, secret: smart.SMARTCAPTCHA_SERVER_KEY, verifyUrl: "https://smartcaptcha.yandexcloud.net/validate" });
    // no provider and no Turnstile keys: the site's own ALTCHA, on with the signing secret (decision 092); none without it
    expect(captchaOf(readSettings({}).config)).toEqual({ provider: "altcha" });
    expect(captchaOf(readSettings({ ENVIRONMENT: "production" }).config)).toBeNull();
    expect(captchaOf(readSettings({ ENVIRONMENT: "production", SIGNING_SECRET: "a-signing-secret-of-thirty-two-characters" }).config)).toEqual({ provider: "altcha" });
    expect(captchaOf(readSettings({ ENVIRONMENT: "local", ...turnstile }).config)).toMatchObject({ provider: "turnstile" });
    expect(captchaOf(readSettings({ ENVIRONMENT: "local", CAPTCHA_PROVIDER: "off" }).config)).toBeNull();
    expect(readSettings({}).config.UNVERIFIED_LEAD_RATE_LIMIT).toBe(10);
  });

  it("switches the captcha off for a provider that is neither, whatever keys are set, and names it", () => {
    const { config, problems } = readSettings({ ...turnstile, ...smart, CAPTCHA_PROVIDER: "hcaptcha" });
    expect(captchaOf(config)).toBeNull();
    expect(problems.map((p) => [p.setting, p.effect])).toEqual([["CAPTCHA_PROVIDER", "the feature is off"]]);
  });

  it("names a chosen provider's missing keys and a key without its pair", () => {
    expect(readSettings({ ...turnstile, CAPTCHA_PROVIDER: "smartcaptcha" }).problems.map((p) => p.setting)).toEqual(["SMARTCAPTCHA_CLIENT_KEY", "SMARTCAPTCHA_SERVER_KEY"]);
    expect(readSettings({ SMARTCAPTCHA_CLIENT_KEY: smart.SMARTCAPTCHA_CLIENT_KEY }).problems).toEqual([
      { setting: "SMARTCAPTCHA_SERVER_KEY", reason: "SmartCaptcha needs both keys; one is set without the other", effect: "SmartCaptcha is off", absent: true },
    ]);
  });
});

describe("a number is what it says or it is refused (issue 40 point 9)", () => {
  const limits = ["LEAD_RATE_LIMIT", "LEAD_MIN_FILL_MS", "TICKETS_PER_GROUP", "TICKET_RATE_LIMIT", "SPIN_RATE_LIMIT", "UNVERIFIED_LEAD_RATE_LIMIT"] as const;
  const defaults = readSettings({}).config;

  it.each(limits)("%s: blank, whitespace or anything but plain decimal digits keeps the default and is named, never read as 0", (name) => {
    for (const value of ["", " ", "\t", "0x14", "0b10100", "0o24", "1e3", " 5", "5 ", "5.0", "-1", "+5", "5,0", "٥", "Infinity", "20 seats"]) {
      const { config, problems } = readSettings({ [name]: value });
      expect(config[name], JSON.stringify(value)).toBe(defaults[name]);
      expect(problems, JSON.stringify(value)).toEqual([{ setting: name, reason: expect.stringMatching(/^not a whole number from 0 to \d+ in plain digits$/), effect: `the default ${defaults[name]} is used` }]);
    }
    expect(defaults[name]).toBeGreaterThan(0);
  });

  it.each(limits)("%s: 0 switches it off, and plain digits are the number they say", (name) => {
    expect(readSettings({ [name]: "0" })).toEqual({ config: expect.objectContaining({ [name]: 0 }), problems: [] });
    expect(readSettings({ [name]: "20" }).config[name]).toBe(20);
    expect(readSettings({ [name]: "020" }).config[name]).toBe(20);
  });

  it("every whole-number setting refuses the same, within its own bounds", () => {
    for (const name of ["OUTBOX_RETRY_BASE_MS", "OUTBOX_MAX_ATTEMPTS", "LEAD_RETENTION_HOURS", "SINK_TIMEOUT_MS", "TICKETS_PER_ORDER", "TICKETS_PER_PHONE", "CATALOGUE_READ_DELAY_MS"] as const) {
      for (const value of [" ", "1e3", "0x10", "5.5"]) {
        const { config, problems } = readSettings({ [name]: value });
        expect(config[name], `${name}=${value}`).toBe(defaults[name]);
        expect(problems.map((p) => p.setting)).toEqual([name]);
      }
    }
    // a setting whose least is 1 has no "off": 0 is refused too
    expect(readSettings({ TICKETS_PER_ORDER: "0" }).problems).toEqual([{ setting: "TICKETS_PER_ORDER", reason: "not a whole number from 1 to 100 in plain digits", effect: "the default 5 is used" }]);
  });

  it("TICKET_HOLD_MINUTES takes a plain decimal such as 0.5 and refuses the rest the same way", () => {
    expect(readSettings({ TICKET_HOLD_MINUTES: "0.5" })).toEqual({ config: expect.objectContaining({ TICKET_HOLD_MINUTES: 0.5 }), problems: [] });
    expect(readSettings({ TICKET_HOLD_MINUTES: "15" }).config.TICKET_HOLD_MINUTES).toBe(15);
    for (const value of ["", " ", ".5", "0.5 ", "1e1", "0x10", "-1", "1,5", "0"]) {
      const { config, problems } = readSettings({ TICKET_HOLD_MINUTES: value });
      expect(config.TICKET_HOLD_MINUTES, JSON.stringify(value)).toBe(1440);
      expect(problems.map((p) => [p.setting, p.effect])).toEqual([["TICKET_HOLD_MINUTES", "the default 1440 is used"]]);
    }
  });

  it("a number given as a number (a var written unquoted in wrangler.toml) is taken as it is", () => {
    expect(readSettings({ LEAD_RATE_LIMIT: 7, TICKET_HOLD_MINUTES: 0.5 }).config).toMatchObject({ LEAD_RATE_LIMIT: 7, TICKET_HOLD_MINUTES: 0.5 });
    expect(readSettings({ LEAD_RATE_LIMIT: 7.5 }).problems.map((p) => p.setting)).toEqual(["LEAD_RATE_LIMIT"]);
  });

  it("an empty string still means 'not set' for a setting that is not a number", () => {
    expect(readSettings({ CRM_WEBHOOK_URL: "", YM_COUNTER_ID: "", MIRROR_ORIGINS: "" }).problems).toEqual([]);
  });
});
