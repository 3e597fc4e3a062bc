import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SMARTCAPTCHA_TEST_KEYS as smart } from "../tests/support/fake-third-parties";
import { checkConfiguration, parseDotenv } from "./config-check";
import { root } from "./lib/wrangler";

/** The temporary folders of this file's secrets, removed when it ends. */
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A KEY=value file of secrets, as `wrangler secret bulk` takes it. */
function secretsFile(lines: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), "config-check-"));
  folders.push(folder);
  const file = join(folder, "secrets");
  writeFileSync(file, Object.entries(lines).map(([key, value]) => `${key}=${value}`).join("\n"));
  return file;
}

const goodSecrets = {
  OPS_TOKEN: "ops-token-for-config-check-0123",
  AMOCRM_CLIENT_ID: "client-id",
  AMOCRM_CLIENT_SECRET: "client-secret",
  AMOCRM_REDIRECT_URI: "https://mip.institute/amo",
  SIGNING_SECRET: "signing-secret-for-config-check-0123456789",
};

describe("npm run config:check", () => {
  it("reads KEY=value lines, skipping comments and blank lines and unquoting values", () => {
    expect(parseDotenv('# a comment\n\nA=1\n B = "two words" \nC=\'3\'\nnot a line\n')).toEqual({ A: "1", B: "two words", C: "3" });
  });

  it("passes the production environment of wrangler.toml with good secrets", () => {
    const { problems, unchecked } = checkConfiguration("production", { secretsFile: secretsFile(goodSecrets), environment: {} });
    expect(problems).toEqual([]);
    expect(unchecked.map((u) => u.setting)).not.toContain("OPS_TOKEN");
  });

  it("refuses an OPS_TOKEN shorter than 16 characters given with the secrets, never printing it", () => {
    const { problems } = checkConfiguration("production", { secretsFile: secretsFile({ ...goodSecrets, OPS_TOKEN: "short-token" }), environment: {} });
    expect(problems).toEqual([{ setting: "OPS_TOKEN", reason: "shorter than 16 characters", effect: "the feature is off" }]);
    expect(JSON.stringify(problems)).not.toContain("short-token");
  });

  it("reads the secrets of the environment a deploy runs in (CI), as well as the file", () => {
    const { problems } = checkConfiguration("production", { environment: { ...goodSecrets, OPS_TOKEN: "short-token", PATH: "/bin" } });
    expect(problems.map((p) => p.setting)).toEqual(["OPS_TOKEN"]);
  });

  it("refuses a MIRROR_ORIGINS that is not a list of origins, and passes one that is (decision 042)", () => {
    const bad = checkConfiguration("production", { secretsFile: secretsFile({ ...goodSecrets, MIRROR_ORIGINS: "https://ru.mip.institute/, *" }), environment: {} });
    expect(bad.problems).toEqual([expect.objectContaining({ setting: "MIRROR_ORIGINS", effect: "the feature is off" })]);
    const good = checkConfiguration("production", { secretsFile: secretsFile({ ...goodSecrets, MIRROR_ORIGINS: "https://mip.institute, https://ru.mip.institute" }), environment: {} });
    expect(good.problems).toEqual([]);
  });

  it("refuses a sink without its other half: ADMITAD_URL without its campaign code, ROISTAT_URL without ROISTAT_KEY", () => {
    const file = secretsFile({ ...goodSecrets, ADMITAD_URL: "https://ad.admitad.com/r", ADMITAD_POSTBACK_KEY: "key", ROISTAT_URL: "https://cloud.roistat.com/api/proxy/1.0/leads/add", ROISTAT_KEY: "" });
    const { problems } = checkConfiguration("production", { secretsFile: file, environment: {} });
    expect(problems.map((p) => [p.setting, p.effect])).toEqual([
      ["ADMITAD_CAMPAIGN_CODE", "the Admitad postback is off"],
      ["ROISTAT_KEY", "Roistat is off"],
    ]);
  });

  it("says which secrets it could not see instead of passing them as checked", () => {
    const { problems, unchecked } = checkConfiguration("production", { environment: {} });
    expect(problems).toEqual([]);
    expect(unchecked.map((u) => u.setting)).toEqual(expect.arrayContaining(["OPS_TOKEN", "AMOCRM_CLIENT_SECRET", "TURNSTILE_SECRET_KEY", "ROISTAT_KEY", "ADMITAD_POSTBACK_KEY"]));
    // a missing half that is a secret it cannot see is not checked either way: it may be set in Cloudflare
    const roistat = checkConfiguration("production", { secretsFile: secretsFile({ ROISTAT_URL: "https://cloud.roistat.com/api/proxy/1.0/leads/add" }), environment: {} });
    expect(roistat.problems).toEqual([]);
    expect(roistat.unchecked.find((u) => u.setting === "ROISTAT_KEY")?.reason).toContain("ROISTAT_URL needs ROISTAT_KEY");
  });

  it("prints a bad URL's scheme and host, never its path, query or credentials; checks AMOCRM_BASE_URL with the amoCRM client", () => {
    const file = secretsFile({ ...goodSecrets, CRM_WEBHOOK_URL: "ftp://user:pa55@hooks.example/genezis?key=s3cr3t", AMOCRM_BASE_URL: "https://mip.amocrm.ru", AMOCRM_CLIENT_SECRET: "" });
    const { problems } = checkConfiguration("production", { secretsFile: file, environment: {} });
    expect(problems.map((p) => [p.setting, p.effect])).toEqual([
      ["CRM_WEBHOOK_URL", "the feature is off"],
      ["AMOCRM_CLIENT_SECRET", "amoCRM is off"],
    ]);
    expect(problems[0]!.reason).toMatch(/\(ftp:\/\/hooks\.example\)$/);
    expect(JSON.stringify(problems)).not.toMatch(/pa55|s3cr3t|genezis|user/);
  });

  it("names SIGNING_SECRET among the secrets it could not see, with what a deployment goes without", () => {
    const { SIGNING_SECRET: _, ...withoutIt } = goodSecrets;
    const { problems, unchecked } = checkConfiguration("production", { secretsFile: secretsFile(withoutIt), environment: {} });
    expect(problems).toEqual([]);
    expect(unchecked.find((u) => u.setting === "SIGNING_SECRET")?.reason).toContain("the visit evidence (LEAD_MIN_FILL_MS), the fortune wheel");
    const short = checkConfiguration("production", { secretsFile: secretsFile({ ...goodSecrets, SIGNING_SECRET: "short" }), environment: {} });
    expect(short.problems.map((p) => p.setting)).toContain("SIGNING_SECRET");
    // the local runtime signs with its own default: nothing to say
    expect(checkConfiguration("local", { environment: {} }).problems.map((p) => p.setting)).not.toContain("SIGNING_SECRET");
  });

  it("knows the captcha's pairs: a provider chosen without its keys, a key without its pair, a provider that is neither (decision 045)", () => {
    const check = (lines: Record<string, string>) => checkConfiguration("production", { secretsFile: secretsFile({ ...goodSecrets, ...lines }), environment: {} }).problems.map((p) => [p.setting, p.effect]);
    expect(check({ CAPTCHA_PROVIDER: "smartcaptcha", SMARTCAPTCHA_CLIENT_KEY: smart.clientKey, SMARTCAPTCHA_SERVER_KEY: smart.serverKeyPasses })).toEqual([]);
    expect(check({ CAPTCHA_PROVIDER: "smartcaptcha", SMARTCAPTCHA_SERVER_KEY: "" })).toEqual([
      ["SMARTCAPTCHA_CLIENT_KEY", "the captcha is off"],
      ["SMARTCAPTCHA_SERVER_KEY", "the captcha is off"],
    ]);
    expect(check({ CAPTCHA_PROVIDER: "smartcaptcha", SMARTCAPTCHA_CLIENT_KEY: smart.clientKey, SMARTCAPTCHA_SERVER_KEY: "" })).toEqual([["SMARTCAPTCHA_SERVER_KEY", "SmartCaptcha is off"]]);
    expect(check({ SMARTCAPTCHA_SERVER_KEY: smart.serverKeyPasses })).toEqual([["SMARTCAPTCHA_CLIENT_KEY", "SmartCaptcha is off"]]);
    expect(check({ CAPTCHA_PROVIDER: "turnstile", TURNSTILE_SECRET_KEY: "" })).toEqual([
      ["TURNSTILE_SITE_KEY", "the captcha is off"],
      ["TURNSTILE_SECRET_KEY", "the captcha is off"],
    ]);
    expect(check({ CAPTCHA_PROVIDER: "recaptcha", TURNSTILE_SITE_KEY: "1x00000000000000000000AA", TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA" })).toEqual([
      ["CAPTCHA_PROVIDER", "the feature is off"],
    ]);
    expect(check({ UNVERIFIED_LEAD_RATE_LIMIT: "many" })).toEqual([["UNVERIFIED_LEAD_RATE_LIMIT", "the default 10 is used"]]);
    // the server key is a secret a deploy may not see: named as not checked, not as a problem
    const unseen = checkConfiguration("production", { secretsFile: secretsFile({ ...goodSecrets, CAPTCHA_PROVIDER: "smartcaptcha", SMARTCAPTCHA_CLIENT_KEY: smart.clientKey }), environment: {} });
    expect(unseen.problems).toEqual([]);
    expect(unseen.unchecked.find((u) => u.setting === "SMARTCAPTCHA_SERVER_KEY")?.reason).toContain("SmartCaptcha needs both keys");
  });

  it("refuses a deployed environment without https or with the wrong ENVIRONMENT", () => {
    const { problems } = checkConfiguration("production", { secretsFile: secretsFile({ ...goodSecrets, SITE_URL: "http://mip.institute", ENVIRONMENT: "dev" }), environment: {} });
    expect(problems.map((p) => p.setting)).toEqual(["SITE_URL", "ENVIRONMENT"]);
  });

  it("refuses a limit that is blank or not a plain whole number, naming it and the default it keeps (issue 40 point 9)", () => {
    const file = secretsFile({ ...goodSecrets, LEAD_RATE_LIMIT: '" "', TICKETS_PER_GROUP: "", TICKET_RATE_LIMIT: "0x14", LEAD_MIN_FILL_MS: "1e3", SPIN_RATE_LIMIT: "0", TICKET_HOLD_MINUTES: "0.5" });
    const { problems } = checkConfiguration("production", { secretsFile: file, environment: {} });
    expect(problems.map((p) => [p.setting, p.effect]).sort()).toEqual([
      ["LEAD_MIN_FILL_MS", "the default 3000 is used"],
      ["LEAD_RATE_LIMIT", "the default 5 is used"],
      ["TICKETS_PER_GROUP", "the default 10 is used"],
      ["TICKET_RATE_LIMIT", "the default 20 is used"],
    ]);
  });

  it("prints each refused limit and exits non-zero; a valid configuration exits 0", () => {
    const run = (lines: Record<string, string>) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/config-check.ts", "--env", "production", "--secrets", secretsFile(lines)], { cwd: root, encoding: "utf8", env: onlyPath() });
    const bad = run({ ...goodSecrets, LEAD_RATE_LIMIT: '" "', TICKETS_PER_GROUP: "" });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("the production configuration has 2 problem(s)");
    expect(bad.stderr).toMatch(/LEAD_RATE_LIMIT: not a whole number from 0 to 100000 in plain digits; the default 5 is used/);
    expect(bad.stderr).toMatch(/TICKETS_PER_GROUP: not a whole number from 0 to 100000 in plain digits; the default 10 is used/);
    expect(bad.stderr).not.toContain(goodSecrets.OPS_TOKEN);
    const good = run(goodSecrets);
    expect(good.stdout).toContain("the production configuration is valid");
    expect(good.status).toBe(0);
  }, 120_000);
});

/**
 * An environment with nothing of the project's settings in it: `wrangler types` declares the
 * Worker's vars on every process.env, which a bare child process has not.
 */
function onlyPath(): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = { PATH: process.env.PATH };
  return env as unknown as NodeJS.ProcessEnv;
}
